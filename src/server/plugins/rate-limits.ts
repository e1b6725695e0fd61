// Kept for features/reports, which another branch renames to features/loggers: the lead points its imports at
// ../http/rate-limits and deletes this file when merging.
export type { RateLimits } from '../http/rate-limits';
