/**
 * The player's fish collection (issue 25, docs/account-api.md §5): `GET /api/users/me/collection`, the switch of its
 * public page `PUT /api/users/me/collection/sharing`, and the public page's read `GET /api/collections/{share_id}`.
 *
 * Limits: none beyond the site's. The owner's routes are one user's own reads and one-row writes. The public read is
 * what every public read of the site is (heat map, logs, bait guide: no per-IP limit; the overload guard sheds a
 * flood): a share id is 128 random bits, so trying ids finds nothing however fast it runs, and each try is one lookup
 * by a unique key (a malformed id not even that); a known link costs one grouped read of one logger's catches
 * through an index, like that player's own stats.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CollectionSharing,
  CollectionSharingBody,
  MyCollectionResponse,
  PublicCollectionParams,
  PublicCollectionResponse,
} from '#shared/contracts/collection';
import { errorCodes, ValidationErrorBody } from '#shared/contracts/common';
import { requireJsonBody } from '../../http/json-bodies';
import { noStore } from '../../http/no-store';
import { requestLocale } from '../../http/request-locale';
import { currentUser } from '../../plugins/auth';
import { COLLECTION_NOT_FOUND, type CollectionService } from './collection.service';

const tags = ['users'];

export interface CollectionRoutesOptions {
  collection: CollectionService;
}

const WHAT =
  'Every fish of the game in catalogue order (deprecated fish only when caught, outside the totals), each `caught` ' +
  'or not yet, with its all-time `catch_count`, its `heaviest` catch (weight, time, map and star type of the ' +
  'earliest of the equally heaviest) and `best_star_type`, the highest trophy star type (446–452) any of its catches ' +
  "reached; `caught` of `total` fish; and per map with fish, how many of the fish living there (the catalogue's " +
  "habitats) were caught, anywhere. One grouped read of the logger's catches, whatever their number.";

export const collectionRoutes: FastifyPluginAsyncZod<CollectionRoutesOptions> = async (app, { collection }) => {
  app.get(
    '/users/me/collection',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The current user's fish collection: caught or not yet, heaviest, best star, progress per map",
        description:
          `${WHAT} The catches are those of the user's bound logger: without one (\`logger_bound: false\`) every ` +
          'fish is not yet caught. `sharing` says whether the public page is on and gives its link (in the ' +
          'language of `Accept-Language`). Not rate-limited.',
        response: { 200: MyCollectionResponse.describe("The user's collection and its sharing") },
      },
    },
    async (request) => collection.mine(currentUser(request), requestLocale(request) ?? 'zh'),
  );

  app.put(
    '/users/me/collection/sharing',
    {
      onRequest: app.requireUser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Turn the public page of my collection on or off',
        description:
          'Off by default. `{"public": true}` makes a public page of the collection at an unguessable link ' +
          '(`share_url`, in the language of `Accept-Language`; turning it on again keeps the same link). ' +
          '`{"public": false}` removes it: every link given out so far answers 404 from then on, and turning it ' +
          'on later makes a new one. The page shows the collection only: never the e-mail, account, nickname or ' +
          'logger. Idempotent.',
        body: CollectionSharingBody,
        response: {
          200: CollectionSharing.describe('Sharing as it now is'),
          422: ValidationErrorBody.describe('The body is not `{public: boolean}` (FastAPI validation list)'),
        },
      },
    },
    async (request) => collection.setSharing(currentUser(request), request.body.public, requestLocale(request) ?? 'zh'),
  );

  app.get(
    '/collections/:share_id',
    {
      // Turning sharing off must close the page at once: no browser or proxy may keep a copy.
      onSend: noStore,
      schema: {
        tags,
        summary: "A player's shared collection (public)",
        description:
          `The collection a player chose to share (\`share_url\` of \`PUT /users/me/collection/sharing\`). ${WHAT} ` +
          'Nothing names the player: no e-mail, account id, nickname or logger id. Public; not rate-limited (a ' +
          'share id is 128 random bits); `Cache-Control: no-store`, so turning sharing off is seen at once.',
        security: [],
        params: PublicCollectionParams,
        response: {
          200: PublicCollectionResponse.describe('The shared collection'),
          404: errorCodes(COLLECTION_NOT_FOUND).describe(
            'Nobody shares a collection under this id: it was never one, or its player turned sharing off',
          ),
        },
      },
    },
    async (request) => collection.shared(request.params.share_id),
  );
};
