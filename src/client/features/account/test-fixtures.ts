import type { UserRead } from '#shared/contracts/auth';

/** A user as `GET /api/users/me` answers, for the account tests. */
export const USER: UserRead = {
  id: '7f1c2a9e-0000-4000-8000-000000000001',
  email: 'angler@example.com',
  is_active: true,
  is_superuser: false,
  is_verified: false,
  nickname: 'Angler',
  avatar: null,
  bio: 'Pike at dawn',
  client_id: null,
  vip_expire_at: null,
  is_vip: false,
};
