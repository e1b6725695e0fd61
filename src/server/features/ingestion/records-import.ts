/**
 * Imports a records file through the writer, in batches of 500: each batch is one short transaction, so a server
 * sharing the SQLite file waits at most one batch for the write lock (decision 0009). A batch that meets a busy
 * database is sent again after a pause: imports are idempotent by `source_id`, so a retry never stores twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type ItemError, MAX_BATCH_ITEMS } from '#shared/contracts/catches';
import { isDatabaseBusy } from '../../db/errors';
import type { CatchWriter } from '../../catch-store/catch-store';
import type { RecordsFile } from './records-file';

export interface ImportSummary {
  created: number;
  duplicates: number;
  invalid: number;
  /** The refused records: where they are in the file and why. */
  problems: { line: number; source_id: string | null; errors: ItemError[] }[];
}

export interface ImportOptions {
  /** After each batch: records done so far (a progress line). */
  onBatch?: (done: number, total: number) => void;
  /** Attempts per batch while the database is busy (default 5), and the first pause (doubled each time). */
  attempts?: number;
  pauseMs?: number;
}

export async function importRecords(
  writer: Pick<CatchWriter, 'writeRecords'>,
  file: RecordsFile,
  { onBatch, attempts = 5, pauseMs = 1000 }: ImportOptions = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, duplicates: 0, invalid: 0, problems: [] };
  for (let start = 0; start < file.items.length; start += MAX_BATCH_ITEMS) {
    const batch = file.items.slice(start, start + MAX_BATCH_ITEMS);
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await writer.writeRecords(batch);
        summary.created += answer.created;
        summary.duplicates += answer.duplicates;
        summary.invalid += answer.invalid;
        answer.results.forEach((result, i) => {
          if (result.status === 'invalid')
            summary.problems.push({
              line: file.lines[start + i]!,
              source_id: result.source_id,
              errors: result.errors ?? [],
            });
        });
        break;
      } catch (error) {
        if (!isDatabaseBusy(error) || attempt >= attempts) throw error;
        await sleep(pauseMs * 2 ** (attempt - 1));
      }
    }
    onBatch?.(Math.min(start + MAX_BATCH_ITEMS, file.items.length), file.items.length);
  }
  return summary;
}
