/**
 * The catch data journeys in Chromium against the built site: a logger uploads catches and sales through the API,
 * a player filters the AI records down to one of them, opens its detail with the compass and shares its URL; an
 * operator imports an official record of that player, who sees it under 'mine' once the logger is bound; the
 * personal stats show the day's uploads. The data is made here, through the same API loggers use.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from './test';
import type { CategoryList } from '../../src/shared/contracts/catalogue';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import type Logs from '../../src/client/locales/en/logs.json';
import { bindingCode, registerLogger } from './loggers';
import { fill } from './texts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const t = JSON.parse(fs.readFileSync(path.join(ROOT, 'src/client/locales/en/logs.json'), 'utf8')) as typeof Logs;
const PASSWORD = 'logs-e2e-pass-1';
const MINUTE = 60_000;

// One journey after the other: they share the logger and the catalogue picked below.
test.describe.configure({ mode: 'serial' });

interface World {
  map: { id: number; name: string; bounds: { x_min: number; y_min: number; x_max: number; y_max: number } };
  fish: { id: number; name: string; min: number; max: number };
  baits: { id: number; name: string }[];
  starName: string;
}

let world: World;
let logger: { client_id: string; client_token: string; player: string };
/** The time window of this run's catches: nothing of the demo world falls in it with the same fish and star type. */
let window: { from: string; to: string };
const run = Date.now().toString(36);

async function catalogue(request: APIRequestContext): Promise<World> {
  const res = await request.get(
    '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits&category_group=star_type',
  );
  const list = (await res.json()).category_list as CategoryList;
  const fish = list.fish!.find((item) => item.data.maps.length > 0)!;
  const map = list.maps!.find((item) => item.id === fish.data.maps[0])!;
  return {
    map: { id: map.id, name: map.name_en ?? map.name, bounds: map.data.bounds },
    fish: { id: fish.id, name: fish.name_en ?? fish.name, min: fish.data.min_weight, max: fish.data.max_weight },
    baits: list.baits!.slice(0, 2).map((bait) => ({ id: bait.id, name: bait.name_en ?? bait.name })),
    starName: list.star_type!.find((star) => star.id === 452)!.name_en!,
  };
}

async function upload(request: APIRequestContext, route: 'catches' | 'sales', items: object[]): Promise<void> {
  const res = await request.post(`/api/c_report/${route}`, {
    headers: { authorization: `Bearer ${logger.client_token}` },
    data: { items },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).created).toBe(items.length);
}

/** A registered and logged-in account, its session stored in the page as the site keeps it. */
async function signIn(page: Page, request: APIRequestContext, label: string): Promise<string> {
  const email = `${label}.${run}@example.com`;
  expect((await request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  const login = await request.post('/api/auth/jwt/login', { form: { username: email, password: PASSWORD } });
  const token = (await login.json()).access_token as string;
  const me = await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json();
  await page.addInitScript(
    (session) => localStorage.setItem('session', session),
    JSON.stringify({ token, userInfo: me }),
  );
  return token;
}

test.beforeAll(async ({ request }) => {
  world = await catalogue(request);
  const player = `E2E Angler ${run}`;
  logger = { ...(await registerLogger(request, { player_name: player, version: 'e2e' })), player };

  // Three catches a minute apart, ten minutes ago: the newest a super rare blue crown with the sandwich rig.
  const base = Date.now() - 10 * MINUTE;
  const { bounds } = world.map;
  const at = (fx: number, fy: number) => ({
    x: bounds.x_min + (bounds.x_max - bounds.x_min) * fx,
    y: bounds.y_min + (bounds.y_max - bounds.y_min) * fy,
  });
  const caught = (i: number, fields: object) => ({
    report_id: `e2e-${run}-${i}`,
    caught_at: new Date(base + i * MINUTE).toISOString(),
    map_id: world.map.id,
    fish_id: world.fish.id,
    bait_id: world.baits[0]!.id,
    bait2_id: null,
    rod_type: 'telescopic',
    star_type: 0,
    weight: world.fish.min,
    depth: 4.5,
    direction: 'back',
    angle: 135,
    game_hour: 0,
    temperature: 17.5,
    weather: 'sunny',
    night: true,
    ...at(0.25, 0.75),
    time_spent: 95,
    ...fields,
  });
  await upload(request, 'catches', [
    caught(0, { star_type: 448 }),
    caught(1, {}),
    caught(2, { star_type: 452, bait2_id: world.baits[1]!.id, weight: world.fish.max }),
  ]);
  window = { from: new Date(base - MINUTE).toISOString(), to: new Date(base + 5 * MINUTE).toISOString() };
  await upload(request, 'sales', [
    {
      report_id: `e2e-${run}-s1`,
      sold_at: new Date(Date.now() - 2 * MINUTE).toISOString(),
      income: 4200,
      fish_count: 3,
      star_count: 2,
    },
  ]);
});

test('filter the AI records, open a catch with its compass, and share its URL', async ({ page, context }) => {
  const base = localePath('en', PAGE_PATHS.birdLogs);
  // The window, bait and rod of this run's catches from a shared link (the demo world's catches end now, too).
  const window_ = `range=custom&from=${encodeURIComponent(window.from)}&to=${encodeURIComponent(window.to)}`;
  await page.goto(`${base}?${window_}&bait=${world.baits[0]!.id}&rod=telescopic`);
  const table = page.getByRole('table', { name: t.table.birdCaption });
  await expect(table.getByRole('row').nth(3)).toBeVisible();

  // Narrow to the fish and the super rare blue crown.
  await page.getByRole('combobox', { name: t.filters.fish }).click();
  await page.getByRole('option', { name: world.fish.name, exact: true }).click();
  await page.getByRole('combobox', { name: t.filters.starType }).click();
  await page.getByRole('option', { name: world.starName, exact: true }).click();
  await expect(page).toHaveURL(/[?&]star=452/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('log-total')).toHaveText(fill(t.list.total_one, { count: 1 }));

  // The bait's info, then the detail.
  const row = table.getByRole('row').nth(1);
  const bait = new RegExp(`^${world.baits[0]!.name} `);
  await row.getByRole('button', { name: bait }).click();
  await expect(page.getByRole('dialog', { name: bait })).toBeVisible();
  await page.keyboard.press('Escape');
  // The record's time opens it (the fish's name leads to the fish's page, issue 23).
  await row.getByRole('link', { name: fill(t.table.open, { fish: world.fish.name }) }).click();

  const detail = page.getByRole('dialog', { name: world.fish.name });
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(/[?&]id=\d+/);
  const compass = detail.getByRole('img', {
    name: fill(t.detail.compassLabel, { point: t.compassLong.SE, angle: 135 }),
  });
  await expect(compass).toBeVisible();
  await expect(compass).toHaveAttribute('data-point', 'SE');
  await expect(detail.getByText(t.weather.night.sunny)).toBeVisible();
  await expect(detail.getByText('24:00')).toBeVisible();
  await expect(detail.getByText(t.direction.back)).toBeVisible();
  await expect(detail.getByTestId('map-preview')).toBeVisible();
  await expect(detail.getByTestId('map-marker')).toHaveAttribute('style', /left: 25%; top: 25%/);

  // The shared link opens the same catch in a new page.
  const shared = page.url();
  const other = await context.newPage();
  await other.goto(shared);
  const again = other.getByRole('dialog', { name: world.fish.name });
  await expect(again).toBeVisible();
  await expect(again.getByRole('img', { name: /135°/ })).toBeVisible();
  await expect(again.getByText(t.weather.night.sunny)).toBeVisible();
  await other.close();
});

test("official records: 'mine' after binding the logger that uploaded the player's name", async ({ page, request }) => {
  // An operator imports a record of this player, as a superuser.
  const admin = `admin.${run}@example.com`;
  execFileSync(
    'npx',
    ['tsx', 'src/server/features/users/user-create-cli.ts', '--email', admin, '--password', PASSWORD, '--superuser'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! },
      stdio: 'pipe',
    },
  );
  const login = await request.post('/api/auth/jwt/login', { form: { username: admin, password: PASSWORD } });
  const adminToken = (await login.json()).access_token as string;
  const imported = await request.post('/api/records/import', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      items: [
        {
          source_id: `e2e-${run}`,
          caught_at: new Date(Date.now() - 20 * MINUTE).toISOString(),
          map_id: world.map.id,
          fish_id: world.fish.id,
          bait_id: world.baits[0]!.id,
          rod_type: 'ultralight',
          star_type: 452,
          weight: world.fish.max,
          player_name: logger.player,
        },
      ],
    },
  });
  expect(imported.status()).toBe(200);
  expect((await imported.json()).created).toBe(1);

  const token = await signIn(page, request, 'official');
  const mine = `${localePath('en', PAGE_PATHS.officialLogs)}?mine=true`;
  await page.goto(mine);
  // Not bound yet: the page asks for a logger id.
  await expect(page.getByTestId('mine-bind')).toBeVisible();

  const bind = await request.post('/api/c_report/user/bind_client_id', {
    headers: { authorization: `Bearer ${token}` },
    data: { client_id: logger.client_id, code: await bindingCode(request, logger) },
  });
  expect(bind.status()).toBe(200);
  // The site learns of the binding from the current user, as after binding in the user centre (this script runs
  // after signIn's on every load).
  await page.addInitScript(
    (user) => {
      const session = JSON.parse(localStorage.getItem('session')!);
      localStorage.setItem('session', JSON.stringify({ ...session, userInfo: user }));
    },
    await bind.json(),
  );
  await page.goto(mine);
  const table = page.getByRole('table', { name: t.table.officialCaption });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(logger.player)).toBeVisible();
  await expect(page.getByRole('switch', { name: t.filters.mine })).toBeChecked();
});

test('the personal stats show the day’s uploads, the personal best and the trophy', async ({ page, request }) => {
  // A logger of its own: the first one is bound to the previous journey's account.
  const own = await registerLogger(request, { player_name: `Stats ${run}` });
  const post = (route: string, items: object[]) =>
    request.post(`/api/c_report/${route}`, {
      headers: { authorization: `Bearer ${own.client_token}` },
      data: { items },
    });
  const now = Date.now();
  const { bounds } = world.map;
  expect(
    (
      await post('catches', [
        {
          report_id: `stats-${run}`,
          caught_at: new Date(now - MINUTE).toISOString(),
          map_id: world.map.id,
          fish_id: world.fish.id,
          bait_id: world.baits[0]!.id,
          rod_type: 'standard',
          star_type: 450,
          weight: world.fish.max,
          depth: 2,
          direction: 'front',
          angle: 10,
          game_hour: 7,
          temperature: 12,
          weather: 'clear',
          night: false,
          x: bounds.x_min,
          y: bounds.y_max,
          time_spent: 30,
        },
      ])
    ).status(),
  ).toBe(200);
  const sales = [
    {
      report_id: `stats-${run}-1`,
      sold_at: new Date(now - 2 * MINUTE).toISOString(),
      income: 4200,
      fish_count: 3,
      star_count: 1,
    },
    {
      report_id: `stats-${run}-2`,
      sold_at: new Date(now - MINUTE).toISOString(),
      income: 800,
      fish_count: 1,
      star_count: 0,
    },
  ];
  expect((await post('sales', sales)).status()).toBe(200);

  const token = await signIn(page, request, 'stats');
  const bind = await request.post('/api/c_report/user/bind_client_id', {
    headers: { authorization: `Bearer ${token}` },
    data: { client_id: own.client_id, code: await bindingCode(request, own) },
  });
  expect(bind.status()).toBe(200);
  await page.addInitScript(
    (user) => {
      const session = JSON.parse(localStorage.getItem('session')!);
      localStorage.setItem('session', JSON.stringify({ ...session, userInfo: user }));
    },
    await bind.json(),
  );

  await page.goto(localePath('en', PAGE_PATHS.myData));
  const panel = page.getByTestId('stats-panel');
  const today = panel.getByTestId('stats-today');
  await expect(today.getByText('5,000', { exact: true })).toBeVisible();
  await expect(today.getByText('1', { exact: true })).toBeVisible();
  await expect(panel.getByText(t.stats.recentCatches)).toBeVisible();
  // The one catch is the recent catch, the fish's personal best and the latest trophy: three links to it.
  const links = panel.getByRole('link', { name: world.fish.name });
  await expect(links).toHaveCount(3);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(/\/en\/query\/bird-logs\?id=\d+/);
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', href!);
  await expect(panel.getByTestId('stats-all-time')).toHaveText(
    `${t.stats.totalCatches}1${t.stats.speciesCaught}1${t.stats.trophyTotal}1`,
  );
  await expect(panel.getByRole('list', { name: t.stats.personalBests }).getByTestId('personal-best')).toHaveCount(1);
  const sold = panel.getByRole('table', { name: t.stats.recentSales });
  await expect(sold.getByRole('row')).toHaveCount(3);
  await expect(sold.getByRole('row').nth(1)).toContainText('800');
});
