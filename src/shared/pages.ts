/**
 * Every screen of the product (docs/product-requirements.md §2), shared by the client's route table and the server's
 * sitemap so the two can never disagree. `public` pages are listed in the sitemap; account pages are not.
 */
export const PAGES = [
  { path: '/', key: 'home', public: true },
  { path: '/query/official-logs', key: 'officialLogs', public: true },
  { path: '/query/bird-logs', key: 'birdLogs', public: true },
  { path: '/query/bait-guide', key: 'baitGuide', public: true },
  { path: '/query/baits', key: 'baits', public: true },
  { path: '/query/ai-chat', key: 'aiChat', public: true },
  { path: '/guide/fishes', key: 'fishes', public: true },
  { path: '/vip/buy', key: 'vipBuy', public: true },
  { path: '/vip/result', key: 'vipResult', public: false },
  // The local payment provider's test checkout (issue 12): where `checkout_url` points when PAYMENT_PROVIDER=local.
  { path: '/vip/checkout', key: 'vipCheckout', public: false },
  { path: '/user', key: 'user', public: false },
  { path: '/user/login', key: 'login', public: false },
  { path: '/user/register', key: 'register', public: false },
  { path: '/user/forget-pwd', key: 'forgetPwd', public: false },
  { path: '/user/reset-pwd', key: 'resetPwd', public: false },
  { path: '/user/verify', key: 'verify', public: false },
  { path: '/user/profile', key: 'profile', public: false },
  { path: '/user/orders', key: 'orders', public: false },
  { path: '/user/my-data', key: 'myData', public: false },
  // The superuser's catalogue versions and package imports (issue 21): others get the not-found page.
  { path: '/admin/catalogue', key: 'adminCatalogue', public: false },
  // The moderation console (issue 24, decision 0040), superusers only like the catalogue's page: the overview, users,
  // official records, unanswered AI questions and the audit log.
  { path: '/admin', key: 'adminOverview', public: false },
  { path: '/admin/users', key: 'adminUsers', public: false },
  { path: '/admin/records', key: 'adminRecords', public: false },
  { path: '/admin/ai-questions', key: 'adminAiQuestions', public: false },
  { path: '/admin/audit', key: 'adminAudit', public: false },
  { path: '/admin/catches', key: 'adminCatches', public: false },
  // The loggers' moderation (decision 0041).
  { path: '/admin/loggers', key: 'adminLoggers', public: false },
  // The player's fish collection (issue 25): every fish caught or not yet, progress per map, the share switch.
  { path: '/user/collection', key: 'collection', public: false },
  // Alerts, a VIP benefit (issue 25, decision 0036): the member's follows and alerts, and the page an alert e-mail's
  // unsubscribe link opens (no login needed).
  { path: '/user/alerts', key: 'alerts', public: false },
  { path: '/alerts/unsubscribe', key: 'alertsUnsubscribe', public: false },
] as const;

export type PageKey = (typeof PAGES)[number]['key'];

type Page = (typeof PAGES)[number];
export type PagePath = Page['path'];

/**
 * Each page's path (without a language prefix) by its key, typed to the literal: `PAGE_PATHS.resetPwd` is
 * `'/user/reset-pwd'`. Code links to pages through this table rather than spelling paths, so renaming a path in
 * PAGES moves every link with it. Combine with `localePath` from `./locales` for a language's form.
 */
export const PAGE_PATHS = Object.freeze(Object.fromEntries(PAGES.map((page) => [page.key, page.path]))) as {
  readonly [P in Page as P['key']]: P['path'];
};

/**
 * A bait's own page (issue 26), under the bait list: `/query/baits/12`. The segment after the list may carry a
 * readable `-slug` after the id (`/query/baits/12-red-worm`, for the SEO issue's links); the id alone names the bait,
 * so a renamed bait's old links keep working. Not in PAGES: it is one page per catalogue item, not a screen of the
 * menu or the sitemap's fixed list.
 */
export const BAIT_PAGE_ROUTE = `${PAGE_PATHS.baits}/:ref` as const;

/** The path of a bait's page, without a language prefix (combine with `localePath`); `slug` from `itemSlug`. */
export function baitPagePath(baitId: number, slug = ''): string {
  return `${PAGE_PATHS.baits}/${baitId}${slug ? `-${slug}` : ''}`;
}

/** A fish's own page (issue 23), under the encyclopedia: `/guide/fishes/7` or `/guide/fishes/7-common-carp`. */
export const FISH_PAGE_ROUTE = `${PAGE_PATHS.fishes}/:ref` as const;

/** The path of a fish's page, without a language prefix (combine with `localePath`); `slug` from `itemSlug`. */
export function fishPagePath(fishId: number, slug = ''): string {
  return `${PAGE_PATHS.fishes}/${fishId}${slug ? `-${slug}` : ''}`;
}

/** A map's own page (issue 23): `/maps/3` or `/maps/3-mirror-lake`. No list page: the heat map is the maps' index. */
export const MAP_PAGE_ROUTE = '/maps/:ref' as const;

/** The path of a map's page, without a language prefix (combine with `localePath`); `slug` from `itemSlug`. */
export function mapPagePath(mapId: number, slug = ''): string {
  return `/maps/${mapId}${slug ? `-${slug}` : ''}`;
}

/** The pages of one catalogue item each, by the catalogue group their id belongs to (the sitemap, the server's routes). */
export const ITEM_PAGES = [
  { route: FISH_PAGE_ROUTE, group: 'fish', path: fishPagePath },
  { route: BAIT_PAGE_ROUTE, group: 'baits', path: baitPagePath },
  { route: MAP_PAGE_ROUTE, group: 'maps', path: mapPagePath },
] as const;

/**
 * The readable part of an item page's address in the page's language (issue 23): its name lower-cased, every run of
 * characters other than letters and digits (any script: 鲤鱼 and コイ stay as they are) turned into one `-`, at most
 * 60 characters. Empty when nothing is left; `itemIdOf` accepts every slug this makes.
 */
export function itemSlug(name: string): string {
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    // A first word longer than the limit is cut; later ones are left out whole.
    if ([...next].length > 60) return slug || [...word].slice(0, 60).join('');
    slug = next;
  }
  return slug;
}

/** The id of an item page's segment, `12` or `12-red-worm`; null for anything else (`0`, `012`, `abc`, `12-`). */
export function itemIdOf(ref: string): number | null {
  const match = /^([1-9][0-9]{0,14})(?:-[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)?$/u.exec(ref);
  return match ? Number(match[1]) : null;
}

/**
 * A shared collection's public page (issue 25): `/collection/<share_id>`, one per player who turned sharing on. Not in
 * PAGES: it is no screen of the menu, and it is never listed in the sitemap (a player shares its link, no search
 * engine needs it).
 */
export const COLLECTION_PAGE_ROUTE = '/collection/:shareId' as const;

/** The path of a shared collection's page, without a language prefix (combine with `localePath`). */
export function collectionPagePath(shareId: string): string {
  return `/collection/${shareId}`;
}

/** Whether a segment has the shape of a share id (22 base64url characters: 128 random bits); nothing else can be one. */
export function isShareId(ref: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(ref);
}
