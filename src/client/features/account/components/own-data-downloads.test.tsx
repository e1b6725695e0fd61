import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/account.json';
import { USER } from '../../../test/fixtures/users';
import { fakeApi, json } from '../../../test/fake-api';
import { renderUi } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { OwnDataDownloads } from './own-data-downloads';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => setSession({ token: 'tok', userInfo: USER }));
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

const CSV = '\uFEFFcaught_at,map_id\r\n';

describe('OwnDataDownloads', () => {
  it('fetches the CSV with the token and saves it, byte order mark kept, under its file name', async () => {
    const api = fakeApi({
      'GET /api/users/me/catches.csv': () =>
        new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    const saved: { name: string; blob: Blob }[] = [];
    const objectUrls = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:${objectUrls.size}`;
      objectUrls.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: objectUrls.get(this.getAttribute('href')!)! });
    });
    renderUi(<OwnDataDownloads />);
    fireEvent.click(await screen.findByRole('button', { name: en.ownData.catches }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('anglerdex-catches.csv');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(api.requests[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('says so when the download fails', async () => {
    fakeApi({ 'GET /api/users/me/sales.csv': () => json({ detail: 'RATE_LIMITED' }, 429) });
    renderUi(<OwnDataDownloads />, { toasts: true });
    fireEvent.click(await screen.findByRole('button', { name: en.ownData.sales }));
    await waitFor(() => expect(shownToasts().map((shown) => shown.title)).toContain(en.ownData.failed));
  });
});
