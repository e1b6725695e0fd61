/**
 * Shares that know their uncertainty (issue 25, decision 0034) in the bait guide: each share shows its 95 % interval,
 * rows resting on fewer catches than the server's minimum sample (its `<meta>` tag, else 30) are dimmed and say so
 * to screen readers, one line says what it means, and the detail names each bait's best game hour, depth and weather
 * by the lower end of the interval, so a lucky 3 of 6 never beats 300 of 500. The HTTP boundary is faked.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaitGuideDetailResponse } from '#shared/contracts/catches';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { initI18n } from '../../../lib/i18n';
import { SHARE_MIN_SAMPLE_META } from '../../../lib/share-min-sample';
import zh from '../../../locales/zh/bait-guide.json';
import zhCommon from '../../../locales/zh/common.json';
import { fakeApi, json } from '../../../test/fake-api';
import { baitShare, CATALOGUE, PIKE_DETAIL, PIKE_GUIDE } from '../../../test/fixtures/bait-guide';
import { renderRoute } from '../../../test/render-route';
import { BaitGuide } from './bait-guide';

/**
 * Game hour 5: 6 catches, the spinner (101) 3 of them, the worm (100) 1, the corn (102) 2; game hour 6: 500 catches,
 * the spinner 300, the worm 200. The spinner's share is larger at 5 (50 %) but surer at 6 (lower ends 19 % vs 56 %).
 */
const LUCKY_DETAIL: BaitGuideDetailResponse = {
  ...PIKE_DETAIL,
  by_hour: [
    { key: 5, total: 6, baits: [baitShare(101, 3, 6), baitShare(102, 2, 6), baitShare(100, 1, 6)] },
    { key: 6, total: 500, baits: [baitShare(101, 300, 500), baitShare(100, 200, 500)] },
  ],
};

let detail: BaitGuideDetailResponse;

beforeAll(async () => {
  await initI18n('zh');
});

const warn = console.warn;
beforeEach(async () => {
  // jsdom lays nothing out, so the charts measure 0 × 0 and recharts says so; the tables carry the same numbers.
  console.warn = vi.fn((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('The width(0) and height(0) of chart')) return;
    warn(...args);
  });
  detail = PIKE_DETAIL;
  fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATALOGUE }),
    'GET /api/bait-guide': () => json(PIKE_GUIDE),
    'GET /api/bait-guide/detail': () => json(detail),
    'GET /api/bait-guide/top': () => json({ map_id: null, from: PIKE_GUIDE.from, to: PIKE_GUIDE.to, fishes: [] }),
  });
  resetBaseConfig();
  await loadBaseConfig();
});
afterEach(() => {
  console.warn = warn;
  document.head.querySelector(`meta[name="${SHARE_MIN_SAMPLE_META}"]`)?.remove();
});

/** The server's SHARE_MIN_SAMPLE, as static-site.ts writes it into the page shell. */
function serverMinSample(value: number) {
  const meta = document.createElement('meta');
  meta.name = SHARE_MIN_SAMPLE_META;
  meta.content = String(value);
  document.head.append(meta);
}

const thinNote = (min: number) => ` (${zhCommon.shareInterval.thin.replace('{{min}}', String(min))})`;
const isDimmed = (element: Element) => (element as HTMLElement).style.color.includes('dimmed');

async function rankingRows() {
  const list = await screen.findByRole('list', { name: zh.ranking.label });
  return within(list).getAllByRole('listitem');
}

describe('share intervals in the bait guide', { timeout: 20_000 }, () => {
  it('shows each share with its interval and dims the rows under the server’s minimum sample', async () => {
    serverMinSample(20);
    renderRoute(<BaitGuide />, { path: '/query/bait-guide', url: '/query/bait-guide?fish_id=10' });
    const rows = await rankingRows();
    // 60, 40, 15 and 3 of 120 catches (2 waits behind "show all").
    expect(rows.map((row) => within(row).getByTestId('bait-share').textContent)).toEqual(['50%', '33%', '13%', '3%']);
    expect(rows.map((row) => within(row).getByTestId('bait-share-interval').textContent)).toEqual([
      '(41–59%)',
      '(26–42%)',
      '(8–20%)',
      '(1–7%)',
    ]);
    // From 20 catches on a row reads as usual; below, its name and share are dimmed (grey, still AA contrast) and
    // a screen reader hears why.
    expect(rows.map((row) => row.hasAttribute('data-thin'))).toEqual([false, false, true, true]);
    for (const row of rows) {
      const thin = row.hasAttribute('data-thin');
      expect(isDimmed(within(row).getByTestId('bait-name')), row.textContent!).toBe(thin);
      expect(isDimmed(within(row).getByTestId('bait-share')), row.textContent!).toBe(thin);
      expect(row.textContent!.includes(thinNote(20))).toBe(thin);
    }
    // The sample size stays beside each share.
    expect(within(rows[2]!).getByTestId('bait-count').textContent).toBe(
      zh.summary.catches_other.replace('{{formatted}}', '15'),
    );
    expect(screen.getByTestId('share-interval-note').textContent).toBe(
      zhCommon.shareInterval.note.replace('{{min}}', '20'),
    );
  });

  it('uses 30 catches when the page shell names no minimum (the dev server, SHARE_MIN_SAMPLE unset)', async () => {
    renderRoute(<BaitGuide />, { path: '/query/bait-guide', url: '/query/bait-guide?fish_id=10' });
    const rows = await rankingRows();
    expect(rows.map((row) => row.hasAttribute('data-thin'))).toEqual([false, false, true, true]);
    expect(rows[2]!.textContent).toContain(thinNote(30));
    expect(screen.getByTestId('share-interval-note').textContent).toContain('30');
  });

  it('names each bait’s best game hour by the lower end of its interval, not by the larger share', async () => {
    detail = LUCKY_DETAIL;
    renderRoute(<BaitGuide />, { path: '/query/bait-guide', url: '/query/bait-guide?fish_id=10&details=1' });
    const dialog = await screen.findByRole('dialog');
    const best = await within(dialog).findByRole('table', { name: zh.best.hour });
    const rows = within(best).getAllByRole('row').slice(1);
    const read = (row: HTMLElement) => [
      row.getAttribute('data-bait-id'),
      within(row).getByTestId('best-condition').textContent,
      within(row).getByTestId('best-share').textContent,
      within(row).getByTestId('best-share-interval').textContent,
      within(row).getByTestId('best-sample').textContent,
      row.hasAttribute('data-thin'),
    ];
    // In the guide's order of baits (worm, spinner, corn): the spinner's 300 of 500 at 06:00 beats its 3 of 6 at
    // 05:00; the corn was caught at 05:00 only, on 2 catches: dimmed.
    expect(rows.map(read)).toEqual([
      ['100', '06:00', '40%', '(36–44%)', '500条中200条', false],
      ['101', '06:00', '60%', '(56–64%)', '500条中300条', false],
      ['102', '05:00', '33%', '(10–70%)', '6条中2条', true],
    ]);
    expect(isDimmed(within(rows[2]!).getByTestId('best-condition'))).toBe(true);
    expect(within(dialog).getByTestId('share-interval-note')).toBeTruthy();

    // The hour's own table dims the hour resting on 6 catches, and gives each share its interval.
    const hours = within(dialog).getByRole('table', { name: zh.details.byHour });
    const hourRows = within(hours).getAllByRole('row').slice(1);
    expect(hourRows.map((row) => row.hasAttribute('data-thin'))).toEqual([true, false]);
    expect(hourRows[1]!.textContent).toBe('06:00500旋转亮片 60% (56–64%)蚯蚓 40% (36–44%)');
  });

  it('names the best depth and weather the same way', async () => {
    renderRoute(<BaitGuide />, { path: '/query/bait-guide', url: '/query/bait-guide?fish_id=10&details=1' });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: zh.best.hour });
    fireEvent.click(within(dialog).getByRole('tab', { name: zh.details.byDepth }));
    const depths = await within(dialog).findByRole('table', { name: zh.best.depth });
    const bestOf = (table: HTMLElement, bait: number) =>
      within(table.querySelector<HTMLElement>(`tr[data-bait-id="${bait}"]`)!).getByTestId('best-condition').textContent;
    // The spinner: 30 of 30 at 5–10 m (lower end 89 %) rather than 10 of 90 at 0–5 m.
    expect(bestOf(depths, 101)).toBe('5–10 m');
    expect(bestOf(depths, 100)).toBe('0–5 m');
    fireEvent.click(within(dialog).getByRole('tab', { name: zh.details.byWeather }));
    const weathers = await within(dialog).findByRole('table', { name: zh.best.weather });
    // The corn was caught only in the thunderstorm; the spinner is surer in the sun (30 of 80) than in it (10 of 40).
    expect(bestOf(weathers, 102)).toBe(zh.weather.thunderstorm);
    expect(bestOf(weathers, 101)).toBe(zh.weather.sunny);
  });
});
