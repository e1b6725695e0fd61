/**
 * The member's side of alerts (issue 25, decision 0036): following a fish (VIP members only, at most
 * `MAX_FOLLOWS_PER_MEMBER`, the same follow twice answered with the one kept), the follows and their settings, the
 * alerts and marking them read, and the e-mail setting an unsubscribe link turns off. What raises alerts is the job's
 * (alert-job.ts).
 */
import {
  ALERT_ERRORS,
  type Alert,
  type AlertPage,
  type AlertSettings,
  type Follow,
  type FollowList,
  MAX_FOLLOWS_PER_MEMBER,
} from '#shared/contracts/alerts';
import { wireTime } from '#shared/contracts/catches';
import type { FishItem, MapItem } from '#shared/contracts/catalogue';
import type { User } from '../../accounts/users.repository';
import { DomainError } from '../../domain-error';
import { mapIdOf, mapKeyOf, toAlert } from './alert-rows';
import type { AlertsRepository, FollowRow } from './alerts.repository';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** What alerts read of the catalogue (the catalogue snapshot satisfies it). */
export interface AlertsCatalogue {
  view(): Promise<{ readonly fish: ReadonlyMap<number, FishItem>; readonly maps: ReadonlyMap<number, MapItem> }>;
}

export interface AlertsServiceDeps {
  repository: AlertsRepository;
  catalogue: AlertsCatalogue;
  links: UnsubscribeLinks;
  /** Whether a user's VIP membership is active now. */
  isVip: (user: User, now: number) => boolean;
  clock?: () => number;
}

/** Why a follow could not be made from its ids: a 422's code. */
export class FollowTargetError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

function toFollow(row: FollowRow): Follow {
  return {
    id: Number(row.id),
    fish_id: Number(row.fish_id),
    map_id: mapIdOf(row.map_key),
    created_at: wireTime(Number(row.created_at)),
  };
}

export class AlertsService {
  private readonly clock: () => number;

  constructor(private readonly deps: AlertsServiceDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /**
   * Follows a fish (on one map, or all): 403 without an active membership, `FollowTargetError` for ids the catalogue
   * does not have together, 409 beyond the limit. The same follow again answers the one kept (`created: false`).
   */
  async follow(user: User, fishId: number, mapId: number | null): Promise<{ follow: Follow; created: boolean }> {
    const now = this.clock();
    if (!this.deps.isVip(user, now)) throw new DomainError('forbidden', ALERT_ERRORS.vipRequired);
    const view = await this.deps.catalogue.view();
    const fish = view.fish.get(fishId);
    if (!fish) throw new FollowTargetError(ALERT_ERRORS.fishNotFound);
    if (mapId !== null) {
      if (!view.maps.has(mapId)) throw new FollowTargetError(ALERT_ERRORS.mapNotFound);
      if (!fish.data.maps.includes(mapId)) throw new FollowTargetError(ALERT_ERRORS.fishNotOnMap);
    }
    const added = await this.deps.repository.addFollow(user.id, fishId, mapKeyOf(mapId), now, MAX_FOLLOWS_PER_MEMBER);
    if (added === 'limit') throw new DomainError('conflict', ALERT_ERRORS.followLimit);
    return { follow: toFollow(added.follow), created: added.created };
  }

  /** The member's follows (dormant ones too) and the settings they run under. */
  async follows(user: User): Promise<FollowList> {
    const [rows, settings] = await Promise.all([this.deps.repository.follows(user.id), this.settings(user)]);
    return { items: rows.map(toFollow), settings };
  }

  async unfollow(user: User, id: number): Promise<void> {
    if (!(await this.deps.repository.removeFollow(user.id, id)))
      throw new DomainError('not-found', ALERT_ERRORS.followNotFound);
  }

  async settings(user: User): Promise<AlertSettings> {
    return {
      active: this.deps.isVip(user, this.clock()),
      emails: await this.deps.repository.emailsOn(user.id),
      email_verified: user.is_verified,
      follow_limit: MAX_FOLLOWS_PER_MEMBER,
    };
  }

  async setEmails(user: User, on: boolean): Promise<AlertSettings> {
    await this.deps.repository.setEmails(user.id, on, this.clock());
    return this.settings(user);
  }

  async alerts(user: User, page: number, pageSize: number): Promise<AlertPage> {
    const { rows, total, unread } = await this.deps.repository.alerts(user.id, page, pageSize);
    return { items: rows.map((row): Alert => toAlert(row)), total, page, page_size: pageSize, unread };
  }

  async unread(user: User): Promise<{ unread: number }> {
    return { unread: await this.deps.repository.unread(user.id) };
  }

  async markRead(user: User, ids: readonly number[] | undefined): Promise<{ unread: number }> {
    await this.deps.repository.markRead(user.id, ids, this.clock());
    return this.unread(user);
  }

  /**
   * An e-mail's unsubscribe link: every alert e-mail of the account off, without logging in. A link of an account
   * deleted since answers as done (there is nothing left to mail).
   */
  async unsubscribe(token: string): Promise<{ emails: false }> {
    const userId = await this.deps.links.read(token);
    await this.deps.repository.setEmails(userId, false, this.clock()).catch((error: unknown) => {
      // The account is gone (the member row's foreign key refuses it): nothing will be mailed to it anyway.
      if (!isForeignKeyViolation(error)) throw error;
    });
    return { emails: false };
  }
}

/** SQLite's and PostgreSQL's foreign key refusals. */
function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23503' || e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
