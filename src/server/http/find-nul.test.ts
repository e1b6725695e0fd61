import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNul } from './validation-errors';

/** The first string holding a NUL in document order, found the plain recursive way: what findNul must answer. */
function firstNul(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; input: string } | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, input: value } : null;
  if (value === null || typeof value !== 'object') return null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((child, i) => [i, child])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const found = firstNul(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

// Strings that hold a NUL now and then, so that bodies with none, one and several are all generated.
const text = fc.oneof(fc.string(), fc.constantFrom('\u0000', 'a\u0000b', 'ok', ''));
const body = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('findNul', () => {
  it('answers the first string holding a NUL in document order, with its path, or null when none does', () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(findNul(value)).toEqual(firstNul(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a NUL after thousands of clean values, and none in a batch of clean items', () => {
    const item = { report_id: 'r1', weather: 'sunny', tags: ['a', 'b'], depth: 3.5, night: false, bait2_id: null };
    const items = Array.from({ length: 500 }, () => ({ ...item }));
    expect(findNul({ items })).toBeNull();
    items[499] = { ...item, tags: ['a', 'x\u0000'] };
    expect(findNul({ items })).toEqual({ path: ['items', 499, 'tags', 1], input: 'x\u0000' });
  });

  it('walks nesting far deeper than the call stack allows', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)?.path).toHaveLength(100_000);
    let clean: unknown = 'end';
    for (let i = 0; i < 100_000; i++) clean = { next: clean };
    expect(findNul(clean)).toBeNull();
  });
});
