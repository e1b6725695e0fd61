/**
 * Batch bodies: `{"items": [...]}` where each item is judged alone (docs/catch-data-api.md §1). The validator
 * (zod-compilers.ts) checks only a batch's envelope; `judgeItems` gives each item its verdict in the 422 list's words.
 */
import { z } from 'zod';
import { MAX_BATCH_ITEMS } from '#shared/contracts/catches';
import { findNul, markDecimals, nulEntry, toValidationEntries, type ValidationEntry } from './validation-errors';

/** Batch bodies (`batchBody`): documented schema → the envelope schema the validator runs instead. */
const BATCH_BODIES = new WeakMap<z.ZodType, z.ZodType>();

/** The envelope schema the validator runs for a batch body's documented schema; undefined for other schemas. */
export function batchEnvelopeOf(schema: z.ZodType): z.ZodType | undefined {
  return BATCH_BODIES.get(schema);
}

/** A batch envelope without its items: what the NUL walk looks at when the items are judged one by one. */
export function envelopeOf(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const { items: _items, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** What a batch route's handler receives: the items as sent (NUL characters and all), to judge with `judgeItems`. */
export type BatchBodySchema = z.ZodObject<{ items: z.ZodArray<z.ZodUnknown> }>;

/**
 * The body schema of a batch route: `{"items": [...]}` with 1–`maxItems` items (default 500, the contract's limit).
 *
 * - The OpenAPI document shows the item schema, but the validator checks only the envelope: a missing or empty
 *   `items`, too many items or a non-object body is a 422 for the whole request; anything wrong inside an item
 *   (including a NUL character) is that item's verdict from `judgeItems`, so one bad item never costs the batch.
 * - The handler gets `request.body.items` as `unknown[]`, typed so: it must judge them before use.
 * - Bytes are limited by the route's `bodyLimit` (set it to `MAX_BATCH_BYTES`): more is a 413 before parsing.
 *
 * ```ts
 * app.post('/c_report/catches', {
 *   bodyLimit: MAX_BATCH_BYTES,
 *   schema: { body: batchBody(CatchItem), response: { 200: CatchBatchResponse } },
 * }, async (request) => {
 *   const verdicts = judgeItems(CatchItem, request.body.items, 'report_id');
 *   // verdicts[i]: { key, ok: true, value } | { key, ok: false, errors: [{ field, msg }] }
 * });
 * ```
 */
export function batchBody(
  item: z.ZodType,
  { maxItems = MAX_BATCH_ITEMS }: { maxItems?: number } = {},
): BatchBodySchema {
  const documented = z.object({ items: z.array(item).min(1).max(maxItems) });
  BATCH_BODIES.set(documented, z.object({ items: z.array(z.unknown()).min(1).max(maxItems) }));
  // The type says what the handler really gets (the envelope's output); the object is the documented schema.
  return documented as unknown as BatchBodySchema;
}

/** Why an item was refused: `field` is the dotted path inside the item (`weight`, `a.0`), `""` for the whole item. */
export interface ItemError {
  field: string;
  msg: string;
}

export type ItemVerdict<T> = { ok: true; value: T } | { ok: false; errors: ItemError[] };

/**
 * Judges one item alone with the same mapping as the 422 list (pydantic's messages), reduced to `{field, msg}`.
 * A NUL character anywhere in the item makes it invalid (the one error reported), as it does a whole request.
 */
function judgeItem<T extends z.ZodType>(schema: T, item: unknown): ItemVerdict<z.output<T>> {
  const nul = findNul(item);
  if (nul) return { ok: false, errors: [toItemError(nulEntry('item', nul))] };
  const result = schema.safeParse(item, { error: markDecimals });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: toValidationEntries(result.error.issues, 'item', item).map(toItemError) };
}

function toItemError(entry: ValidationEntry): ItemError {
  return { field: entry.loc.slice(1).join('.'), msg: entry.msg };
}

/**
 * Judges every item of a batch, in order. `key` names the item's idempotency key (`report_id`, `source_id`): the
 * verdict carries it when it is a valid string, and null when it is missing or has an error of its own (the
 * contract answers such an item as invalid with a null key). Duplicates and catalogue rules are the writer's.
 */
export function judgeItems<T extends z.ZodType>(
  schema: T,
  items: readonly unknown[],
  key: string,
): (ItemVerdict<z.output<T>> & { key: string | null })[] {
  return items.map((item) => {
    const verdict = judgeItem(schema, item);
    const raw = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
    const keyIsBad = !verdict.ok && verdict.errors.some((e) => e.field === key || e.field.startsWith(`${key}.`));
    return { ...verdict, key: typeof raw === 'string' && !keyIsBad ? raw : null };
  });
}
