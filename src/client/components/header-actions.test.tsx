import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER } from '../test/fixtures/users';
import { initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import { fakeApi } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { UserButton } from './header-actions';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  clearSession();
});

describe('the user button in the top bar', () => {
  it('shows the VIP badge beside a member, named in the button label', () => {
    setSession({ token: 'tok', userInfo: { ...USER, is_vip: true, vip_expire_at: '2031-02-03T04:05:06Z' } });
    fakeApi();
    renderRoute(<UserButton />, { path: '/en' });
    const button = screen.getByRole('link', { name: 'User centre (Angler, VIP member)' });
    expect(button.getAttribute('href')).toBe('/en/user');
    expect(screen.getByTestId('header-vip-badge').textContent).toBe('VIP');
    expect(button.contains(screen.getByTestId('header-vip-badge'))).toBe(true);
    // Narrow screens, where the badge is hidden, get the crown on the avatar instead.
    expect(button.contains(screen.getByTestId('header-vip-crown'))).toBe(true);
  });

  it('shows no badge for a user who is not a member, nor for a visitor', () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi();
    const view = renderRoute(<UserButton />, { path: '/en' });
    expect(screen.getByRole('link', { name: 'User centre (Angler)' })).toBeTruthy();
    expect(screen.queryByTestId('header-vip-badge')).toBeNull();
    expect(screen.queryByTestId('header-vip-crown')).toBeNull();
    view.unmount();

    clearSession();
    renderRoute(<UserButton />, { path: '/en' });
    expect(screen.getByRole('link', { name: 'User centre' })).toBeTruthy();
    expect(screen.queryByText('VIP')).toBeNull();
  });
});
