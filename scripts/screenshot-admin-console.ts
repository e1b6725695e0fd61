/**
 * The moderation console's pages for scripts/screenshots.ts (issue 24), as the catalogue page's superuser sees them,
 * with something on each: a player granted VIP days (a row in the audit log), an unanswered AI question and an alias,
 * a small records file imported with one refused line. Made through the console's own API, as an operator would.
 */
import type { Page } from '@playwright/test';
import { PAGE_PATHS } from '../src/shared/pages';

const PASSWORD = 'screenshots-1';

type Shot = { name: string; path: string; session?: unknown; prepare?: (page: Page) => Promise<void> };

async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  await page.evaluate('document.activeElement?.blur(); window.scrollTo(0, 0)');
}

/** Adds the console's shots to `pages` when there is a superuser's session (`addCatalogueAdminShots`'). */
export async function addAdminConsoleShots(baseUrl: string, pages: Shot[], adminSession: string | null): Promise<void> {
  if (!adminSession) return;
  const { token } = JSON.parse(adminSession) as { token: string };
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json() as Promise<Record<string, unknown>>;
  };
  try {
    // A player to look at: registered, granted a week of VIP with a reason.
    const email = `console.player.${Date.now()}@example.com`;
    await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, nickname: '夜钓 Night Angler' }),
    });
    const found = (await call('GET', `/api/admin/users?q=${encodeURIComponent(email)}`)) as { items: { id: string }[] };
    const player = found.items[0]!.id;
    await call('POST', `/api/admin/users/${player}/vip`, { days: 7, reason: 'Spring contest prize' });
    await call('POST', `/api/admin/users/${player}/verify`, {});

    // An AI question no fish answers, and an alias for another name.
    for (const question of ['what bait for the glimmerfin?', '哪里能钓到大嘴怪？'])
      await fetch(`${baseUrl}/api/ai/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question }),
      });
    const catalogue = (await (await fetch(`${baseUrl}/api/system/get_category_list?category_group=fish`)).json()) as {
      category_list: { fish: { id: number; data: { maps: number[]; max_weight: number } }[] };
    };
    const fish = catalogue.category_list.fish[0]!;
    await call('POST', '/api/admin/ai/aliases', { fish_id: fish.id, alias: 'glimmerfin', reason: 'Forum nickname' });

    // A records file: one good record and one too heavy.
    const maps = (await (await fetch(`${baseUrl}/api/system/get_category_list?category_group=baits`)).json()) as {
      category_list: { baits: { id: number }[] };
    };
    const bait = maps.category_list.baits[0]!.id;
    const day = new Date(Date.now() - 86_400_000).toISOString();
    const csv = [
      'source_id,caught_at,map_id,fish_id,bait_id,rod_type,star_type,weight,player_name',
      `shot-${Date.now()}-1,${day},${fish.data.maps[0]},${fish.id},${bait},standard,452,${fish.data.max_weight},Marlin Monroe`,
      `shot-${Date.now()}-2,${day},${fish.data.maps[0]},${fish.id},${bait},standard,452,${fish.data.max_weight + 1},Too Heavy`,
    ].join('\n');
    const form = new FormData();
    form.append('reason', 'Patch tables');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'records-patch.csv');
    await fetch(`${baseUrl}/api/admin/records/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });

    // A logger under review (decision 0041): registered with a player name, flagged with a reason.
    const logger = (await (
      await fetch(`${baseUrl}/api/c_report/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ player_name: 'Night Angler', version: 'screenshots' }),
      })
    ).json()) as { client_id: string };
    await call('POST', `/api/admin/loggers/${logger.client_id}/flag`, { reason: 'Catches at spots nobody can reach' });

    // A hidden catch among the newest, so the catches screen shows how a hidden row looks.
    const newest = (await call('GET', '/api/admin/catches?page_size=3')) as { items?: { id: number }[] };
    const second = newest.items?.[1];
    if (second) await call('POST', '/api/admin/catches/hide', { ids: [second.id], current_password: PASSWORD });

    pages.push(
      { name: 'admin-overview', path: PAGE_PATHS.adminOverview, session: 'admin' },
      { name: 'admin-users', path: `${PAGE_PATHS.adminUsers}?q=console.player&user=${player}`, session: 'admin' },
      {
        name: 'admin-users-grant',
        path: `${PAGE_PATHS.adminUsers}?user=${player}`,
        session: 'admin',
        prepare: async (page) => {
          await page.locator('section[aria-labelledby="user-title"] button').nth(2).click();
          await page.getByRole('dialog').waitFor();
          await page.waitForTimeout(300);
        },
      },
      { name: 'admin-records', path: PAGE_PATHS.adminRecords, session: 'admin' },
      { name: 'admin-catches', path: PAGE_PATHS.adminCatches, session: 'admin' },
      {
        name: 'admin-loggers',
        path: `${PAGE_PATHS.adminLoggers}?q=Night%20Angler&logger=${logger.client_id}`,
        session: 'admin',
      },
      { name: 'admin-ai-questions', path: PAGE_PATHS.adminAiQuestions, session: 'admin' },
      {
        name: 'admin-audit',
        path: PAGE_PATHS.adminAudit,
        session: 'admin',
        prepare: async (page) => {
          await page.getByTestId('audit-row').first().locator('button[aria-expanded]').click();
          await settle(page);
        },
      },
    );
  } catch (error) {
    console.warn(`admin-console: could not prepare the console's data (${String(error)}), no shots of it`);
  }
}
