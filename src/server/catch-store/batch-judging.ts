/**
 * Judging a batch before anything is written: each item alone against its schema (`judgeItems`), then the rules the
 * schema cannot know (time window, catalogue), then the duplicates within the batch. What comes out is the list of
 * items to insert and the answer with every item's verdict but the last one, created or duplicate, which only the
 * database's conflict handling decides.
 */
import type { z } from 'zod';
import type { ItemError, ItemStatus } from '#shared/contracts/catches';
import { reportTimeError } from '#shared/contracts/catches';
import { judgeItems } from '../http/batch-bodies';
import { ownedKey } from './catch-inserts';

export type KeyName = 'report_id' | 'source_id';

/** One item's verdict in the answer: `{report_id, status, errors?}` (records: `source_id`). */
export type ItemResult<K extends KeyName> = { [P in K]: string | null } & { status: ItemStatus; errors?: ItemError[] };

export interface BatchAnswer<K extends KeyName> {
  created: number;
  duplicates: number;
  invalid: number;
  results: ItemResult<K>[];
}

/** A valid item, first of its (owner, key) in the batch: to be inserted. */
export interface Accepted<T> {
  owner: string;
  key: string;
  value: T;
}

export interface JudgedBatch<T, K extends KeyName> {
  accepted: Accepted<T>[];
  /**
   * The answer, once the insert has told which accepted items were new (`ownedKey`s of the created rows) and which
   * the database refused after all (a logger's rate, catch-trust.ts: `invalid`, with the reason).
   */
  answer(created: ReadonlySet<string>, refused?: ReadonlyMap<string, ItemError>): BatchAnswer<K>;
}

/** Adds the time rule of uploads (not more than 5 min ahead of `now`, not older than 400 days) to `errors`. */
export function checkTime(field: string, time: string, now: number, errors: ItemError[]): void {
  const msg = reportTimeError(time, now);
  if (msg) errors.push({ field, msg });
}

/**
 * Judges `items` in order. `ownerOf(i)` names the logger of item i (records: one owner for all); `rules` adds the
 * errors of a schema-valid item that the schema cannot know. An invalid item claims no key, so a later valid item
 * with the same key is still stored; a valid item whose (owner, key) came earlier in the batch is a duplicate.
 */
export function judgeBatch<S extends z.ZodType, K extends KeyName>(
  schema: S,
  items: readonly unknown[],
  keyName: K,
  ownerOf: (index: number) => string,
  rules: (value: z.output<S>, errors: ItemError[]) => void,
): JudgedBatch<z.output<S>, K> {
  const verdicts = judgeItems(schema, items, keyName);
  const results: ItemResult<K>[] = new Array(items.length);
  // Index in `results` of each accepted item, parallel to `accepted`.
  const slots: number[] = [];
  const accepted: Accepted<z.output<S>>[] = [];
  const seen = new Set<string>();
  let invalid = 0;
  const result = (key: string | null, status: ItemStatus, errors?: ItemError[]) =>
    ({ [keyName]: key, status, ...(errors ? { errors } : {}) }) as ItemResult<K>;

  verdicts.forEach((verdict, index) => {
    let errors: ItemError[];
    let value: z.output<S> | undefined;
    if (verdict.ok) {
      errors = [];
      value = verdict.value;
      rules(verdict.value, errors);
    } else errors = verdict.errors;
    if (errors.length > 0 || verdict.key === null) {
      invalid += 1;
      results[index] = result(verdict.key, 'invalid', errors);
      return;
    }
    const owner = ownerOf(index);
    const owned = ownedKey(owner, verdict.key);
    if (seen.has(owned)) {
      results[index] = result(verdict.key, 'duplicate');
      return;
    }
    seen.add(owned);
    slots.push(index);
    accepted.push({ owner, key: verdict.key, value: value as z.output<S> });
  });

  return {
    accepted,
    answer(created, refused) {
      let createdCount = 0;
      let refusedCount = 0;
      accepted.forEach(({ owner, key }, i) => {
        const owned = ownedKey(owner, key);
        const refusal = refused?.get(owned);
        if (refusal) {
          refusedCount += 1;
          results[slots[i]!] = result(key, 'invalid', [refusal]);
          return;
        }
        const isNew = created.has(owned);
        if (isNew) createdCount += 1;
        results[slots[i]!] = result(key, isNew ? 'created' : 'duplicate');
      });
      const allInvalid = invalid + refusedCount;
      return {
        created: createdCount,
        duplicates: items.length - createdCount - allInvalid,
        invalid: allInvalid,
        results,
      };
    },
  };
}
