/**
 * The AI chat's limits and `detail` code that the client needs (no zod: the chat page imports them, and a value
 * import of `contracts/ai.ts` would bring the schema library into its chunk). Contract schemas: `contracts/ai.ts`.
 */

/** The longest question accepted (characters, after trimming). */
export const AI_QUESTION_MAX_LENGTH = 500;
/** The quota window: the spec's one-minute cool-down. */
export const AI_QUOTA_WINDOW_SECONDS = 60;
/** The `detail` of the 429 a question over the quota gets (with `Retry-After` ≤ 60). */
export const AI_RATE_LIMITED = 'AI_RATE_LIMITED';
