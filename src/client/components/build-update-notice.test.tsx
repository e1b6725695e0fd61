import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_META_NAME } from '#shared/build-info';
import { ForgotPasswordForm } from '../features/account/components/forgot-password-form';
import { i18n, initI18n } from '../lib/i18n';
import { BUILD_CHECK_INTERVAL_MS } from '../lib/use-newer-build';
import enAccount from '../locales/en/account.json';
import en from '../locales/en/common.json';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { BuildUpdateNotice } from './build-update-notice';

const OWN = 'a1b2c3d4e5f60718';
const HOUR = BUILD_CHECK_INTERVAL_MS;
let served = OWN;
let api: ReturnType<typeof fakeApi>;

/** index.html's tag, as `vite build` writes it and the server hands it out. */
function setPageBuild(id: string | null) {
  document.querySelector(`meta[name="${BUILD_META_NAME}"]`)?.remove();
  if (id === null) return;
  const meta = document.createElement('meta');
  meta.name = BUILD_META_NAME;
  meta.content = id;
  document.head.append(meta);
}

/** The notice as the app shell runs it, beside a real account form, with the toast viewport on screen. */
function renderShell() {
  return renderRoute(
    <>
      <BuildUpdateNotice />
      <ForgotPasswordForm />
    </>,
    { path: '/en/user/forget-pwd', toasts: true },
  );
}

/**
 * Moves the fake clock on, then lets what the timers started finish: the fake server's answer settles through
 * promises, and TanStack Query hands it to the page on a zero-delay timer, which a fake clock schedules a
 * millisecond ahead when it is set while timers run.
 */
async function passTime(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let turn = 0; turn < 5; turn += 1) await act(() => vi.advanceTimersByTimeAsync(1));
}

const checks = () => api.to('GET', '/api/build').length;
const offer = () => screen.queryByRole('button', { name: en.buildUpdate.reload });
const typeEmail = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: enAccount.fields.email }), { target: { value } });

beforeAll(async () => {
  await initI18n('en');
  // Loaded up front so the form does not suspend: the check must start with the render, at the clock's zero.
  await i18n.loadNamespaces('account');
});

beforeEach(() => {
  // Timers and the clock only.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  served = OWN;
  api = fakeApi({ 'GET /api/build': () => json({ build: served }) });
  setPageBuild(OWN);
});

afterEach(() => {
  vi.useRealTimers();
  setPageBuild(null);
});

describe('build-update check', () => {
  it('asks the server once an hour, not on load, and says nothing while the build is the same', async () => {
    renderShell();
    await passTime(HOUR - 1000);
    expect(checks()).toBe(0);
    await passTime(1000);
    expect(checks()).toBe(1);
    await passTime(HOUR);
    expect(checks()).toBe(2);
    expect(shownToasts()).toEqual([]);
    expect(offer()).toBeNull();
  });

  it('offers a reload when another build is served, and reloads only when asked', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderShell();
    served = 'f0e1d2c3b4a59687';
    await passTime(HOUR);

    expect(shownToasts()).toEqual([
      expect.objectContaining({
        title: en.buildUpdate.title,
        message: expect.stringContaining(en.buildUpdate.message),
      }),
    ]);
    // It stays until the user acts: no reload by itself, however long the page stays open.
    await passTime(3 * HOUR);
    expect(reload).not.toHaveBeenCalled();
    expect(shownToasts()).toHaveLength(1);

    fireEvent.click(offer()!);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('holds the offer back while a form has unsent typing, and withdraws it when typing starts', async () => {
    renderShell();
    typeEmail('angler@example.com');
    served = 'f0e1d2c3b4a59687';
    await passTime(HOUR);
    expect(checks()).toBe(1);
    expect(shownToasts()).toEqual([]);
    expect(offer()).toBeNull();

    // The typing is gone (cleared here; sending or leaving the page does the same): the offer comes.
    typeEmail('');
    await passTime(0);
    expect(offer()).not.toBeNull();

    typeEmail('a');
    await passTime(1000);
    expect(shownToasts()).toEqual([]);
    expect(offer()).toBeNull();
  });

  it('stays closed for that build once the user closes it, and offers the next deploy again', async () => {
    renderShell();
    served = 'f0e1d2c3b4a59687';
    await passTime(HOUR);
    fireEvent.click(screen.getByRole('button', { name: en.actions.closeToast }));
    await passTime(0);
    expect(shownToasts()).toEqual([]);

    await passTime(HOUR);
    expect(checks()).toBe(2);
    expect(shownToasts()).toEqual([]);

    served = '0123456789abcdef';
    await passTime(HOUR);
    expect(shownToasts()).toEqual([expect.objectContaining({ title: en.buildUpdate.title })]);
  });

  it('never asks from a page that carries no build id (the Vite dev server)', async () => {
    setPageBuild(null);
    renderShell();
    await passTime(3 * HOUR);
    expect(checks()).toBe(0);
  });

  it('says nothing when the server serves no front end of its own', async () => {
    renderShell();
    api.on({ 'GET /api/build': () => json({ build: null }) });
    await passTime(HOUR);
    expect(checks()).toBe(1);
    expect(shownToasts()).toEqual([]);
  });
});
