import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../..');
const PAINTER = path.resolve(import.meta.dirname);
/** The one module that may load the painter: it rasterises the pictures, and is itself loaded only to seed. */
const RENDERER = path.resolve(PAINTER, '../render-images.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the painter is a leaf', () => {
  it('is imported only by the picture renderer (outside its own folder and tests)', () => {
    const importers = sourceFiles(SRC).filter((file) => {
      if (file.startsWith(PAINTER + path.sep)) return false;
      const specifiers = [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)];
      return specifiers.some((m) => path.resolve(path.dirname(file), m[1] ?? '').startsWith(PAINTER + path.sep));
    });
    expect(importers).toEqual([RENDERER]);
  });
});
