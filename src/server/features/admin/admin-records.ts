/**
 * The console's official records (issue 24): a records file imported through the same importer as `npm run
 * records:import` (handed in by the composition root), the records listed with filters, one corrected (judged by the
 * import's rules, record-rules.ts) or deleted. A correction and a deletion commit with their audit rows and can be
 * reverted: the row's every field is in the audit row (decision 0040).
 *
 * The import writes through the catch store's writer, 500 records per transaction of its own, so no audit row can
 * share them. It gets two instead: one committed before the first record is written (the file, its record count,
 * `status: started`), so an import cut short even by a crash is on record, and one when it ends, with the counts or
 * the error, pointing back at the first (`started_audit_id`).
 */
import type { Kysely, Selectable } from 'kysely';
import {
  type AdminRecord,
  type AdminRecordPage,
  type AdminRecordFilters,
  AdminErrorCode,
  type RecordCorrectionBody,
  type RecordsImportResult,
} from '#shared/contracts/admin';
import { type ItemError, wireTime } from '#shared/contracts/catches';
import { isUniqueViolation } from '../../db/errors';
import { forUpdate } from '../../db/row-locks';
import type { Database, OfficialRecordTable } from '../../db/schema';
import { DomainError } from '../../domain-error';
import type { Operator } from './admin-audit.repository';
import { type AuditLog, revertConflict } from './audit-log';
import { confirmPassword, type CurrentPasswordCheck } from './confirm-password';
import { judgeRecord, type RecordCatalogue } from './record-rules';
import type { User } from '../../accounts/users.repository';

type RecordRow = Selectable<OfficialRecordTable>;

/** What the console needs of the records import (features/ingestion), handed in by the composition root. */
export interface RecordsImport {
  /** Reads a records file (CSV with a header row, or a JSON array); throws `RecordsFileError` when it cannot. */
  parse(fileName: string, text: string): { items: unknown[]; lines: number[] };
  /** True for the error `parse` throws for an unreadable file (its message says why). */
  isFileError(error: unknown): error is Error;
  /** Imports what `parse` read through the catch writer, idempotent by `source_id`. */
  run(file: { items: unknown[]; lines: number[] }): Promise<Omit<RecordsImportResult, 'audit_id'>>;
}

const notFound = () => new DomainError('not-found', AdminErrorCode.RECORD_NOT_FOUND);

/** A correction the import's rules refuse; the route answers 422 `{code: ADMIN_RECORD_INVALID, errors}`. */
export class RecordInvalid extends DomainError {
  constructor(readonly errors: ItemError[]) {
    super('unreadable', AdminErrorCode.RECORD_INVALID);
  }
}

/** The record on the wire (the official log's item with its source id and when it was imported). */
export function toAdminRecord(row: RecordRow): AdminRecord {
  return {
    id: Number(row.id),
    caught_at: wireTime(Number(row.caught_at)),
    map_id: row.map_id,
    fish_id: row.fish_id,
    bait_id: row.bait_id,
    bait2_id: row.bait2_id,
    rod_type: row.rod_type as AdminRecord['rod_type'],
    star_type: row.star_type as AdminRecord['star_type'],
    weight: row.weight,
    depth: row.depth,
    direction: row.direction as AdminRecord['direction'],
    angle: row.angle,
    game_hour: row.game_hour,
    temperature: row.temperature,
    weather: row.weather as AdminRecord['weather'],
    night: row.night === null ? null : Boolean(row.night),
    x: row.x,
    y: row.y,
    time_spent: row.time_spent,
    player_name: row.player_name,
    source_id: row.source_id,
    created_at: wireTime(Number(row.created_at)),
  };
}

/** The stored row of a record as the wire (or an audit row) shows it. */
function toRow(record: AdminRecord): RecordRow {
  return {
    id: record.id,
    source_id: record.source_id,
    caught_at: Date.parse(record.caught_at),
    map_id: record.map_id,
    fish_id: record.fish_id,
    bait_id: record.bait_id,
    bait2_id: record.bait2_id,
    rod_type: record.rod_type,
    star_type: record.star_type,
    weight: record.weight,
    player_name: record.player_name,
    depth: record.depth,
    direction: record.direction,
    angle: record.angle,
    game_hour: record.game_hour,
    temperature: record.temperature,
    weather: record.weather,
    night: record.night,
    x: record.x,
    y: record.y,
    time_spent: record.time_spent,
    created_at: Date.parse(record.created_at),
  };
}

/** The fields of a record as the import takes them (nulls left out, as an imported file would). */
function asImportItem(record: AdminRecord): Record<string, unknown> {
  const { id: _id, created_at: _created, ...fields } = record;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
}

const same = (a: AdminRecord, b: object) => JSON.stringify(a) === JSON.stringify(b);

export class AdminRecords {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      audit: AuditLog;
      catalogue: { view(): Promise<RecordCatalogue> };
      records: RecordsImport;
      passwords: CurrentPasswordCheck;
      clock?: () => number;
    },
  ) {
    const { audit } = deps;
    audit.onRevert('record.correct', async (trx, entry) => {
      const current = await this.find(trx, Number(entry.target_id));
      if (!current || !entry.after || !same(current, entry.after)) throw revertConflict('the record changed since');
      const before = entry.before as AdminRecord;
      await this.write(trx, before);
      return { before: current, after: before };
    });
    audit.onRevert('record.delete', async (trx, entry) => {
      const deleted = entry.before as AdminRecord;
      const clash = await trx
        .selectFrom('official_record')
        .select('id')
        .where('source_id', '=', deleted.source_id)
        .executeTakeFirst();
      if (clash) throw new DomainError('conflict', AdminErrorCode.SOURCE_ID_TAKEN);
      // Back with its id, unless a record took that id since (SQLite reuses the highest id once it is deleted).
      const { id, ...row } = toRow(deleted);
      const idFree = !(await this.find(trx, id));
      try {
        const restored = await trx
          .insertInto('official_record')
          .values(idFree ? { id, ...row } : row)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { before: null, after: toAdminRecord(restored) };
      } catch (error) {
        // A record with this source id imported at the same moment.
        if (isUniqueViolation(error)) throw new DomainError('conflict', AdminErrorCode.SOURCE_ID_TAKEN);
        throw error;
      }
    });
  }

  private now(): number {
    return (this.deps.clock ?? Date.now)();
  }

  async list(query: AdminRecordFilters): Promise<AdminRecordPage> {
    let where = this.deps.db.selectFrom('official_record');
    if (query.map_id) where = where.where('map_id', '=', query.map_id);
    if (query.fish_id) where = where.where('fish_id', '=', query.fish_id);
    if (query.player_name) where = where.where('player_name', '=', query.player_name);
    if (query.source_id) where = where.where('source_id', '=', query.source_id);
    if (query.from) where = where.where('caught_at', '>=', Date.parse(query.from));
    if (query.to) where = where.where('caught_at', '<', Date.parse(query.to));
    const [rows, count] = await Promise.all([
      where
        .selectAll()
        .orderBy('caught_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
      where.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toAdminRecord), total: Number(count.total), page: query.page, page_size: query.page_size };
  }

  /** Imports a records file; the audit row says what the import did, even when it stopped part of the way. */
  async import(operator: Operator, fileName: string, text: string, reason?: string): Promise<RecordsImportResult> {
    const { records, audit, db } = this.deps;
    let file;
    try {
      file = records.parse(fileName, text);
    } catch (error) {
      if (records.isFileError(error))
        throw new DomainError('unreadable', AdminErrorCode.RECORDS_FILE_INVALID, { reason: error.message });
      throw error;
    }
    const written = (after: object) =>
      db.transaction().execute((trx) =>
        audit.record(trx, operator, {
          action: 'record.import',
          target_type: 'records-file',
          target_id: fileName.slice(0, 128),
          reason: reason ?? null,
          after: { records: file.items.length, ...after },
        }),
      );
    const started = await written({ status: 'started' });
    let summary;
    try {
      summary = await records.run(file);
    } catch (error) {
      const failed = error instanceof Error ? error.message : String(error);
      await written({ status: 'failed', started_audit_id: started, failed });
      throw error;
    }
    const auditId = await written({
      status: 'done',
      started_audit_id: started,
      created: summary.created,
      duplicates: summary.duplicates,
      invalid: summary.invalid,
    });
    return { ...summary, audit_id: auditId };
  }

  /** Corrects some fields of a record: judged whole by the import's rules; 422 with every broken one. */
  async correct(operator: Operator, id: number, body: RecordCorrectionBody) {
    const catalogue = await this.deps.catalogue.view();
    const { reason, ...changes } = body;
    const { result, auditId } = await this.deps.audit.change(operator, async (trx) => {
      const current = await this.find(trx, id, { lock: true });
      if (!current) throw notFound();
      const judged = judgeRecord({ ...asImportItem(current), ...changes }, catalogue, {
        now: this.now(),
        timeChanged: changes.caught_at !== undefined,
      });
      if (!judged.ok) throw new RecordInvalid(judged.errors);
      const { record } = judged;
      const corrected: AdminRecord = {
        ...current,
        caught_at: record.caught_at,
        map_id: record.map_id,
        fish_id: record.fish_id,
        bait_id: record.bait_id,
        bait2_id: record.bait2_id ?? null,
        rod_type: record.rod_type,
        star_type: record.star_type,
        weight: record.weight,
        player_name: record.player_name,
        depth: record.depth ?? null,
        direction: record.direction ?? null,
        angle: record.angle ?? null,
        game_hour: record.game_hour ?? null,
        temperature: record.temperature ?? null,
        weather: record.weather ?? null,
        night: record.night ?? null,
        x: record.x ?? null,
        y: record.y ?? null,
        time_spent: record.time_spent ?? null,
      };
      if (same(current, corrected)) throw new DomainError('conflict', AdminErrorCode.NO_CHANGE);
      await this.write(trx, corrected);
      return {
        result: corrected,
        audit: {
          action: 'record.correct',
          target_type: 'record',
          target_id: String(id),
          reason: reason ?? null,
          before: current,
          after: corrected,
        },
      };
    });
    return { record: result, audit_id: auditId };
  }

  /** Deletes a record; the audit row keeps every field, so a revert puts it back as it was. */
  async delete(operator: User, id: number, password: string, reason: string | undefined, ip: string) {
    await confirmPassword(this.deps.passwords, operator, password, ip);
    const { auditId } = await this.deps.audit.change(operator, async (trx) => {
      const current = await this.find(trx, id, { lock: true });
      if (!current) throw notFound();
      await trx.deleteFrom('official_record').where('id', '=', id).execute();
      return {
        result: null,
        audit: {
          action: 'record.delete',
          target_type: 'record',
          target_id: String(id),
          reason: reason ?? null,
          before: current,
          after: null,
        },
      };
    });
    return { audit_id: auditId };
  }

  private async find(trx: Kysely<Database>, id: number, { lock = false } = {}): Promise<AdminRecord | null> {
    const query = trx.selectFrom('official_record').selectAll().where('id', '=', id);
    const row = await (lock ? forUpdate(trx, query) : query).executeTakeFirst();
    return row ? toAdminRecord(row) : null;
  }

  private async write(trx: Kysely<Database>, record: AdminRecord): Promise<void> {
    const { id, source_id: _source, created_at: _created, ...fields } = toRow(record);
    await trx.updateTable('official_record').set(fields).where('id', '=', id).execute();
  }
}
