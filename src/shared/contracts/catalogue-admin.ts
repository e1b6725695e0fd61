/**
 * The superuser's catalogue routes (`/api/admin/catalogue/*`): what they take besides the package archive and the
 * typed refusals they answer. The reports themselves (dry run, apply result, versions) are the package shapes of
 * `catalogue-package.ts`; the page words every code below in the reader's language.
 */
import { z } from 'zod';
import { CatalogueAdminErrorCode } from '../catalogue-admin-rules';
import { PackageProblem } from './catalogue-package';

export const CatalogueVersionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe('A catalogue version id (1, 2, 3 …)'),
});

export const CatalogueChangeQuery = z.object({
  /**
   * The live version the caller's preview was made against (0: none yet). When given and no longer live, the change is
   * refused with 409 `CATALOGUE_LIVE_CHANGED` rather than applied over someone else's newer version.
   */
  if_live: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(2_147_483_647)
    .optional()
    .describe(
      'The live version id the preview was compared with (0 before the first import); when another version has ' +
        'become live since, nothing is applied and the answer is 409 `CATALOGUE_LIVE_CHANGED`',
    ),
});

/** A package (or a stored version) the importer refused: every problem found, nothing changed. */
export const CatalogueRefusedError = z
  .object({
    detail: z.object({
      code: z.enum([CatalogueAdminErrorCode.REFUSED]),
      problems: z.array(PackageProblem),
    }),
  })
  .meta({ id: 'CatalogueRefusedError' });
export type CatalogueRefusedError = z.infer<typeof CatalogueRefusedError>;
