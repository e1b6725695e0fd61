/**
 * Catch data for the screenshots of the log pages and the personal stats (scripts/screenshots.ts): a logger of the
 * demo account uploads a few dozen varied catches and some sales through the API, as a real logger would, and is
 * bound to the account, so the AI records, one catch's detail and the stats have something to show whatever the demo
 * world holds.
 */
import { PAGE_PATHS } from '../src/shared/pages';

interface Shot {
  name: string;
  path: string;
  session?: boolean | 'vip' | 'admin';
}

interface Catalogue {
  fish: { id: number; data: { min_weight: number; max_weight: number; maps: number[] } }[];
  maps: { id: number; data: { bounds: { x_min: number; y_min: number; x_max: number; y_max: number } } }[];
  baits: { id: number }[];
}

const WEATHERS = ['sunny', 'cloudy', 'drizzle', 'clear', 'overcast', 'thunderstorm'];
const STARS = [0, 0, 0, 446, 0, 448, 0, 450, 0, 452];
const RODS = ['standard', 'telescopic', 'ultralight'];
const MINUTE = 60_000;

/**
 * Adds the log pages to `pages` and answers the demo session with the bound logger in its user info (or the session
 * unchanged when the server refuses something: the pages are then shot as they are).
 */
export async function addLogShots(baseUrl: string, session: string | null, pages: Shot[]): Promise<string | null> {
  pages.push(
    { name: 'bird-logs', path: PAGE_PATHS.birdLogs },
    { name: 'official-logs', path: PAGE_PATHS.officialLogs },
  );
  if (!session) return session;
  try {
    const { token } = JSON.parse(session) as { token: string };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are the API's, read as JSON
    const json = async (path: string, init: RequestInit = {}): Promise<any> => {
      const res = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const list = (
      await json('/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits')
    ).category_list as Catalogue;
    const logger = await json('/api/c_report/clients', {
      method: 'POST',
      body: JSON.stringify({ player_name: 'Screenshot Angler', version: 'shots' }),
    });
    const auth = { authorization: `Bearer ${logger.client_token}` };
    const now = Date.now();
    const fish = list.fish.filter((item) => item.data.maps.length > 0).slice(0, 12);
    const items = Array.from({ length: 36 }, (_, i) => {
      const f = fish[i % fish.length]!;
      const map = list.maps.find((item) => item.id === f.data.maps[i % f.data.maps.length])!;
      const { bounds } = map.data;
      const star = STARS[i % STARS.length]!;
      return {
        report_id: `shot-${now}-${i}`,
        caught_at: new Date(now - (i * 37 + 3) * MINUTE).toISOString(),
        map_id: map.id,
        fish_id: f.id,
        bait_id: list.baits[(i * 7) % list.baits.length]!.id,
        bait2_id: i % 5 === 0 ? list.baits[(i * 7 + 1) % list.baits.length]!.id : null,
        rod_type: RODS[i % RODS.length],
        star_type: star,
        weight: star ? f.data.max_weight : Math.round((f.data.min_weight + f.data.max_weight) / 3),
        depth: 1.5 + (i % 9) * 1.25,
        direction: i % 2 ? 'front' : 'back',
        angle: (i * 47) % 360,
        game_hour: i % 25,
        temperature: 8 + (i % 15),
        weather: WEATHERS[i % WEATHERS.length],
        night: i % 3 === 0,
        x: bounds.x_min + ((bounds.x_max - bounds.x_min) * (((i * 13) % 80) + 10)) / 100,
        y: bounds.y_min + ((bounds.y_max - bounds.y_min) * (((i * 29) % 80) + 10)) / 100,
        time_spent: 20 + i * 11,
      };
    });
    await json('/api/c_report/catches', { method: 'POST', headers: auth, body: JSON.stringify({ items }) });
    const sales = [
      { hours: 1, income: 6_480, fish_count: 8, star_count: 2 },
      { hours: 3, income: 2_150, fish_count: 4, star_count: 0 },
      { hours: 26, income: 5_300, fish_count: 7, star_count: 1 },
    ].map((sale, i) => ({
      report_id: `shot-${now}-sale-${i}`,
      sold_at: new Date(now - sale.hours * 60 * MINUTE).toISOString(),
      income: sale.income,
      fish_count: sale.fish_count,
      star_count: sale.star_count,
    }));
    await json('/api/c_report/sales', { method: 'POST', headers: auth, body: JSON.stringify({ items: sales }) });
    // The logger shows its player a one-time binding code, which proves the account's owner controls it.
    const { code } = await json('/api/c_report/clients/binding_code', { method: 'POST', headers: auth });
    const user = await json('/api/c_report/user/bind_client_id', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ client_id: logger.client_id, code }),
    });
    // A super rare blue crown of this run: the detail with a trophy badge, a map marker and a compass.
    const page = await json(
      `/api/logs/bird?star_type=452&from=${encodeURIComponent(new Date(now - 2 * 86_400_000).toISOString())}`,
    );
    const detailId = (page.items[0] as { id: number } | undefined)?.id;
    if (detailId !== undefined) pages.push({ name: 'bird-log-detail', path: `${PAGE_PATHS.birdLogs}?id=${detailId}` });
    return JSON.stringify({ token, userInfo: user });
  } catch (error) {
    console.error(`log shots without data: ${(error as Error).message}`);
    return session;
  }
}
