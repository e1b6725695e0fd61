/**
 * The alert job (issue 25, decision 0036) on the real database, with catches stored by the catch writer and e-mails
 * through a real loopback SMTP server, on a clock the tests move (no sleeps): a trophy and a bait entering the top
 * three raise an alert; at most one per fish a day, another the next day; a new follow alerts nobody at its first
 * check; state survives a "restart" (new job instances resend nothing and send what was left); two runners raise one
 * alert; the advisory lock keeps a second runner out on PostgreSQL; a lapsed member, e-mails turned off or an
 * unverified address get no mail; the mail is in the member's language and its unsubscribe link works.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { wireTime } from '#shared/contracts/catches';
import type { FishItem } from '#shared/contracts/catalogue';
import { displayName } from '#shared/game/names';
import type { Locale } from '#shared/locales';
import { isVip } from '../../accounts/users.repository';
import { createCatchWriter } from '../../catch-store/catch-store';
import { asUser, signedIn } from '../../test/accounts';
import { catchPlace, type CatchPlace, validCatch } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';
import { startSmtp, type TestSmtp } from '../../test/test-smtp';
import { BaitGuideRepository } from '../bait-guide/bait-guide.repository';
import { BaitGuideService } from '../bait-guide/bait-guide.service';
import { AlertJob, type AlertMailer } from './alert-job';
import { JobLock } from './job-lock';
import { UnsubscribeLinks } from './unsubscribe-links';

const DAY = 86_400_000;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
let smtp: TestSmtp;
let place: CatchPlace;
let baits: number[];
/** The fish the tests take, one each (so no test sees another's catches or state), with a map it lives on. */
let fishPool: { fish: FishItem; mapId: number }[];
/** The app's and the jobs' clock: each test starts it at the real time and moves it forward. */
let now = Date.now();

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url }, clock: () => now });
  const view = await ctx.services.catalogue.view();
  place = catchPlace(view);
  baits = [...view.baits.keys()].slice(0, 6);
  fishPool = [...view.fish.values()]
    .filter((fish) => fish.data.maps.length > 0)
    .map((fish) => ({ fish, mapId: fish.data.maps[0]! }));
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
beforeEach(() => {
  now = Date.now();
});

function takeFish(fits: (fish: FishItem) => boolean = () => true) {
  const at = fishPool.findIndex(({ fish }) => fits(fish));
  if (at < 0) throw new Error('the demo catalogue has too few fish for these tests');
  return fishPool.splice(at, 1)[0]!;
}

interface Member {
  id: string;
  email: string;
  token: string;
}

/** A member (VIP for 30 days unless `vip: false`, a verified address unless said otherwise) in `locale`. */
async function member({ locale = 'en' as Locale, verified = true, vip = true } = {}): Promise<Member> {
  const { user, token } = await signedIn(ctx.app);
  await ctx.db.kysely
    .updateTable('users')
    .set({
      vip_expire_at: vip ? new Date(now + 30 * DAY).toISOString() : null,
      is_verified: verified,
      locale,
    })
    .where('id', '=', user.id)
    .execute();
  return { id: user.id, email: user.email, token };
}

async function follow(who: Member, fishId: number, mapId: number | null = null): Promise<void> {
  const res = await asUser(ctx.app, who.token, {
    method: 'POST',
    url: '/api/alerts/follows',
    payload: { fish_id: fishId, map_id: mapId },
  });
  expect(res.statusCode).toBe(201);
}

/** A job as the server builds it, on the test's clock: a new instance is what a restarted server runs. */
function newJob(mailer: AlertMailer = ctx.services.mailer): AlertJob {
  return new AlertJob({
    db: ctx.db.kysely,
    baitGuide: new BaitGuideService(new BaitGuideRepository(ctx.db.reads, ctx.db.dialect), () => now),
    catalogue: ctx.services.catalogue,
    mailer,
    links: new UnsubscribeLinks(ctx.config.jwtSecret, () => now),
    isVip: (user, at) => isVip(user, at),
    log: ctx.app.log,
    clock: () => now,
  });
}

/** Stores catches of the fish on its map, a minute before `now` unless said otherwise. */
async function logCatches(
  target: { fish: FishItem; mapId: number },
  catches: { star_type?: number; bait_id?: number; weight?: number }[],
): Promise<void> {
  const { bounds } = (await ctx.services.catalogue.view()).maps.get(target.mapId)!.data;
  const logger = (await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json().client_id;
  const items = catches.map((overrides) =>
    validCatch(place, {
      fish_id: target.fish.id,
      map_id: target.mapId,
      x: (bounds.x_min + bounds.x_max) / 2,
      y: (bounds.y_min + bounds.y_max) / 2,
      weight: target.fish.data.min_weight,
      caught_at: wireTime(now - 60_000),
      star_type: 0,
      ...overrides,
    }),
  );
  const { writer } = createCatchWriter(ctx.db.kysely, ctx.services.catalogue, { clock: () => now });
  const answer = await writer.writeCatches(logger, items);
  expect(answer.invalid).toBe(0);
}

const trophy = (bait = baits[0]!, star_type = 449) => ({ star_type, bait_id: bait });
const alertsOf = (who: Member) =>
  ctx.db.kysely.selectFrom('alert').selectAll().where('user_id', '=', who.id).orderBy('id').execute();
const mailsTo = (who: Member): ParsedMail[] => smtp.mailsTo(who.email, 'alert');

describe('a trophy of a followed fish', () => {
  it('raises one alert and one e-mail per fish a day, and another the next day; the first check only records', async () => {
    const target = takeFish();
    const angler = await member();
    await follow(angler, target.fish.id);
    // A trophy logged before the follow was first checked is part of what the fish showed then.
    await logCatches(target, [trophy(baits[0])]);
    await newJob().run();
    expect(await alertsOf(angler)).toEqual([]);

    const job = newJob();
    await logCatches(target, [trophy(baits[1], 451)]);
    await job.run();
    const [first] = await alertsOf(angler);
    expect(first).toMatchObject({ kind: 'trophy', fish_id: target.fish.id, map_key: 0, mail_state: 'sent' });
    expect(JSON.parse(first!.detail)).toMatchObject({ map_id: target.mapId, star_type: 451 });
    expect(mailsTo(angler)).toHaveLength(1);

    // A second trophy, and a catch that is none, the same day: nothing more.
    await logCatches(target, [trophy(baits[2]), { bait_id: baits[3] }]);
    await job.run();
    expect(await alertsOf(angler)).toHaveLength(1);
    expect(mailsTo(angler)).toHaveLength(1);

    now += DAY;
    await logCatches(target, [trophy(baits[4])]);
    await job.run();
    const alerts = await alertsOf(angler);
    expect(alerts).toHaveLength(2);
    expect(Number(alerts[1]!.day)).toBe(Number(alerts[0]!.day) + 1);
    expect(mailsTo(angler)).toHaveLength(2);
  });

  it('on a followed map only counts trophies of that map', async () => {
    const target = takeFish((fish) => fish.data.maps.length >= 2);
    const otherMap = target.fish.data.maps.find((map) => map !== target.mapId)!;
    const angler = await member();
    await follow(angler, target.fish.id, target.mapId);
    const job = newJob();
    await job.run();
    await logCatches({ fish: target.fish, mapId: otherMap }, [trophy()]);
    await job.run();
    expect(await alertsOf(angler)).toEqual([]);
    await logCatches(target, [trophy()]);
    await job.run();
    expect(await alertsOf(angler)).toHaveLength(1);
  });
});

describe('a bait entering the top three', () => {
  it("raises an alert naming it and the new top three, by the bait guide's rule, in the member's language", async () => {
    const target = takeFish();
    const angler = await member({ locale: 'zh' });
    await follow(angler, target.fish.id, target.mapId);
    const [a, b, c, d, e] = baits as [number, number, number, number, number];
    const times = (bait: number, n: number) => Array.from({ length: n }, () => ({ bait_id: bait }));
    await logCatches(target, [...times(a, 4), ...times(b, 3), ...times(c, 3)]);
    const job = newJob();
    await job.run();
    // Two catches are below the guide's minimum of 3: the bait is not in its top three.
    await logCatches(target, times(e, 2));
    await job.run();
    expect(await alertsOf(angler)).toEqual([]);

    await logCatches(target, times(d, 5));
    await job.run();
    const [alert] = await alertsOf(angler);
    expect(alert).toMatchObject({ kind: 'top_bait', map_key: target.mapId });
    expect(JSON.parse(alert!.detail)).toEqual({ entered: [d], top: [d, a, Math.min(b, c)] });

    const view = await ctx.services.catalogue.view();
    const [mail] = mailsTo(angler);
    expect(mail!.subject).toContain(displayName(view.baits.get(d)!, 'zh'));
    expect(mail!.subject).toContain(displayName(target.fish, 'zh'));
    expect(mail!.text).toContain('最近 72 小时里');
    // Chinese is the default language: its pages have no prefix.
    expect(mail!.text).toContain(
      `https://anglerdex.test/query/bait-guide?fish_id=${target.fish.id}&map_id=${target.mapId}`,
    );
  });
});

describe('restarts and several runners', () => {
  it('keeps its state in the database: a new job instance resends nothing and sends what was left unsent', async () => {
    const target = takeFish();
    const angler = await member();
    await follow(angler, target.fish.id);
    await newJob().run();
    await logCatches(target, [trophy()]);
    // The SMTP server is down for this run: the alert is stored, its mail left pending.
    const down: AlertMailer = { sendAlert: () => Promise.reject(new Error('SMTP down')) };
    await newJob(down).run();
    const [pending] = await alertsOf(angler);
    expect(pending).toMatchObject({ mail_state: 'pending' });
    expect(mailsTo(angler)).toEqual([]);

    // "Restarted": new instances, the same database.
    now += 60_000;
    await newJob().run();
    expect(await alertsOf(angler)).toMatchObject([{ id: pending!.id, mail_state: 'sent' }]);
    expect(mailsTo(angler)).toHaveLength(1);
    now += 60_000;
    await newJob().run();
    expect(await alertsOf(angler)).toHaveLength(1);
    expect(mailsTo(angler)).toHaveLength(1);

    // Trophies logged while no job ran are found by the next one (the next day: one alert a day).
    now += DAY;
    await logCatches(target, [trophy()]);
    await newJob().run();
    expect(await alertsOf(angler)).toHaveLength(2);
  });

  it('raises one alert and sends one e-mail when two runners work at once', async () => {
    const target = takeFish();
    const angler = await member();
    await follow(angler, target.fish.id);
    await newJob().run();
    await logCatches(target, [trophy()]);
    await Promise.all([newJob().run(), newJob().run()]);
    expect(await alertsOf(angler)).toHaveLength(1);
    expect(mailsTo(angler)).toHaveLength(1);
  });

  it.runIf(onPostgres)('lets one runner at a time hold the lock on PostgreSQL; the other skips its turn', async () => {
    const holder = new JobLock(ctx.db.kysely);
    let inner: string | null | undefined;
    let skipped: unknown;
    await holder.whileHeld(async () => {
      inner = await new JobLock(ctx.db.kysely).whileHeld(async () => 'ran');
      skipped = await newJob().run();
    });
    expect(inner).toBeNull();
    expect(skipped).toBeNull();
    // Released: the next runner runs.
    expect(await new JobLock(ctx.db.kysely).whileHeld(async () => 'ran')).toBe('ran');
  });
});

describe('who is told', () => {
  it('tells a lapsed member nothing, and keeps the follow', async () => {
    const target = takeFish();
    const angler = await member();
    await follow(angler, target.fish.id);
    const job = newJob();
    await job.run();
    await ctx.db.kysely
      .updateTable('users')
      .set({ vip_expire_at: new Date(now - 1000).toISOString() })
      .where('id', '=', angler.id)
      .execute();
    await logCatches(target, [trophy()]);
    await job.run();
    expect(await alertsOf(angler)).toEqual([]);
    expect(mailsTo(angler)).toEqual([]);
    const follows = await ctx.db.kysely
      .selectFrom('alert_follow')
      .select('id')
      .where('user_id', '=', angler.id)
      .execute();
    expect(follows).toHaveLength(1);
  });

  it('shows the alert but sends no e-mail to an unverified address', async () => {
    const target = takeFish();
    const angler = await member({ verified: false });
    await follow(angler, target.fish.id);
    const job = newJob();
    await job.run();
    await logCatches(target, [trophy()]);
    await job.run();
    expect(await alertsOf(angler)).toMatchObject([{ kind: 'trophy', mail_state: 'skipped' }]);
    expect(mailsTo(angler)).toEqual([]);
  });

  it("mails in the member's language with a working unsubscribe link, after which alerts come without mail", async () => {
    const target = takeFish();
    const angler = await member({ locale: 'ja' });
    await follow(angler, target.fish.id);
    const job = newJob();
    await job.run();
    await logCatches(target, [trophy(baits[0], 452)]);
    await job.run();
    const [mail] = mailsTo(angler);
    const view = await ctx.services.catalogue.view();
    expect(mail!.subject).toBe(
      `${displayName(view.maps.get(target.mapId)!, 'ja')}でトロフィー級の${displayName(target.fish, 'ja')}が記録されました`,
    );
    expect(mail!.text).toContain(displayName(view.starTypes.get(452)!, 'ja'));
    const link = /https:\/\/anglerdex\.test\/ja\/alerts\/unsubscribe\?token=([\w.-]+)/.exec(mail!.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1]!;
    const header = (name: string) => mail!.headerLines.find((line) => line.key === name)?.line ?? '';
    expect(header('list-unsubscribe')).toContain(`<https://anglerdex.test/api/alerts/unsubscribe?token=${token}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const tampered = await ctx.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${token.slice(0, -3)}xyz`,
    });
    expect(tampered.statusCode).toBe(400);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);

    now += DAY;
    await logCatches(target, [trophy()]);
    await job.run();
    expect(await alertsOf(angler)).toMatchObject([{ mail_state: 'sent' }, { mail_state: 'skipped' }]);
    expect(mailsTo(angler)).toHaveLength(1);
  });
});
