import { z } from 'zod';

/**
 * `GET /api/build` (docs/product-requirements.md §9 build-update check): which build of the front end this server
 * serves, so an open page can tell that a newer one has been deployed. See `../build-info.ts` for where the id comes
 * from.
 */
export const BuildInfo = z.object({
  build: z.string().min(1).nullable().describe('Build id of the served front end; null when it serves none'),
});
export type BuildInfo = z.infer<typeof BuildInfo>;
