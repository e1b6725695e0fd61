/**
 * The heat map answers (docs/catch-data-api.md §3): the window a query asks (a range ending now, or from–to), the map's
 * grid from the catalogue, the counts from the repository; each answer serialised once with its ETag, so a browser that
 * holds the same picture gets a 304, and kept while it holds (catch-store/catch-changes.ts), so the next reader gets it
 * without a count.
 */
import {
  DEFAULT_HEATMAP_RANGE,
  HEATMAP_RANGE_DAYS,
  type HeatCellQuery,
  type HeatCellResponse,
  type HeatmapQuery,
  wireTime,
} from '#shared/contracts/catches';
import { DEFAULT_TRUST_VIEW, type TrustView } from '#shared/catch-trust';
import {
  type AnswerKeeping,
  cellBounds,
  DAY_MS,
  gridOf,
  type HeatGrid,
  type Kept,
  KeptAnswers,
  type MapsCatalogue,
  sameBounds,
} from '../../catch-store/catch-reads';
import { type SerializedAnswer, serializedAnswer } from '../../http/conditional-get';
import { DomainError } from '../../domain-error';
import type { KeptAnswerObserver } from '../../metrics/app-metrics';
import { type HeatmapHead, heatmapJson } from './heatmap-json';
import type { HeatFilters, HeatmapRepository } from './heatmap.repository';

/** A heat map query as the route parses it, or as another feature asks it (without `trust`: trusted). */
export type HeatQuery = Omit<HeatmapQuery, 'trust'> & { trust?: TrustView };

export class HeatmapService {
  constructor(
    private readonly repository: HeatmapRepository,
    private readonly catalogue: MapsCatalogue,
    private readonly clock: () => number = Date.now,
    /** `keep: false`: count every answer (the benchmark measures that path too). */
    private readonly keeping: AnswerKeeping = { keep: true, freshMs: 0 },
  ) {
    this.answers = new KeptAnswers(keeping.freshMs);
  }

  /** Whole answers, served again while the map's catches in the window are unchanged (catch-store/catch-changes.ts). */
  private readonly answers: KeptAnswers<Kept<SerializedAnswer>>;
  /** Maps whose rollup was last found counted with other bounds than the catalogue's: the grid of those. */
  private readonly countedGrids = new Map<number, HeatGrid>();
  /** Told of every kept answer served and every answer counted anew (the metrics, services.ts). */
  private keptAnswers: KeptAnswerObserver | undefined;

  observeKeptAnswers(observer: KeptAnswerObserver): void {
    this.keptAnswers = observer;
  }

  /** The heat map, serialised (the route sends it with its ETag): a kept answer while it holds, else counted. */
  async heatmap(query: HeatQuery): Promise<SerializedAnswer> {
    let grid = await this.gridOf(query.map_id);
    const filters = this.filters(query);
    const window = [filters.from, filters.to] as const;
    // The grid too: a catalogue import that moves a map's bounds moves its cells.
    const { bounds } = grid;
    const trust = query.trust ?? DEFAULT_TRUST_VIEW;
    const key = [query.map_id, query.fish_id, query.star_type, query.range, query.from, query.to, trust]
      .concat([bounds.x_min, bounds.y_min, bounds.x_max, bounds.y_max])
      .join('|');
    const countedAt = performance.now();
    const kept = this.keeping.keep
      ? await this.answers.holding(key, (held) =>
          this.repository.unchangedSince(query.map_id, held.changes, held.window, window),
        )
      : undefined;
    if (kept) {
      this.keptAnswers?.hit();
      return kept.answer;
    }
    this.keptAnswers?.recount();
    // A map whose bounds moved in the catalogue and whose rollup's rebuild has not committed yet (decision 0025) is
    // answered as its rollup is counted, with the bounds stored, until it does: the statement says so (`moved`), and
    // the bounds found are tried first for the map's next views, so only one view pays two counts. (Again if a
    // rebuild commits meanwhile; a third time is not needed in practice, a rebuild taking seconds.)
    const countedGrid = this.countedGrids.get(query.map_id);
    if (countedGrid) grid = countedGrid;
    let counted = await this.repository.cells(filters, grid);
    for (let tries = 0; counted.moved && tries < 2; tries++) {
      const stored = await this.repository.countedBounds(query.map_id);
      if (!stored) break;
      grid = gridOf(stored);
      counted = await this.repository.cells(filters, grid);
    }
    if (sameBounds(grid.bounds, bounds)) this.countedGrids.delete(query.map_id);
    else this.countedGrids.set(query.map_id, grid);
    const { cells, lastAt, changes } = counted;
    const head: HeatmapHead = {
      map_id: query.map_id,
      cols: grid.cols,
      rows: grid.rows,
      cell_w: grid.cell_w,
      cell_h: grid.cell_h,
      bounds: grid.bounds,
      updated_at: Number.isFinite(lastAt) ? wireTime(lastAt) : null,
      trust,
    };
    const serialized = serializedAnswer(heatmapJson(head, cells), 'volatile');
    if (this.keeping.keep) this.answers.set(key, { answer: serialized, changes, window }, countedAt);
    return serialized;
  }

  /** One cell's catches (or a square of cells': `size`) under the same filters. */
  async cell(query: Omit<HeatCellQuery, 'trust'> & { trust?: TrustView }): Promise<HeatCellResponse> {
    const grid = await this.gridOf(query.map_id);
    const filters = this.filters(query);
    const size = query.size ?? 1;
    const detail = await this.repository.cellDetail(filters, grid, { col: query.col, row: query.row, size });
    return {
      map_id: query.map_id,
      col: query.col,
      row: query.row,
      size,
      ...cellBounds(grid, query.col, query.row, size),
      from: wireTime(filters.from),
      to: wireTime(filters.to),
      ...detail,
      trust: filters.trust,
    };
  }

  private async gridOf(mapId: number): Promise<HeatGrid> {
    const map = (await this.catalogue.view()).maps.get(mapId);
    if (!map) throw new DomainError('not-found', 'MAP_NOT_FOUND');
    return gridOf(map.data.bounds);
  }

  /** `range` ends now; `from`/`to` are taken as given (`from` inclusive, `to` exclusive, as the logs take them). */
  private filters(query: HeatQuery): HeatFilters {
    // One reading of the clock: a rolling window ends exactly at the `now` that decides which days have ended.
    const now = this.clock();
    const given = query.from !== undefined && query.to !== undefined;
    const to = given ? Date.parse(query.to!) : now;
    const from = given
      ? Date.parse(query.from!)
      : to - HEATMAP_RANGE_DAYS[query.range ?? DEFAULT_HEATMAP_RANGE] * DAY_MS;
    const trust = query.trust ?? DEFAULT_TRUST_VIEW;
    return { map_id: query.map_id, fish_id: query.fish_id, star_type: query.star_type, from, to, now, trust };
  }
}
