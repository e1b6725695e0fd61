/**
 * The alert pages for scripts/screenshots.ts (issue 25): the VIP member of screenshot-vip.ts follows two fish (one on
 * a map, one on all maps) through the API, and My alerts shows them with sample alerts answered in the browser (the
 * job would need a day of catches to raise real ones); the bait guide with the member's Follow button and a
 * non-member's VIP note; the dormant My alerts of a non-member; the unsubscribe page, and a refused link.
 */
import type { Page } from '@playwright/test';
import type { Alert, AlertPage } from '../src/shared/contracts/alerts';
import { PAGE_PATHS } from '../src/shared/pages';
import type { VipShot } from './screenshot-vip';

type Shot = VipShot & { prepare?: (page: Page) => Promise<void> };

/** Two sample alerts about the first followed fish: a trophy (unread) and a bait that entered the top three. */
function sampleAlerts(fishId: number, mapId: number, baitIds: number[]): AlertPage {
  const now = Date.now();
  const items: Alert[] = [
    {
      id: 2,
      kind: 'trophy',
      fish_id: fishId,
      map_id: mapId,
      entered_bait_ids: [],
      top_bait_ids: [],
      trophy: { map_id: mapId, star_type: 450, weight: 6420, caught_at: new Date(now - 3_600_000).toISOString() },
      created_at: new Date(now - 3_500_000).toISOString(),
      read_at: null,
    },
    {
      id: 1,
      kind: 'top_bait',
      fish_id: fishId,
      map_id: mapId,
      entered_bait_ids: [baitIds[0]!],
      top_bait_ids: baitIds.slice(0, 3),
      trophy: null,
      created_at: new Date(now - 26 * 3_600_000).toISOString(),
      read_at: new Date(now - 25 * 3_600_000).toISOString(),
    },
  ];
  return { items, total: 2, page: 1, page_size: 20, unread: 1 };
}

/** Adds the alert pages to `pages` (those of the member only when `vipSession` is there). */
export async function addAlertShots(baseUrl: string, pages: Shot[], vipSession: string | null): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are the API's, read as JSON
  const call = async (path: string, init: RequestInit = {}): Promise<any> => {
    const res = await fetch(`${baseUrl}${path}`, init);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const { category_list: list } = await call('/api/system/get_category_list?category_group=fish&category_group=baits');
  const fish = list.fish.filter((f: { data: { maps: number[] } }) => f.data.maps.length > 0).slice(0, 2);
  const baits: number[] = list.baits.slice(0, 3).map((b: { id: number }) => b.id);
  const guide = `${PAGE_PATHS.baitGuide}?fish_id=${fish[0].id}&map_id=${fish[0].data.maps[0]}`;
  pages.push(
    { name: 'alerts-dormant', path: PAGE_PATHS.alerts, session: true },
    {
      name: 'bait-guide-follow-visitor',
      path: guide,
      session: true,
      prepare: (page) => page.getByTestId('follow-button').click(),
    },
    { name: 'alerts-unsubscribe', path: `${PAGE_PATHS.alertsUnsubscribe}?token=sample` },
    {
      name: 'alerts-unsubscribe-invalid',
      path: `${PAGE_PATHS.alertsUnsubscribe}?token=sample`,
      prepare: async (page) => {
        await page.getByTestId('unsubscribe-confirm').click();
        await page.getByRole('alert').waitFor();
      },
    },
  );
  if (!vipSession) return;
  try {
    const { token } = JSON.parse(vipSession) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const follows = await call('/api/alerts/follows', { headers });
    if (follows.items.length === 0) {
      await call('/api/alerts/follows', {
        method: 'POST',
        headers,
        body: JSON.stringify({ fish_id: fish[0].id, map_id: fish[0].data.maps[0] }),
      });
      await call('/api/alerts/follows', { method: 'POST', headers, body: JSON.stringify({ fish_id: fish[1].id }) });
    }
    const alerts = sampleAlerts(fish[0].id, fish[0].data.maps[0], baits);
    const withSamples = async (page: Page) => {
      await page.route('**/api/alerts?*', (route) => route.fulfill({ json: alerts }));
      await page.route('**/api/alerts/unread', (route) => route.fulfill({ json: { unread: alerts.unread } }));
      await page.reload({ waitUntil: 'networkidle' });
    };
    pages.push(
      { name: 'alerts', path: PAGE_PATHS.alerts, session: 'vip', prepare: withSamples },
      { name: 'bait-guide-follow', path: guide, session: 'vip', prepare: withSamples },
    );
  } catch {
    // The member's pages are left out.
  }
}
