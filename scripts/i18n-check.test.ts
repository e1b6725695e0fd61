import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLocales, flatten } from './i18n-check';

let dir: string | null = null;

function write(files: Record<string, unknown>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('i18n check', () => {
  it('flattens nested keys', () => {
    expect([...flatten({ a: { b: 'x', c: { d: 'y' } }, e: 'z' }).keys()]).toEqual(['a.b', 'a.c.d', 'e']);
  });

  it('passes complete translations', () => {
    const ns = { title: 'T', nav: { home: 'H' } };
    expect(checkLocales(write({ 'zh/common.json': ns, 'en/common.json': ns, 'ja/common.json': ns }))).toEqual([]);
  });

  it('reports keys missing in either direction, empty texts and missing files', () => {
    const problems = checkLocales(
      write({
        'zh/common.json': { title: '标题', nav: { home: '首页' } },
        'en/common.json': { title: 'Title', nav: { home: 'Home', extra: 'Extra' } },
        'ja/common.json': { title: ' ', nav: {} },
        'zh/baits.json': { title: '鱼饵' },
      }),
    );
    expect(problems).toEqual([
      'en/baits.json: file is missing',
      'ja/baits.json: file is missing',
      'zh/common.json: missing "nav.extra" (present in en)',
      'ja/common.json: missing "nav.extra" (present in en)',
      'ja/common.json: missing "nav.home" (present in zh, en)',
      'ja/common.json: "title" is empty',
    ]);
  });

  it('reports a text that names other placeholders than the same text in Chinese', () => {
    const problems = checkLocales(
      write({
        'zh/common.json': { total: '共 {{count}} 条', when: '{{date}} {{time}}', plain: '鱼' },
        'en/common.json': { total: '{{count}} records', when: '{{time}}, {{date, short}}', plain: 'Fish' },
        'ja/common.json': { total: '{{n}} 件', when: '{{date}}', plain: '{{fish}}' },
      }),
    );
    expect(problems).toEqual([
      'ja/common.json: "plain" names {{fish}} where zh names {{}}',
      'ja/common.json: "total" names {{n}} where zh names {{count}}',
      'ja/common.json: "when" names {{date}} where zh names {{date, time}}',
    ]);
  });

  it('reports invalid JSON', () => {
    const problems = checkLocales(write({ 'zh/common.json': '{', 'en/common.json': {}, 'ja/common.json': {} }));
    expect(problems[0]).toMatch(/^zh\/common\.json: not valid JSON/);
  });

  it('passes on the real translations', () => {
    expect(checkLocales()).toEqual([]);
  });
});
