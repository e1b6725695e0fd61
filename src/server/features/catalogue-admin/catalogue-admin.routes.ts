/**
 * `/api/admin/catalogue/*`: the superuser page's API over the catalogue importer (docs/catalogue-format.md): the
 * versions applied, a dry run of an uploaded package, applying it, and rolling back to an earlier version. Stateless:
 * the page sends the archive again to apply it, so any instance behind a balancer answers. Credentials are bearer
 * tokens only (no cookie is read), and the upload routes take only archive content types, so another site's form
 * cannot post here. Every answer is `no-store` (http/no-store.ts, from `requireSuperuser`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogueAdminErrorCode, PACKAGE_UPLOAD_TYPES } from '#shared/catalogue-admin-rules';
import { CatalogueChangeQuery, CatalogueRefusedError, CatalogueVersionParams } from '#shared/contracts/catalogue-admin';
import {
  CatalogueApplyResult,
  CatalogueDryRun,
  type CatalogueApplyResult as ApplyResult,
  type CatalogueDryRun as DryRun,
  CatalogueVersionList,
} from '#shared/contracts/catalogue-package';
import { codeWithReason, errorCodes, RateLimitedError, ValidationErrorBody } from '#shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import type { RateLimits } from '../../http/rate-limits';
import { HttpError } from '../../http/http-error';
import { trustedResponse } from '../../http/trusted-responses';
import { RequestValidationError } from '../../http/validation-errors';
import {
  acceptPackageUpload,
  applyInProgress,
  busy,
  packageBodyParser,
  releaseSlots,
  Slots,
  takeSlots,
  withSlots,
} from './package-upload';

const tags = ['admin'];

/**
 * What the routes need of the catalogue import (features/catalogue/package/package-types.ts: the loader and the
 * `CatalogueImporter`), handed in by the composition root. What the loader read goes to the importer untouched: the
 * routes never look inside it.
 */
export interface CatalogueImport {
  /** Reads an uploaded archive: the checked package, or every problem found. Never throws for bad content. */
  loadPackage(source: { bytes: Buffer }): Promise<unknown>;
  importer: {
    dryRun(load: unknown): Promise<DryRun>;
    apply(load: unknown, appliedBy: string): Promise<ApplyResult>;
    versions(): Promise<CatalogueVersionList>;
    previewRollback(versionId: number): Promise<DryRun>;
    rollback(versionId: number, appliedBy: string): Promise<ApplyResult>;
  };
}

export interface CatalogueAdminRoutesOptions {
  catalogueImport: CatalogueImport;
  rateLimits: RateLimits;
  /** CATALOGUE_UPLOAD_MAX_BYTES */
  uploadMaxBytes: number;
  /** CATALOGUE_ADMIN_PER_MINUTE: requests per superuser a minute, every route together. */
  perMinute: number;
  /** Packages read at once on this instance (each may hold `uploadMaxBytes` and its contents in memory). */
  concurrentUploads?: number;
}

const MEDIA = PACKAGE_UPLOAD_TYPES.filter((type) => !type.includes('x-'))
  .map((type) => `\`${type}\``)
  .join(', ');

export const catalogueAdminRoutes: FastifyPluginAsyncZod<CatalogueAdminRoutesOptions> = async (
  app,
  { catalogueImport: { loadPackage, importer }, rateLimits, uploadMaxBytes, perMinute, concurrentUploads = 2 },
) => {
  packageBodyParser(app, uploadMaxBytes);
  app.addHook('onResponse', releaseSlots);
  app.addHook('onRequestAbort', releaseSlots);

  const uploads = new Slots(concurrentUploads);
  const applies = new Slots(1);
  const limited = rateLimits.perUser('catalogue-admin', perMinute, 60_000);
  const guard = [app.requireSuperuser, limited];
  const upload = [...guard, acceptPackageUpload(uploadMaxBytes)];
  const uploadSlot = { slots: uploads, refuse: busy };
  const applySlot = { slots: applies, refuse: applyInProgress };

  const RULES =
    `Superusers only; at most ${perMinute} requests a minute per superuser over all \`/admin/catalogue\` routes ` +
    '(CATALOGUE_ADMIN_PER_MINUTE). `Cache-Control: no-store`.';
  const UPLOAD =
    `The body is the package archive itself (a \`.zip\` or \`.tar.gz\` laid out as docs/catalogue-format.md says; ` +
    `the kind is read from its bytes) with Content-Type ${MEDIA}, at most ${uploadMaxBytes} bytes ` +
    '(CATALOGUE_UPLOAD_MAX_BYTES). Nothing is kept between requests: send the same file again to apply it.';

  const responses = {
    429: RateLimitedError.describe(
      `More than ${perMinute} requests this minute from this superuser; \`Retry-After\` says when to try again`,
    ),
  };
  const uploadResponses = {
    ...responses,
    413: z
      .object({ detail: codeWithReason(CatalogueAdminErrorCode.TOO_LARGE) })
      .describe(
        '`CATALOGUE_PACKAGE_TOO_LARGE`: the body (as declared, or as received) is over CATALOGUE_UPLOAD_MAX_BYTES; ' +
          '`reason` says the limit. Nothing was read further or changed',
      ),
    415: z
      .object({ detail: codeWithReason(CatalogueAdminErrorCode.MEDIA_TYPE) })
      .describe(
        `\`CATALOGUE_PACKAGE_MEDIA_TYPE\`: the Content-Type is not ${MEDIA} (a form or JSON body); nothing was read`,
      ),
    503: z
      .object({ detail: codeWithReason(CatalogueAdminErrorCode.BUSY) })
      .describe(
        '`CATALOGUE_BUSY`: other packages are being read on this server; send it again after `Retry-After` seconds',
      ),
  };
  const emptyBody = () =>
    new RequestValidationError([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  const refused = (result: ApplyResult) =>
    new HttpError(422, { code: CatalogueAdminErrorCode.REFUSED, problems: result.problems });
  const refusedResponse = (what: string) =>
    z
      .object({ detail: z.union([CatalogueRefusedError.shape.detail, ValidationErrorBody.shape.detail]) })
      .describe(
        `\`{code: "CATALOGUE_PACKAGE_REFUSED", problems}\`: ${what} has problems (every one listed with its file, ` +
          'item id, field, code and message) and nothing was changed; or the validation list (an empty body, a bad ' +
          'query)',
      );
  const conflict = z
    .object({ detail: z.enum([CatalogueAdminErrorCode.APPLY_IN_PROGRESS, CatalogueAdminErrorCode.LIVE_CHANGED]) })
    .describe(
      '`CATALOGUE_APPLY_IN_PROGRESS`: another apply or rollback is running on this server (try again when it is ' +
        'done); `CATALOGUE_LIVE_CHANGED`: `if_live` is no longer the live version (someone applied another one: ' +
        'look at the new diff first). Nothing was changed',
    );

  /** Refuses a change prepared against a version that is no longer live. */
  async function checkLive(ifLive: number | undefined) {
    if (ifLive === undefined) return;
    const { live } = await importer.versions();
    if ((live ?? 0) !== ifLive) throw new HttpError(409, CatalogueAdminErrorCode.LIVE_CHANGED);
  }

  async function checkVersion(id: number) {
    const { items } = await importer.versions();
    if (!items.some((version) => version.id === id))
      throw new HttpError(404, CatalogueAdminErrorCode.VERSION_NOT_FOUND);
  }

  function packageBytes(body: unknown): Buffer {
    if (!Buffer.isBuffer(body) || body.length === 0) throw emptyBody();
    return body;
  }

  app.get(
    '/admin/catalogue/versions',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Catalogue versions applied, newest first (superusers)',
        description: `Every version of the catalogue (1, 2, 3 … in the order applied) and which one is live. ${RULES}`,
        response: { 200: CatalogueVersionList.describe('The versions, newest first, and the live one'), ...responses },
      },
    },
    async () => importer.versions(),
  );

  app.post(
    '/admin/catalogue/dry-run',
    {
      onRequest: [...upload, takeSlots([uploadSlot])],
      schema: {
        tags,
        summary: 'Check an uploaded package against the live catalogue: every problem, the diff and its impact',
        description:
          `Reads the package and answers every problem found (\`ok: false\`), or the diff against the live catalogue ` +
          'by id (added, changed field by field, removed, newly deprecated) with the stored catches, sales and ' +
          `records each change touches. Changes nothing; safe to repeat. ${UPLOAD} ${RULES}`,
        consumes: [...PACKAGE_UPLOAD_TYPES],
        response: {
          200: trustedResponse(CatalogueDryRun.describe('The report: problems, or the diff and its impact')),
          ...uploadResponses,
        },
      },
    },
    async (request) =>
      withSlots(request, async () => importer.dryRun(await loadPackage({ bytes: packageBytes(request.body) }))),
  );

  app.post(
    '/admin/catalogue/apply',
    {
      onRequest: [...upload, takeSlots([uploadSlot, applySlot])],
      schema: {
        tags,
        summary: 'Apply an uploaded package as the next catalogue version (nothing when its content is the live one)',
        description:
          'Checks the package as the dry run does and, without problems, applies it in one transaction as the next ' +
          'version, recorded with the superuser who applied it; servers pick it up within seconds. A package with ' +
          'the live content changes nothing (`version: null`, `unchanged: true`); a removed id that stored data ' +
          'still references is a problem unless the package keeps it marked `deprecated`. One apply or rollback at ' +
          `a time per server. ${UPLOAD} ${RULES}`,
        consumes: [...PACKAGE_UPLOAD_TYPES],
        querystring: CatalogueChangeQuery,
        response: {
          200: trustedResponse(
            CatalogueApplyResult.describe('Applied (`version`), or unchanged (`version: null`): with its report'),
          ),
          409: conflict,
          422: refusedResponse('the package'),
          ...uploadResponses,
        },
      },
    },
    async (request) =>
      withSlots(request, async () => {
        const bytes = packageBytes(request.body);
        await checkLive(request.query.if_live);
        const result = await importer.apply(await loadPackage({ bytes }), currentUser(request).email);
        if (!result.ok) throw refused(result);
        return result;
      }),
  );

  app.get(
    '/admin/catalogue/versions/:id/rollback-preview',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'What rolling back to a version would change (superusers)',
        description:
          "The diff from the live catalogue to version `id`'s content, with its impact, as a dry run answers it " +
          `(problems: what would refuse the rollback). Changes nothing. ${RULES}`,
        params: CatalogueVersionParams,
        response: {
          200: trustedResponse(CatalogueDryRun.describe('The report of the rollback')),
          404: errorCodes(CatalogueAdminErrorCode.VERSION_NOT_FOUND).describe('No version has this id'),
          ...responses,
        },
      },
    },
    async (request) => {
      await checkVersion(request.params.id);
      return importer.previewRollback(request.params.id);
    },
  );

  app.post(
    '/admin/catalogue/versions/:id/rollback',
    {
      onRequest: [...guard, takeSlots([applySlot])],
      schema: {
        tags,
        summary: "Roll back: apply an earlier version's content again, as a new version (superusers)",
        description:
          "Applies version `id`'s content as the next version (kind `rollback`, `restored_from: id`); nothing when " +
          'it is the live content (`version: null`). Refused, with its problems, when stored data references an ' +
          'id that version lacks. Any body is ignored. One apply or rollback at a time per server. ' +
          RULES,
        params: CatalogueVersionParams,
        querystring: CatalogueChangeQuery,
        response: {
          200: trustedResponse(CatalogueApplyResult.describe('Rolled back (`version`), or unchanged: with its report')),
          404: errorCodes(CatalogueAdminErrorCode.VERSION_NOT_FOUND).describe('No version has this id'),
          409: conflict,
          422: refusedResponse("the version's content"),
          ...responses,
        },
      },
    },
    async (request) =>
      withSlots(request, async () => {
        await checkVersion(request.params.id);
        await checkLive(request.query.if_live);
        const result = await importer.rollback(request.params.id, currentUser(request).email);
        if (!result.ok) throw refused(result);
        return result;
      }),
  );
};
