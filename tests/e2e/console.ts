/**
 * What the console's journeys share: a superuser made with the operator command on the e2e server's data, signing in
 * through the login page, and a logger's plausible catches uploaded over the API as a real logger sends them.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import type { CategoryList } from '../../src/shared/contracts/catalogue';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { expect, type Page } from './test';
import { registerLogger } from './loggers';
import { texts } from './texts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const en = texts('en');

/** A superuser made with `npm run user:create -- --superuser`, as an operator makes one, in the e2e server's data. */
export function makeSuperuser(email: string, password: string): void {
  execFileSync(
    'npm',
    ['run', '--silent', 'user:create', '--', '--email', email, '--password', password, '--superuser'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! },
      stdio: 'pipe',
    },
  );
}

/** Signs in through the English login page and lands in the user centre. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(localePath('en', PAGE_PATHS.login));
  await page.getByLabel(en.account.fields.email, { exact: true }).fill(email);
  await page.getByLabel(en.account.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.account.submit.login }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath('en', PAGE_PATHS.user));
}

/** Where a journey's catches are made: the catalogue's first fish that lives somewhere, on its first map. */
export interface CatchPlace {
  mapId: number;
  fishId: number;
}

/**
 * A new logger (with this player name) uploads catches of one fish at the given times, each with the fish's least
 * weight and in the middle of its map; every one is stored (`created`). Returns the logger and where they were made.
 */
export async function uploadCatches(
  request: APIRequestContext,
  { player, reportPrefix, times }: { player: string; reportPrefix: string; times: number[] },
): Promise<{ clientId: string; place: CatchPlace }> {
  const res = await request.get(
    '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits',
  );
  const list = (await res.json()).category_list as CategoryList;
  const fish = list.fish!.find((item) => item.data.maps.length > 0)!;
  const mapId = fish.data.maps[0]!;
  const { bounds } = list.maps!.find((map) => map.id === mapId)!.data;
  const logger = await registerLogger(request, { player_name: player, version: 'e2e' });
  const items = times.map((time, i) => ({
    report_id: `${reportPrefix}-${i}`,
    caught_at: new Date(time).toISOString(),
    map_id: mapId,
    fish_id: fish.id,
    bait_id: list.baits![0]!.id,
    bait2_id: null,
    rod_type: 'telescopic',
    star_type: 0,
    weight: fish.data.min_weight,
    depth: 4.5,
    direction: 'back',
    angle: 135,
    game_hour: 3,
    temperature: 17.5,
    weather: 'sunny',
    night: false,
    x: (bounds.x_min + bounds.x_max) / 2,
    y: (bounds.y_min + bounds.y_max) / 2,
    time_spent: 60,
  }));
  const uploaded = await request.post('/api/c_report/catches', {
    headers: { authorization: `Bearer ${logger.client_token}` },
    data: { items },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await uploaded.json()).created).toBe(times.length);
  return { clientId: logger.client_id, place: { mapId, fishId: fish.id } };
}
