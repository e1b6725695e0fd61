/**
 * The alert job (issue 25, decision 0036): what tells VIP members about the fish they follow, computed from the data
 * as it arrives rather than by rescanning the catches. Each run, on one instance at a time (job-lock.ts):
 *
 * 1. the follows of members whose membership is active now (a lapsed member's follows are kept, dormant);
 * 2. **trophies**: the catch store's change counter of every map (`heat_map_version.changes`, raised by each batch that
 *    stores catches, decision 0015) against the counters of the last run: only the followed fish living on a map that
 *    received catches are counted again — their trophy catches (star types 446–452) of yesterday and today per map,
 *    from the catch table's indexes — and a count above the last run's is a trophy logged since;
 * 3. **top three**: the bait guide's answer for each followed (fish, map) — kept while its catches are unchanged, so
 *    an unchanged fish costs one check — ranked by the guide's rule over its 72-hour window, counting only baits with
 *    at least `BAIT_GUIDE_MIN_COUNT` catches (the ones the guide shows before "show all"); a bait in it that was not in
 *    the last run's top three has entered it;
 * 4. one transaction: the alerts, at most one per (member, fish, UTC day) — the table's unique key, so a second event
 *    the same day, a second runner or a run repeated after a crash adds nothing — and what this run saw, so the next
 *    run (after a restart too) compares with it;
 * 5. the e-mails of new alerts, and of any an earlier run left unsent, each claimed before it is sent, to members
 *    still active, with e-mails on and a verified address, in their language.
 *
 * A (fish, map) followed for the first time is only recorded: the first run that sees it alerts nobody.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BAIT_GUIDE_MIN_COUNT, type BaitShare } from '#shared/contracts/catches';
import type { BaitItem, FishItem, MapItem, StarTypeItem } from '#shared/contracts/catalogue';
import { isLocale, type Locale } from '#shared/locales';
import { displayName } from '#shared/game/names';
import { DAY_MS, mapChanges } from '../../catch-store/catch-reads';
import type { Database } from '../../db/schema';
import { type AlertDetail, ALL_MAPS, mapIdOf, readDetail } from './alert-rows';
import {
  AlertJobRepository,
  type FollowerRow,
  type MailDue,
  type NewAlert,
  scopeKey,
  type TrophyCount,
} from './alert-job.repository';
import { JobLock } from './job-lock';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** What the e-mail of an alert says, in the member's language (features/mail renders it). */
export interface AlertMail {
  to: string;
  nickname: string;
  locale: Locale;
  kind: AlertDetail['kind'];
  fishId: number;
  /** The followed map; null: all maps. */
  mapId: number | null;
  fish: string;
  /** The followed map's name; null: all maps. */
  map: string | null;
  /** `top_bait`: the names of the baits that entered, and of the new top three. */
  entered: string[];
  top: string[];
  /** `trophy`: the catch's star type name, weight (grams) and map name. */
  trophy: { star: string; weight: number; map: string } | null;
  /** The unsubscribe link's token. */
  unsubscribeToken: string;
}

export interface AlertMailer {
  sendAlert(mail: AlertMail): Promise<void>;
}

/** What the job reads of the catalogue (the catalogue snapshot satisfies it): names for the e-mails. */
export interface AlertJobCatalogue {
  view(): Promise<{
    readonly fish: ReadonlyMap<number, FishItem>;
    readonly maps: ReadonlyMap<number, MapItem>;
    readonly baits: ReadonlyMap<number, BaitItem>;
    readonly starTypes: ReadonlyMap<number, StarTypeItem>;
  }>;
}

/** The bait guide (its service satisfies it): a fish's baits of the last 72 hours, ranked. */
export interface AlertBaitGuide {
  guide(query: { fish_id: number; map_id?: number }): Promise<{ baits: readonly BaitShare[] }>;
}

export interface AlertJobDeps {
  db: Kysely<Database>;
  baitGuide: AlertBaitGuide;
  catalogue: AlertJobCatalogue;
  mailer: AlertMailer;
  links: UnsubscribeLinks;
  /** Whether a member's VIP membership is active at `now`. */
  isVip: (user: { vip_expire_at: string | null }, now: number) => boolean;
  log: FastifyBaseLogger;
  clock?: () => number;
}

/** What one run did (the log, the tests). */
export interface AlertRun {
  /** Followed (fish, map)s of active members that were checked. */
  scopes: number;
  /** Fish whose trophies were counted again (their maps received catches, or they are newly followed). */
  trophyFish: number;
  /** Alerts new in the database. */
  alerts: number;
  /** E-mails sent. */
  mails: number;
}

/** How many times an alert's e-mail is tried (one per run) before it is given up. */
const MAIL_ATTEMPTS = 3;
/** A claimed e-mail not marked sent after this long was lost with its run (a crash): it is claimed again. */
const CLAIM_STALE_MS = 10 * 60_000;
/** Unsent e-mails older than this are given up: a mail about yesterday's bite helps nobody. */
const MAIL_MAX_AGE_MS = DAY_MS;
/** Alerts kept on "My alerts". */
export const ALERT_RETENTION_DAYS = 90;

/** The top three by the bait guide's rule: first three of its ranking with at least the guide's minimum count. */
export function topThree(baits: readonly BaitShare[]): number[] {
  return baits
    .filter((bait) => bait.count >= BAIT_GUIDE_MIN_COUNT)
    .slice(0, 3)
    .map((bait) => bait.bait_id);
}

interface Event {
  fish_id: number;
  map_key: number;
  detail: AlertDetail;
}

export class AlertJob {
  private readonly repository: AlertJobRepository;
  private readonly lock: JobLock;
  private readonly clock: () => number;
  /** The UTC day of the last clean-up: old alerts and state are forgotten once a day, not every run. */
  private cleanedOn = -1;

  constructor(private readonly deps: AlertJobDeps) {
    this.repository = new AlertJobRepository(deps.db);
    this.lock = new JobLock(deps.db);
    this.clock = deps.clock ?? Date.now;
  }

  /** One run; `null` when another run (here or on another instance) holds the lock. */
  run(): Promise<AlertRun | null> {
    return this.lock.whileHeld(() => this.runLocked());
  }

  private async runLocked(): Promise<AlertRun> {
    const now = this.clock();
    const today = Math.floor(now / DAY_MS);
    const yesterday = today - 1;

    const followers = (await this.repository.followers()).filter((row) => this.deps.isVip(row, now));
    const scopes = new Map<string, { fish_id: number; map_key: number; followers: FollowerRow[] }>();
    for (const row of followers) {
      const key = scopeKey(row.fish_id, row.map_key);
      const scope = scopes.get(key) ?? { fish_id: row.fish_id, map_key: row.map_key, followers: [] };
      scope.followers.push(row);
      scopes.set(key, scope);
    }
    const known = await this.repository.scopes();
    const events: Event[] = [];

    // Trophies: the fish newly followed (a baseline) or living on a map that received catches since the last run.
    const changes = await mapChanges(this.deps.db);
    const seen = await this.repository.seenChanges();
    const moved = new Map([...changes].filter(([map, value]) => seen.get(map) !== value));
    const changed = new Set(moved.keys());
    const view = await this.deps.catalogue.view();
    const trophyFish = new Set<number>();
    for (const scope of scopes.values()) {
      const maps = scope.map_key === ALL_MAPS ? (view.fish.get(scope.fish_id)?.data.maps ?? []) : [scope.map_key];
      if (!known.has(scopeKey(scope.fish_id, scope.map_key)) || maps.some((map) => changed.has(map)))
        trophyFish.add(scope.fish_id);
    }
    const fishIds = [...trophyFish];
    const counts: TrophyCount[] = [
      ...(await this.repository.trophyCounts(fishIds, yesterday * DAY_MS, today * DAY_MS, yesterday)),
      // Today's, and the few minutes ahead a report may be stamped with (it counts for today).
      ...(await this.repository.trophyCounts(fishIds, today * DAY_MS, Number.MAX_SAFE_INTEGER, today)),
    ];
    const stored = new Map(
      (await this.repository.storedTrophyCounts(fishIds, yesterday)).map((c) => [countKey(c), c.count]),
    );
    /** Per fish, the maps with more trophies than the last run counted. */
    const risen = new Map<number, Set<number>>();
    for (const count of counts) {
      if (count.count <= (stored.get(countKey(count)) ?? 0)) continue;
      const maps = risen.get(count.fish_id) ?? new Set<number>();
      maps.add(count.map_id);
      risen.set(count.fish_id, maps);
    }
    for (const scope of scopes.values()) {
      if (!known.has(scopeKey(scope.fish_id, scope.map_key))) continue;
      const maps = [...(risen.get(scope.fish_id) ?? [])].filter(
        (map) => scope.map_key === ALL_MAPS || map === scope.map_key,
      );
      const trophy = await this.repository.newestTrophy(scope.fish_id, maps, yesterday * DAY_MS);
      if (trophy) events.push({ fish_id: scope.fish_id, map_key: scope.map_key, detail: { kind: 'trophy', trophy } });
    }

    // Top three: every followed (fish, map) through the bait guide's kept answers.
    const tops: { fish_id: number; map_key: number; top: number[] }[] = [];
    for (const scope of scopes.values()) {
      const mapId = mapIdOf(scope.map_key);
      const guide = await this.deps.baitGuide.guide({
        fish_id: scope.fish_id,
        ...(mapId === null ? {} : { map_id: mapId }),
      });
      const top = topThree(guide.baits);
      tops.push({ fish_id: scope.fish_id, map_key: scope.map_key, top });
      const before = known.get(scopeKey(scope.fish_id, scope.map_key));
      if (!before) continue;
      const entered = top.filter((bait) => !before.includes(bait));
      if (entered.length > 0)
        events.push({ fish_id: scope.fish_id, map_key: scope.map_key, detail: { kind: 'top_bait', entered, top } });
    }

    const alerts = this.alertsOf(events, scopes, today);
    const created = await this.repository.commit(
      alerts,
      { scopes: tops, countedFish: fishIds, fromDay: yesterday, counts, changes: moved },
      now,
    );
    if (this.cleanedOn !== today) {
      await this.repository.cleanup(yesterday, now - ALERT_RETENTION_DAYS * DAY_MS);
      this.cleanedOn = today;
    }
    const mails = await this.sendMails(now);
    const run = { scopes: scopes.size, trophyFish: fishIds.length, alerts: created, mails };
    if (created > 0 || mails > 0) this.deps.log.info(run, 'alerts raised');
    return run;
  }

  /** One alert per (member, fish) of this run's events: a trophy before a bait, the first scope's. */
  private alertsOf(events: readonly Event[], scopes: Map<string, { followers: FollowerRow[] }>, day: number) {
    const ordered = [...events].sort((a, b) => rank(a) - rank(b));
    const alerts = new Map<string, NewAlert>();
    for (const event of ordered)
      for (const follower of scopes.get(scopeKey(event.fish_id, event.map_key))?.followers ?? []) {
        const key = `${follower.user_id}:${event.fish_id}`;
        if (alerts.has(key)) continue;
        alerts.set(key, {
          user_id: follower.user_id,
          fish_id: event.fish_id,
          day,
          map_key: event.map_key,
          detail: event.detail,
          mail_state: mailable(follower) ? 'pending' : 'skipped',
        });
      }
    return [...alerts.values()];
  }

  /** The e-mails due (this run's and any left by an earlier one), each claimed first; answers how many were sent. */
  private async sendMails(now: number): Promise<number> {
    await this.repository.expireMails(now - MAIL_MAX_AGE_MS);
    const due = await this.repository.mailsDue(now - MAIL_MAX_AGE_MS, now - CLAIM_STALE_MS);
    let sent = 0;
    for (const alert of due) {
      if (!(await this.repository.claimMail(alert.id, now, now - CLAIM_STALE_MS))) continue;
      // Still to be mailed: the membership may have ended, or e-mails been turned off, since the alert was raised.
      if (!mailable(alert) || !this.deps.isVip(alert, now)) {
        await this.repository.mailDone(alert.id, 'skipped', now);
        continue;
      }
      try {
        await this.deps.mailer.sendAlert(await this.mailOf(alert));
        await this.repository.mailDone(alert.id, 'sent', this.clock());
        sent += 1;
      } catch (error) {
        const last = alert.mail_attempts + 1 >= MAIL_ATTEMPTS;
        this.deps.log.warn({ err: error, alert: alert.id, last }, 'alert e-mail failed');
        await this.repository.mailDone(alert.id, last ? 'failed' : 'pending', this.clock());
      }
    }
    return sent;
  }

  private async mailOf(alert: MailDue): Promise<AlertMail> {
    const locale: Locale = isLocale(alert.locale) ? alert.locale : 'zh';
    const view = await this.deps.catalogue.view();
    const name = (item: { name: string } | undefined, id: number) => (item ? displayName(item, locale) : `#${id}`);
    const detail = readDetail(alert.kind, alert.detail);
    const mapId = mapIdOf(alert.map_key);
    return {
      to: alert.email,
      nickname: alert.nickname,
      locale,
      kind: detail.kind,
      fishId: alert.fish_id,
      mapId,
      fish: name(view.fish.get(alert.fish_id), alert.fish_id),
      map: mapId === null ? null : name(view.maps.get(mapId), mapId),
      entered: detail.kind === 'top_bait' ? detail.entered.map((id) => name(view.baits.get(id), id)) : [],
      top: detail.kind === 'top_bait' ? detail.top.map((id) => name(view.baits.get(id), id)) : [],
      trophy:
        detail.kind === 'trophy'
          ? {
              star: name(view.starTypes.get(detail.trophy.star_type), detail.trophy.star_type),
              weight: detail.trophy.weight,
              map: name(view.maps.get(detail.trophy.map_id), detail.trophy.map_id),
            }
          : null,
      unsubscribeToken: await this.deps.links.issue(alert.user_id),
    };
  }
}

const countKey = (count: { fish_id: number; map_id: number; day: number }) =>
  `${count.fish_id}:${count.map_id}:${count.day}`;
const rank = (event: Event) => (event.detail.kind === 'trophy' ? 0 : 1);
/** A member who is to get alert e-mails: e-mails on, and an address they have verified. */
const mailable = (member: { emails_off_at: number | null; is_verified: boolean }) =>
  member.emails_off_at === null && member.is_verified;
