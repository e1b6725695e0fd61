/**
 * Avatar uploads under load (issue 13, decision 0010), real app, database and files: a per-user limit on the route,
 * one upload per user at a time, a conditional update that deletes the losing file, and the start-up sweep of
 * pictures no user refers to.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../accounts/users.repository';
import { asUser, signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '1000', AVATAR_UPLOADS_PER_MINUTE: '100' } });
});
afterAll(() => ctx.close());

const avatarDir = (context = ctx) => path.join(context.config.dataDir, 'media', 'avatars');
const files = (context = ctx) => {
  try {
    return new Set(readdirSync(avatarDir(context)));
  } catch {
    return new Set<string>();
  }
};
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
const storedAvatar = async (id: string, context = ctx) =>
  (await context.db.kysely.selectFrom('users').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar;

async function upload(context: TestContext, token: string, picture: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
  const body = new Response(form);
  return asUser(context.app, token, {
    method: 'POST',
    url: '/api/users/me/avatar',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type')! },
  });
}

describe('parallel uploads by one user', () => {
  it('leave exactly one new file on disk, the one the user refers to', async () => {
    const { user, token } = await signedIn(ctx.app);
    const picture = await png();
    const before = files();
    const answers = await Promise.all(Array.from({ length: 16 }, () => upload(ctx, token, picture)));

    const statuses = answers.map((res) => res.statusCode);
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    for (const res of answers.filter((r) => r.statusCode === 429))
      expect(res.json()).toEqual({ detail: 'RATE_LIMITED' });

    const added = [...files()].filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    expect(await storedAvatar(user.id)).toBe(`/media/avatars/${added[0]}`);
  });
});

describe('the per-user limit', () => {
  it('answers 429 RATE_LIMITED past AVATAR_UPLOADS_PER_MINUTE, for that user only', async () => {
    const limited = await createTestApp({ seed: false, env: { AVATAR_UPLOADS_PER_MINUTE: '2' } });
    try {
      const [one, two] = await Promise.all([signedIn(limited.app), signedIn(limited.app)]);
      const picture = await png();
      expect((await upload(limited, one.token, picture)).statusCode).toBe(200);
      expect((await upload(limited, one.token, picture)).statusCode).toBe(200);
      const kept = await storedAvatar(one.user.id, limited);
      const refused = await upload(limited, one.token, picture);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(await storedAvatar(one.user.id, limited)).toBe(kept);
      expect(files(limited).size).toBe(1);
      // Another user is not affected.
      expect((await upload(limited, two.token, picture)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the conditional update', () => {
  it('keeps the stored avatar and deletes its own file when another upload got there first', async () => {
    const { user, token } = await signedIn(ctx.app);
    // What the request read at its start: no avatar yet.
    const stale = (await ctx.services.users.findById(user.id)) as User;
    expect((await upload(ctx, token, await png())).statusCode).toBe(200);
    const winner = await storedAvatar(user.id);
    const before = files();

    const answer = await ctx.services.profiles.setAvatar(stale, png);
    expect(answer.avatar).toBe(winner);
    expect(await storedAvatar(user.id)).toBe(winner);
    expect(files()).toEqual(before);
  });
});

describe('the sweep of unreferenced pictures', () => {
  const name = (n: number) => `${n.toString(16).padStart(32, '0')}.webp`;
  const twoMinutesAgo = () => new Date(Date.now() - 120_000);

  it('deletes pictures no user refers to once they are a minute old, and nothing else', async () => {
    const { user, token } = await signedIn(ctx.app);
    expect((await upload(ctx, token, await png())).statusCode).toBe(200);
    const referenced = path.basename((await storedAvatar(user.id))!);
    utimesSync(path.join(avatarDir(), referenced), twoMinutesAgo(), twoMinutesAgo());
    const oldOrphan = name(1);
    const youngOrphan = name(2);
    const foreign = 'README.txt';
    for (const file of [oldOrphan, youngOrphan, foreign]) writeFileSync(path.join(avatarDir(), file), 'x');
    for (const file of [oldOrphan, foreign]) utimesSync(path.join(avatarDir(), file), twoMinutesAgo(), twoMinutesAgo());

    expect(await ctx.services.profiles.sweepAvatars()).toBeGreaterThanOrEqual(1);
    const left = files();
    expect(left.has(oldOrphan)).toBe(false);
    expect(left.has(youngOrphan)).toBe(true);
    expect(left.has(foreign)).toBe(true);
    expect(left.has(referenced)).toBe(true);
  });

  it('runs when the server starts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-sweep-'));
    const dir = path.join(dataDir, 'media', 'avatars');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name(3)), 'orphan');
    utimesSync(path.join(dir, name(3)), twoMinutesAgo(), twoMinutesAgo());
    const started = await createTestApp({ seed: false, env: { DATA_DIR: dataDir } });
    try {
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
