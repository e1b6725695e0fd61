/**
 * What the readers of the catch tables share with the catch store, which writes them: the heat map's grid (the cell
 * arithmetic the rollup is keyed by, in JavaScript and SQL) and the change counters that tell whether a kept answer
 * still holds (decision 0015). The heat map and the bait guide import this file; the writing side is catch-store.ts.
 */
export { catchesUnchangedSince, changesSql, KeptAnswers, type Window } from './catch-changes';
export {
  cellBounds,
  cellSql,
  DAY_MS,
  ENDED_DAY_MARGIN_MS,
  gridOf,
  type HeatGrid,
  type MapsCatalogue,
} from './heat-grid';
