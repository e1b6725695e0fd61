/**
 * What the readers of the catch tables share with the catch store, which writes them: the heat map's grid (the cell
 * arithmetic the rollup is keyed by, in JavaScript and SQL) and the change counters that tell whether a kept answer
 * still holds (decision 0015). The heat map and the bait guide import this file; the writing side is catch-store.ts.
 *
 * The catch store (decision 0020) is entered only through these two files, and imports no feature and no plugin:
 * its users depend on it, never the other way (eslint.config.js). See docs/ARCHITECTURE.md for what is inside.
 */
export {
  type AnswerKeeping,
  catchesUnchangedSince,
  changesSql,
  type Kept,
  KeptAnswers,
  mapChanges,
  type Window,
} from './catch-changes';
export {
  type Bounds,
  boundsOf,
  cellBounds,
  cellCountsSql,
  joinedCellsSql,
  cellSql,
  colRowSql,
  DAY_MS,
  ENDED_DAY_MARGIN_MS,
  gridOf,
  type HeatGrid,
  type MapsCatalogue,
  sameBounds,
} from './heat-grid';
export { ALL_FISH, dayOf, WINDOW_DAYS } from './heat-windows';
