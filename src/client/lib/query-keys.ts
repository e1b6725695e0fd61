/**
 * Every TanStack Query key of the client, in one typed factory: a key is written once, so a query and the code that
 * updates or invalidates it cannot drift apart. Each area's keys start with the area's name, and a shorter
 * key (e.g. `queryKeys.vip.anyStatus()`) is the prefix that matches all keys of its kind. Keys of what belongs to a user hold the session's token, so
 * another login never sees the last one's answers.
 */
import type { HeatmapRange } from '#shared/catch-data-rules';
import type { Locale } from '#shared/locales';

/** A page's filters as they key its answers (a plain object of the page's own). */
type Filters = object;

export const queryKeys = {
  build: () => ['build'] as const,
  account: {
    me: (token: string) => ['account', 'me', token] as const,
    verify: (emailToken: string) => ['account', 'verify', emailToken] as const,
  },
  admin: {
    catalogueVersions: (token: string) => ['admin', 'catalogue-versions', token] as const,
    rollbackPreview: (token: string, version: number) => ['admin', 'rollback-preview', token, version] as const,
    overview: (token: string) => ['admin', 'overview', token] as const,
    users: (token: string, filters: Filters) => ['admin', 'users', token, filters] as const,
    user: (token: string, id: string) => ['admin', 'user', token, id] as const,
    records: (token: string, filters: Filters) => ['admin', 'records', token, filters] as const,
    aiQuestions: (token: string, filters: Filters) => ['admin', 'ai-questions', token, filters] as const,
    aliases: (token: string) => ['admin', 'aliases', token] as const,
    audit: (token: string, filters: Filters) => ['admin', 'audit', token, filters] as const,
    catches: (token: string, filters: Filters) => ['admin', 'catches', token, filters] as const,
    loggers: (token: string, filters: Filters) => ['admin', 'loggers', token, filters] as const,
    /** Every console answer: what a change marks out of date (a change shows on several screens at once). */
    all: () => ['admin'] as const,
  },
  ai: {
    quota: (token: string) => ['ai', 'quota', token] as const,
    history: (token: string) => ['ai', 'history', token] as const,
  },
  alerts: {
    follows: (token: string) => ['alerts', 'follows', token] as const,
    list: (token: string, page: number) => ['alerts', 'list', token, page] as const,
    unread: (token: string) => ['alerts', 'unread', token] as const,
    /** Every alerts answer of every user: what a change (a follow, a read) marks out of date. */
    all: () => ['alerts'] as const,
  },
  baitGuide: {
    ranking: (fish: number | null, map: number | null, all = false) =>
      ['bait-guide', 'ranking', fish, map, ...(all ? ['all'] : [])] as const,
    detail: (fish: number, map: number | null, all = false) =>
      ['bait-guide', 'detail', fish, map, ...(all ? ['all'] : [])] as const,
    top: (map: number | null) => ['bait-guide', 'top', map] as const,
    bait: (bait: number) => ['bait-guide', 'bait', bait] as const,
  },
  collection: {
    mine: (token: string, loggerId: string | null) => ['collection', 'mine', token, loggerId] as const,
    shared: (shareId: string) => ['collection', 'shared', shareId] as const,
  },
  catalogue: {
    baits: (lang: Locale, filters: Filters) => ['catalogue', 'baits', lang, filters] as const,
    fishesByMap: (map: number | null) => ['catalogue', 'fishes-by-map', map] as const,
  },
  heatmap: {
    picture: (query: HeatKey | null) => ['heatmap', query] as const,
    cell: (query: HeatKey | null, cell: { col: number; row: number } | null) =>
      ['heatmap', 'cell', query, cell] as const,
  },
  logs: {
    list: (kind: LogKind, filters: Filters, page: number, session: string | null) =>
      ['logs', kind, 'list', filters, page, session] as const,
    item: (kind: LogKind, id: number | null) => ['logs', kind, 'item', id] as const,
    /** The newest `size` records of a fish or a map (its page, issue 23). */
    latest: (kind: LogKind, of: { fish?: number; map?: number }, size: number) =>
      ['logs', kind, 'latest', of, size] as const,
  },
  stats: {
    me: (token: string, loggerId: string | null, timeZone: string) =>
      ['stats', 'me', token, loggerId, timeZone] as const,
  },
  vip: {
    status: (token: string) => ['vip', 'status', token] as const,
    /** Every user's status: the prefix that marks them all out of date. */
    anyStatus: () => ['vip', 'status'] as const,
    orders: (token: string, page: number) => ['vip', 'orders', token, page] as const,
    /** Every page of every user's orders. */
    anyOrders: () => ['vip', 'orders'] as const,
    order: (token: string, orderNo: string) => ['vip', 'order', token, orderNo] as const,
    userAfter: (token: string, orderNo: string) => ['vip', 'user-after', token, orderNo] as const,
  },
};

type LogKind = 'bird' | 'official';
interface HeatKey {
  map: number;
  fish: number | null;
  star: number | null;
  range: HeatmapRange;
  all: boolean;
}
