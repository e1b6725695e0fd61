import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateJsonError } from './json-syntax';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('locateJsonError', () => {
  it.each([
    ['{"a":1,}', 1, 8],
    ['{"a":tru}', 1, 6],
    ['[1,2,,3]', 1, 6],
    ['{\n  "a": "b\nc"\n}', 2, 10],
    ['{"a":1}}', 1, 8],
    ['', 1, 1],
    ['{"a": 01}', 1, 8],
    ['{"a": "\\x"}', 1, 8],
  ])('%j fails at line %i, column %i', (text, line, column) => {
    expect(locateJsonError(text)).toMatchObject({ line, column });
  });

  it('finds nothing wrong in valid JSON, however deep', () => {
    expect(locateJsonError('{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n", {}], "b": {"c": []}}')).toBeNull();
    expect(locateJsonError(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeNull();
  });

  it('agrees with JSON.parse on valid JSON and on JSON with one character removed or added', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', 'x', '\n'), (json, at, extra) => {
        const cut = at % (json.length + 1);
        for (const text of [
          json,
          json.slice(0, cut) + json.slice(cut + 1),
          json.slice(0, cut) + extra + json.slice(cut),
        ]) {
          expect(locateJsonError(text) === null).toBe(parses(text));
        }
      }),
      { numRuns: 500 },
    );
  });
});
