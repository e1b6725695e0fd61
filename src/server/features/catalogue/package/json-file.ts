/** Reads one JSON file of a package: UTF-8 (a byte-order mark is allowed), then JSON, saying where it breaks. */
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import { locateJsonError } from './json-syntax';
import { packageProblem } from './package-problems';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export type JsonRead = { ok: true; value: unknown } | { ok: false; problem: PackageProblem };

export function readJsonFile(file: string, bytes: Buffer): JsonRead {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { ok: false, problem: packageProblem('not-utf8', { file }) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const where = locateJsonError(text) ?? { line: 1, column: 1, reason: (error as Error).message };
    return { ok: false, problem: packageProblem('json-malformed', { file }, { ...where }) };
  }
}
