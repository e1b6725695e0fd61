/**
 * Fish aliases (migration 0025's `fish_alias`): other names of a fish that players use, added from the console's
 * unanswered AI questions so the AI chat knows them next time. The chat's name matching reads `view()`, every
 * alias by fish, read from the table at most once per `refreshMs` on each instance (and at once on the instance that
 * changed them), so an alias added on one server is known on all within seconds. The view is the same object while
 * nothing changed, which tells the answerer when to rebuild its name index.
 */
import type { Kysely, Selectable } from 'kysely';
import { AdminErrorCode, type FishAlias } from '#shared/contracts/admin';
import { wireTime } from '#shared/contracts/catches';
import { foldName } from '#shared/game/name-match';
import { isUniqueViolation } from '../../db/errors';
import type { Database, FishAliasTable } from '../../db/schema';
import { DomainError } from '../../domain-error';

type AliasRow = Selectable<FishAliasTable>;

export const toFishAlias = (row: AliasRow): FishAlias => ({
  id: Number(row.id),
  fish_id: row.fish_id,
  alias: row.alias,
  created_at: wireTime(Number(row.created_at)),
  created_by: row.created_by,
});

/** How long an instance serves the aliases it read before reading them again. */
export const ALIAS_REFRESH_MS = 5_000;

export class FishAliases {
  private cached: { at: number; view: ReadonlyMap<number, readonly string[]> } | null = null;
  private reading: Promise<ReadonlyMap<number, readonly string[]>> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly refreshMs = ALIAS_REFRESH_MS,
  ) {}

  /** Every alias by fish; the same object until the table is read again and found changed. */
  async view(): Promise<ReadonlyMap<number, readonly string[]>> {
    if (this.cached && Date.now() - this.cached.at < this.refreshMs) return this.cached.view;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Forgets the view: the next `view()` reads the table (after this instance changed it). */
  changed(): void {
    this.cached = null;
  }

  private async read(): Promise<ReadonlyMap<number, readonly string[]>> {
    const rows = await this.db.selectFrom('fish_alias').select(['fish_id', 'alias']).orderBy('id').execute();
    const view = new Map<number, string[]>();
    for (const row of rows) {
      const list = view.get(row.fish_id) ?? [];
      list.push(row.alias);
      view.set(row.fish_id, list);
    }
    const previous = this.cached?.view;
    const unchanged =
      previous &&
      previous.size === view.size &&
      [...view].every(([fish, names]) => previous.get(fish)?.join('\n') === names.join('\n'));
    this.cached = { at: Date.now(), view: unchanged ? previous : view };
    return this.cached.view;
  }

  async list(fishId?: number): Promise<FishAlias[]> {
    let query = this.db.selectFrom('fish_alias').selectAll();
    if (fishId !== undefined) query = query.where('fish_id', '=', fishId);
    return (await query.orderBy('fish_id').orderBy('id').execute()).map(toFishAlias);
  }

  /** Adds an alias in the caller's transaction; 409 `ADMIN_ALIAS_TAKEN` when another fish (or this one) has it. */
  async add(
    trx: Kysely<Database>,
    alias: { fish_id: number; alias: string; created_by: string; id?: number },
    now: number,
  ): Promise<FishAlias> {
    const key = foldName(alias.alias);
    const taken = await trx.selectFrom('fish_alias').select('fish_id').where('alias_key', '=', key).executeTakeFirst();
    if (taken) throw aliasTaken(`already an alias of fish ${taken.fish_id}`);
    try {
      const row = await trx
        .insertInto('fish_alias')
        .values({ ...alias, alias_key: key, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toFishAlias(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw aliasTaken('added by someone else just now');
      throw error;
    }
  }

  async find(trx: Kysely<Database>, id: number): Promise<FishAlias | null> {
    const row = await trx.selectFrom('fish_alias').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toFishAlias(row) : null;
  }

  async remove(trx: Kysely<Database>, id: number): Promise<boolean> {
    const result = await trx.deleteFrom('fish_alias').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

export const aliasTaken = (reason: string) => new DomainError('conflict', AdminErrorCode.ALIAS_TAKEN, { reason });
