/** A few records and a user, answered at the HTTP boundary for the log and stats component tests. */
import type { UserRead } from '#shared/contracts/auth';
import type { BirdLogItem, OfficialLogItem } from '#shared/contracts/catches';

export { BAITS, CATEGORY_LIST, FISH, FISH_WAYS, MAPS, STAR_TYPES } from '../../test/catalogue-fixtures';

export function birdItem(fields: Partial<BirdLogItem> = {}): BirdLogItem {
  return {
    id: 7,
    caught_at: '2026-11-20T08:15:00Z',
    map_id: 1,
    fish_id: 10,
    bait_id: 100,
    bait2_id: null,
    rod_type: 'standard',
    star_type: 452,
    weight: 12_345,
    depth: 3.5,
    direction: 'back',
    angle: 135,
    game_hour: 24,
    temperature: 18.5,
    weather: 'sunny',
    night: true,
    x: 250,
    y: 125,
    time_spent: 95,
    ...fields,
  };
}

export function officialItem(fields: Partial<OfficialLogItem> = {}): OfficialLogItem {
  return {
    ...birdItem(),
    id: 70,
    depth: null,
    direction: null,
    angle: null,
    game_hour: null,
    temperature: null,
    weather: null,
    night: null,
    x: null,
    y: null,
    time_spent: null,
    weight: 25_000,
    player_name: 'Old Salt',
    ...fields,
  };
}

export function pageOf<T>(items: T[], fields: { total?: number; page?: number; total_exact?: boolean } = {}) {
  return { items, total: items.length, page: 1, page_size: 20, total_exact: true, ...fields };
}

/** A logged-in user as `GET /api/users/me` answers, without a bound logger. */
export const USER: UserRead = {
  id: '7f1c2a9e-0000-4000-8000-000000000002',
  email: 'angler@example.com',
  is_active: true,
  is_superuser: false,
  is_verified: true,
  nickname: 'Angler',
  avatar: null,
  bio: '',
  client_id: null,
  vip_expire_at: null,
  is_vip: false,
};
