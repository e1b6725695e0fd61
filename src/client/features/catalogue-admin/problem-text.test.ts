import { beforeAll, describe, expect, it } from 'vitest';
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import { i18n, initI18n } from '../../lib/i18n';
import { problemPlace, problemText } from './problem-text';

const problem = (overrides: Partial<PackageProblem>): PackageProblem => ({
  file: 'fish.json',
  item_id: 12,
  field: 'data.maps.0',
  code: 'unknown-map',
  params: { map: 99 },
  message: 'fish.json, item 12, data.maps.0: map 99 is not in maps.json',
  ...overrides,
});

beforeAll(async () => {
  await initI18n('zh');
  await i18n.loadNamespaces('catalogue-admin');
});

describe('problemText', () => {
  const t = () => i18n.getFixedT('zh', 'catalogue-admin');

  it('words a known code with its params in the page language', () => {
    expect(problemText(t(), problem({}))).toBe('地图 99 不在 maps.json 中');
    expect(problemPlace(t(), problem({}))).toBe('条目 12 · 字段 data.maps.0');
  });

  it("falls back to the server's message for an unknown code or missing params", () => {
    expect(problemText(t(), problem({ code: 'future-code' }))).toBe(problem({}).message);
    expect(problemText(t(), problem({ params: {} }))).toBe(problem({}).message);
  });

  it('says nothing of the place for a problem of the whole file', () => {
    expect(problemPlace(t(), problem({ item_id: null, field: null }))).toBe('');
  });
});
