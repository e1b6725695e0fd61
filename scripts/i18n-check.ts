/**
 * Checks the translations in src/client/locales/{zh,en,ja}/<namespace>.json (docs/design.md §2): every namespace exists
 * in every language, every key (nested, dotted) present in one language is present in all, no text is empty, and a
 * text names the same `{{placeholders}}` in every language (one that drops or misspells a value would show a blank or
 * the raw braces). Exits non-zero listing each problem.
 *
 *   npm run i18n:check            (= tsx scripts/i18n-check.ts [folder])
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '../src/shared/locales';

export const LOCALES_DIR = fileURLToPath(new URL('../src/client/locales', import.meta.url));

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Dotted key → value of every leaf; arrays count as leaves (i18next returns them whole). */
export function flatten(value: Json, prefix = '', into = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** The `{{name}}` placeholders a text names, sorted (i18next's interpolation; formats after a comma ignored). */
export function placeholders(value: Json): string[] {
  if (typeof value !== 'string') return [];
  return [...new Set([...value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!))].sort();
}

function isEmpty(value: Json): boolean {
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return value === null;
}

/** The problems found under `dir`, one readable line each; empty when the translations are complete. */
export function checkLocales(dir: string = LOCALES_DIR, locales: readonly string[] = LOCALES): string[] {
  const problems: string[] = [];
  const keys = new Map<string, Map<string, Map<string, Json>>>(); // namespace → locale → flattened keys

  for (const locale of locales) {
    const folder = path.join(dir, locale);
    if (!fs.existsSync(folder)) {
      problems.push(`${locale}: folder ${path.relative(process.cwd(), folder)} is missing`);
      continue;
    }
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      const namespace = file.slice(0, -'.json'.length);
      let parsed: Json;
      try {
        parsed = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Json;
      } catch (error) {
        problems.push(`${locale}/${file}: not valid JSON (${(error as Error).message})`);
        continue;
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        problems.push(`${locale}/${file}: must hold a JSON object`);
        continue;
      }
      const byLocale = keys.get(namespace) ?? new Map<string, Map<string, Json>>();
      byLocale.set(locale, flatten(parsed));
      keys.set(namespace, byLocale);
    }
  }

  for (const [namespace, byLocale] of [...keys].sort(([a], [b]) => a.localeCompare(b))) {
    const all = new Set<string>();
    for (const flat of byLocale.values()) for (const key of flat.keys()) all.add(key);
    for (const locale of locales) {
      const flat = byLocale.get(locale);
      if (!flat) {
        problems.push(`${locale}/${namespace}.json: file is missing`);
        continue;
      }
      for (const key of [...all].sort()) {
        if (!flat.has(key)) {
          const holders = locales.filter((other) => byLocale.get(other)?.has(key));
          problems.push(`${locale}/${namespace}.json: missing "${key}" (present in ${holders.join(', ')})`);
        } else if (isEmpty(flat.get(key)!)) {
          problems.push(`${locale}/${namespace}.json: "${key}" is empty`);
        } else {
          // Each language against the first that has the key (zh, the default), so a difference is reported once.
          const reference = locales.find((other) => byLocale.get(other)?.has(key));
          const own = placeholders(flat.get(key)!).join(', ');
          const theirs = placeholders(byLocale.get(reference!)!.get(key)!).join(', ');
          if (reference !== locale && own !== theirs)
            problems.push(
              `${locale}/${namespace}.json: "${key}" names {{${own}}} where ${reference} names {{${theirs}}}`,
            );
        }
      }
    }
  }
  return problems;
}

function main(): void {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : LOCALES_DIR;
  const problems = checkLocales(dir);
  if (problems.length > 0) {
    console.error(`i18n check: ${problems.length} problem(s) in ${path.relative(process.cwd(), dir) || dir}`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
    return;
  }
  const namespaces = fs.readdirSync(path.join(dir, LOCALES[0])).filter((name) => name.endsWith('.json')).length;
  console.log(`i18n check: ${namespaces} namespace(s) complete in ${LOCALES.join(', ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
