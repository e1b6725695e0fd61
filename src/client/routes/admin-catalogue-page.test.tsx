import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/format-date';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import common from '../locales/en/common.json';
import en from '../locales/en/catalogue-admin.json';
import { fakeApi, json } from '../test/fake-api';
import { applied, GOOD_DRY_RUN, REFUSED_DRY_RUN, SUPERUSER, version, VERSIONS } from '../test/fixtures/catalogue-admin';
import { USER } from '../test/fixtures/users';
import { renderRoute } from '../test/render-route';
import { clearToasts, shownToasts } from '../test/toasts';
import { Component as AdminCataloguePage } from './admin-catalogue-page';

const PATH = '/en/admin/catalogue';
const VERSIONS_PATH = 'GET /api/admin/catalogue/versions';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['catalogue-admin']);
});
afterEach(() => {
  clearSession();
  clearToasts();
  vi.unstubAllGlobals();
});

/** The line naming a diff item ("Fish 501 · 金鳟": its label, then its Chinese name in a span of its own). */
const itemLine = (container: HTMLElement, name: string) => within(container).getByText(name).parentElement!.textContent;
const rows = () => within(screen.getByTestId('version-table')).getAllByRole('row').slice(1);
const packageFile = () => new File([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2])], 'patch-1.0.3.zip');

/** Chooses the file in Mantine's FileInput (its hidden input) and checks it. */
async function checkPackage(file = packageFile()) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
  fireEvent.click(await screen.findByRole('button', { name: en.upload.check }));
  return file;
}

describe('who sees /admin/catalogue', () => {
  it('shows visitors the not-found page and asks nothing of the admin API', async () => {
    const api = fakeApi();
    renderRoute(<AdminCataloguePage />, { path: PATH });
    expect(await screen.findByRole('heading', { name: common.notFound.title })).toBeTruthy();
    expect(api.requests.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows a signed-in user who is not a superuser the not-found page', async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi();
    renderRoute(<AdminCataloguePage />, { path: PATH });
    expect(await screen.findByRole('heading', { name: common.notFound.title })).toBeTruthy();
    expect(screen.queryByText(en.versions.title)).toBeNull();
    expect(api.requests.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
  });
});

describe('the superuser page', () => {
  beforeEach(() => setSession({ token: 'boss', userInfo: SUPERUSER }));

  it('lists the versions with patch, game, kind, who and when, the live one marked', async () => {
    const api = fakeApi({
      [VERSIONS_PATH]: () =>
        json({ items: [version(3, { kind: 'rollback', restored_from: 1 }), ...VERSIONS.items], live: 3 }),
    });
    renderRoute(<AdminCataloguePage />, { path: PATH });
    expect(await screen.findByRole('heading', { name: common.pages.adminCatalogue.title })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.to('GET', '/api/admin/catalogue/versions')[0]!.headers.Authorization).toBe('Bearer boss');
    const live = within(rows()[0]!);
    expect(live.getByText(en.versions.live)).toBeTruthy();
    expect(live.getByText('Rollback to 1')).toBeTruthy();
    expect(live.queryByRole('button', { name: /Roll back/ })).toBeNull();
    const first = within(rows()[2]!);
    expect(first.getByText('1.0.1')).toBeTruthy();
    expect(first.getByText('Anglerdex demo')).toBeTruthy();
    expect(first.getByText(en.versions.kindImport)).toBeTruthy();
    expect(first.getByText('demo')).toBeTruthy();
    expect(first.getByText(formatDateTime(version(1).applied_at))).toBeTruthy();
    expect(first.getByRole('button', { name: 'Roll back to version 1' })).toBeTruthy();
  });

  it('sends the archive raw to the dry run and shows every problem by file, in the page language', async () => {
    const api = fakeApi({
      [VERSIONS_PATH]: () => json(VERSIONS),
      'POST /api/admin/catalogue/dry-run': () => json(REFUSED_DRY_RUN),
    });
    renderRoute(<AdminCataloguePage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const file = await checkPackage();

    const problems = await screen.findByTestId('package-problems');
    const [sent] = api.to('POST', '/api/admin/catalogue/dry-run');
    expect(sent!.body).toBe(file);
    expect(sent!.headers['Content-Type']).toBe('application/octet-stream');
    expect(within(problems).getByText('2 problems: nothing can be applied')).toBeTruthy();
    const fish = within(problems.querySelector<HTMLElement>('[data-file="fish.json"]')!);
    expect(fish.getByText('item 12 · field data.min_weight:', { exact: false })).toBeTruthy();
    expect(fish.getByText('min_weight 900 is above max_weight 500', { exact: false })).toBeTruthy();
    // A code the page does not word: the server's sentence.
    const image = within(problems.querySelector<HTMLElement>('[data-file="images/lake.png"]')!);
    expect(image.getByText('images/lake.png: something only the server can word')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.upload.apply })).toBeNull();
  });

  it('shows the diff with its impact, then applies the same file after a confirmation', async () => {
    let list = VERSIONS;
    const api = fakeApi({
      [VERSIONS_PATH]: () => json(list),
      'POST /api/admin/catalogue/dry-run': () => json(GOOD_DRY_RUN),
      'POST /api/admin/catalogue/apply': () => {
        list = { items: [version(3), ...VERSIONS.items], live: 3 };
        return json(applied(3));
      },
    });
    renderRoute(<AdminCataloguePage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const file = await checkPackage();

    const diff = await screen.findByTestId('package-diff');
    expect(itemLine(screen.getByTestId('diff-added'), '金鳟')).toBe('Fish 501 · 金鳟');
    const changed = within(screen.getByTestId('diff-changed'));
    expect(itemLine(screen.getByTestId('diff-changed'), '琥珀湖')).toBe('Map 3 · 琥珀湖');
    expect(changed.getByText('data.bounds.x_max')).toBeTruthy();
    expect(changed.getByText('Stored data: 1,234 catches · 0 sales · 5 records')).toBeTruthy();
    expect(within(screen.getByTestId('diff-removed')).getByText(en.report.none)).toBeTruthy();
    expect(itemLine(screen.getByTestId('diff-deprecated'), '旧饵')).toBe('Bait 77 · 旧饵');
    expect(within(diff).getByText('Heat maps rebuilt for maps 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en.upload.apply }));
    const dialog = await screen.findByRole('dialog', { name: en.upload.confirmTitle });
    expect(api.to('POST', '/api/admin/catalogue/apply')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: en.upload.apply }));

    await waitFor(() => expect(shownToasts().map((toast) => toast.message)).toContain('Version 3 is live'));
    const [sent] = api.to('POST', '/api/admin/catalogue/apply');
    expect(sent!.body).toBe(file);
    expect(sent!.search.get('if_live')).toBe('2');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByTestId('dry-run-report')).toBeNull();
  });

  it('shows the problems of an apply the server refused, and a stale preview in words', async () => {
    let answer = json({ detail: { code: 'CATALOGUE_PACKAGE_REFUSED', problems: REFUSED_DRY_RUN.problems } }, 422);
    fakeApi({
      [VERSIONS_PATH]: () => json(VERSIONS),
      'POST /api/admin/catalogue/dry-run': () => json(GOOD_DRY_RUN),
      'POST /api/admin/catalogue/apply': () => answer,
    });
    renderRoute(<AdminCataloguePage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await checkPackage();
    const apply = async () => {
      fireEvent.click(await screen.findByRole('button', { name: en.upload.apply }));
      const dialog = await screen.findByRole('dialog', { name: en.upload.confirmTitle });
      fireEvent.click(within(dialog).getByRole('button', { name: en.upload.apply }));
    };
    await apply();
    expect(await screen.findByText('2 problems: nothing can be applied')).toBeTruthy();

    answer = json({ detail: 'CATALOGUE_LIVE_CHANGED' }, 409);
    await apply();
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.upload.failed, message: en.errors.CATALOGUE_LIVE_CHANGED }),
      ),
    );
  });

  it('previews a rollback, and rolls back after the confirmation', async () => {
    const api = fakeApi({
      [VERSIONS_PATH]: () => json(VERSIONS),
      'GET /api/admin/catalogue/versions/1/rollback-preview': () => json(GOOD_DRY_RUN),
      'POST /api/admin/catalogue/versions/1/rollback': () => json(applied(3, { kind: 'rollback', restored_from: 1 })),
    });
    renderRoute(<AdminCataloguePage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Roll back to version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back to version 1?' });
    await within(dialog).findByText('金鳟');
    expect(itemLine(dialog, '金鳟')).toBe('Fish 501 · 金鳟');
    expect(api.to('POST', '/api/admin/catalogue/versions/1/rollback')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: en.rollback.confirm }));
    await waitFor(() =>
      expect(shownToasts().map((toast) => toast.message)).toContain('Version 3 is live: the content of version 1'),
    );
    expect(api.to('POST', '/api/admin/catalogue/versions/1/rollback')[0]!.search.get('if_live')).toBe('2');
  });
});
