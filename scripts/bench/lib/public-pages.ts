/**
 * What the public-page benches share (issue 23: `ssr-pages.ts`, `lighthouse.ts`): the built server on a bench world
 * in a process of its own, the catalogue it publishes, and the addresses of the item pages (fish, bait, map) in each
 * language, spelled as the site spells them (shared/pages.ts, shared/locales.ts).
 *
 * The fish pages are the budget's pages. Until the server renders them they answer the SPA shell with a 404, so
 * `--items auto` (the default) falls back to the bait pages, which today's server already answers with 200: the
 * benches run end to end on either side of the change and say which pages they measured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BaitItem, CategoryList, FishItem, MapItem } from '#shared/contracts/catalogue';
import { type Locale, localePath } from '#shared/locales';
import { baitPagePath, fishPagePath, itemSlug, mapPagePath } from '#shared/pages';
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/database';
import { unusedPort } from '../../../src/server/test/unused-port';
import { BuiltServer } from '../../lib/built-server';
import { removeUploads } from './bench-helpers';
import type { BenchWorld } from './bench-world';

/** What Chrome sends. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export type ItemKind = 'fish' | 'bait' | 'map';
export type Item = FishItem | BaitItem | MapItem;

export interface PageServer {
  server: BuiltServer;
  base: string;
  /** The server's Prometheus metrics (its own request durations). */
  metricsUrl: string;
  stop(): Promise<void>;
}

export interface PageServerOptions {
  /** Listen here; 0 = any free port. */
  port?: number;
  logLevel?: string;
  /** Added to the server's environment (e.g. `SSR_CACHE=0`). */
  env?: Record<string, string>;
  /** PostgreSQL worlds: Redis beside it, as production runs (rate limits, shared state). */
  redisUrl?: string;
}

/**
 * The built `dist/server/server.js` on `world`, in production mode, logging to a file as a service manager keeps
 * it (removed when stopped): not in the bench's process, whose load generator would share its heap and event loop.
 */
export async function startPageServer(world: BenchWorld, options: PageServerOptions = {}): Promise<PageServer> {
  const port = options.port || (await unusedPort());
  const metricsPort = await unusedPort();
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-pages-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    JWT_SECRET: 'public-pages-bench-secret-0123456789abcdef0123',
    LOG_LEVEL: options.logLevel ?? 'info',
    // A demo site: the local payment provider, which production refuses unless told.
    PAYMENT_LOCAL_IN_PRODUCTION: 'true',
    LOCAL_PAYMENT_SECRET: 'public-pages-bench-payments-0123456789abcdef',
    DEMO_DATA: 'off',
    // The bench registers its logger from this address; a player's 20 a minute is plenty, but reruns add up.
    AUTH_IP_PER_MINUTE: '10000',
    ...world.env,
    ...(world.pgSchema !== undefined &&
      options.redisUrl && { REDIS_URL: options.redisUrl, REDIS_PREFIX: `anglerdex-pages-${process.pid}:` }),
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
  };
  const base = `http://127.0.0.1:${port}`;
  const server = new BuiltServer('server', base, env, { logFile: path.join(logDir, 'server.log') });
  try {
    await server.start(180_000);
  } catch (error) {
    rmSync(logDir, { recursive: true, force: true });
    throw error;
  }
  return {
    server,
    base,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    async stop() {
      // A server that ended on its own left its reason in the log: kept for reading.
      if (!server.running) {
        console.error(
          `the server had stopped (${server.ended}) before the bench stopped it: its log is ${logDir}/server.log`,
        );
        return;
      }
      await server.stop('SIGTERM');
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** Removes what the logger simulator (or a bench posing as one) uploaded, so every run meets the seeded world. */
export async function cleanWorld(world: BenchWorld): Promise<void> {
  const db = await openDatabase(world.config.database, { pgSchema: world.pgSchema });
  const { app, services } = await buildApp({ config: world.config, db, logger: false });
  try {
    await removeUploads(db, services.heatRollups);
  } finally {
    await app.close();
  }
}

export interface PublishedCatalogue {
  fish: FishItem[];
  maps: MapItem[];
  baits: BaitItem[];
}

/** The catalogue the server publishes (what a visitor's browser and a logger know), deprecated items left out. */
export async function publishedCatalogue(base: string): Promise<PublishedCatalogue> {
  const groups = ['fish', 'maps', 'baits'].map((g) => `category_group=${g}`).join('&');
  const res = await fetch(`${base}/api/system/get_category_list?${groups}`);
  if (!res.ok) throw new Error(`the catalogue answered ${res.status}`);
  const list = ((await res.json()) as { category_list: CategoryList }).category_list;
  const live = <T extends { deprecated: boolean }>(items: T[] | undefined) =>
    (items ?? []).filter((i) => !i.deprecated);
  const maps = live(list.maps);
  const mapIds = new Set(maps.map((m) => m.id));
  return {
    // A fish's page is about where it lives: fish on no live map are no page a visitor reaches from the heat map.
    fish: live(list.fish).filter((f) => f.data.maps.some((id) => mapIds.has(id))),
    maps,
    baits: live(list.baits),
  };
}

export function itemsOf(catalogue: PublishedCatalogue, kind: ItemKind): Item[] {
  return kind === 'fish' ? catalogue.fish : kind === 'bait' ? catalogue.baits : catalogue.maps;
}

/** The item's name in `lang` (zh's name is every language's fallback, as the site shows it). */
export function itemName(item: Item, lang: Locale): string {
  return (lang === 'en' ? item.name_en : lang === 'ja' ? item.name_ja : null) ?? item.name;
}

/** The item's page in `lang`, with the readable slug the site's own links carry (`/en/guide/fishes/7-common-carp`). */
export function itemPageUrl(kind: ItemKind, item: Item, lang: Locale): string {
  const pathOf = kind === 'fish' ? fishPagePath : kind === 'bait' ? baitPagePath : mapPagePath;
  return localePath(lang, pathOf(item.id, itemSlug(itemName(item, lang))));
}

/**
 * `auto`: the fish pages when the server answers one with 200, else the bait pages (today's server has those and
 * answers a fish page with the shell's 404). Another kind is taken as asked, and must answer 200.
 */
export async function chooseItemKind(
  base: string,
  catalogue: PublishedCatalogue,
  wanted: string,
): Promise<{ kind: ItemKind; note: string }> {
  const probe = async (kind: ItemKind) => {
    const item = itemsOf(catalogue, kind)[0];
    if (!item) return { ok: false, url: `(no ${kind} in the catalogue)`, status: 0 };
    const url = itemPageUrl(kind, item, 'zh');
    const res = await fetch(`${base}${url}`, { headers: { accept: BROWSER_ACCEPT }, redirect: 'manual' });
    await res.arrayBuffer();
    return { ok: res.status === 200, url, status: res.status };
  };
  if (wanted !== 'auto') {
    if (!['fish', 'bait', 'map'].includes(wanted)) throw new Error(`--items ${wanted}: fish, bait, map or auto`);
    const kind = wanted as ItemKind;
    const { ok, url, status } = await probe(kind);
    if (!ok) throw new Error(`${kind} pages: ${url} answered ${status}`);
    return { kind, note: `${kind} pages` };
  }
  const fish = await probe('fish');
  if (fish.ok) return { kind: 'fish', note: 'fish pages' };
  const bait = await probe('bait');
  if (!bait.ok)
    throw new Error(`neither fish (${fish.url}: ${fish.status}) nor bait pages (${bait.url}: ${bait.status})`);
  return {
    kind: 'bait',
    note: `bait pages, standing in for the fish pages (${fish.url} answered ${fish.status}: not served yet)`,
  };
}

/** `count` items spread evenly over the list (sorted by id): many ids, the same ones on every run. */
export function spreadOver<T extends { id: number }>(items: readonly T[], count: number): T[] {
  const sorted = [...items].sort((a, b) => a.id - b.id);
  if (count <= 0 || count >= sorted.length) return sorted;
  return Array.from({ length: count }, (_, i) => sorted[Math.floor((i * sorted.length) / count)]!);
}
