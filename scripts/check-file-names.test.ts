import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileNameProblems, isKebabName } from './check-file-names';

let dir: string | null = null;

function tree(files: string[]): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-names-'));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), '');
  }
  return dir;
}

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('file name check', () => {
  it('accepts the names the project uses', () => {
    for (const name of [
      'fish-card.tsx',
      'auth.routes.test.ts',
      'fish-card.module.css',
      'vite-env.d.ts',
      '0001-catalogue.ts',
    ])
      expect(isKebabName(name, false), name).toBe(true);
    for (const name of ['features', 'e2e', 'bait-guide']) expect(isKebabName(name, true), name).toBe(true);
  });

  it('refuses capitals, underscores, spaces and missing extensions', () => {
    for (const name of [
      'FishCard.tsx',
      'fish_card.ts',
      'fish card.ts',
      'fish--card.ts',
      '-fish.ts',
      'Makefile',
      'a.B.ts',
    ])
      expect(isKebabName(name, false), name).toBe(false);
    for (const name of ['Features', 'bait_guide', 'bait.guide']) expect(isKebabName(name, true), name).toBe(false);
  });

  it('lists every offending file and folder under the checked folders, and only there', () => {
    const root = tree([
      'src/client/features/fishes/FishCard.tsx',
      'src/client/Features/ok-name.ts',
      'src/client/locales/en/Common.json',
      'scripts/build_server.mjs',
      'tests/e2e/shell.spec.ts',
      'src/shared/.gitkeep',
      'docs/BENCHMARKS.md',
    ]);
    expect(fileNameProblems(root)).toEqual([
      'scripts/build_server.mjs',
      'src/client/Features',
      'src/client/features/fishes/FishCard.tsx',
      'src/client/locales/en/Common.json',
    ]);
  });
});
