/**
 * A user's profile (docs/account-api.md §2.8–2.10): what `/users/me` shows and changes, the avatar, and the
 * superuser routes on any user. Edits follow FastAPI Users' `_update`: password before e-mail, so a bad password's
 * error wins; a new address makes the user unverified; only the superuser route may set the three flags. Ours on
 * top (decision 0010): `/me` must prove the current password to change the e-mail or the password, both changes are
 * notified to the address the account had, and a deactivation revokes every token.
 */
import type { z } from 'zod';
import { AuthErrorCode, passwordProblem } from '#shared/account-rules';
import type { UpdateUserBody } from '#shared/contracts/auth';
import type { Locale } from '#shared/locales';
import { asciiEmail } from '../../accounts/email-domain';
import { hashPassword } from '../../accounts/password';
import { type User, type UserChanges, type UsersRepository, userLocale } from '../../accounts/users.repository';
import type { BackgroundTasks } from '../../background-tasks';
import { isUniqueViolation } from '../../db/errors';
import { DomainError } from '../../domain-error';
import { rateLimited } from '../../domain-error';
import { type AvatarStore, reencodeAvatar } from './avatar-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The start-up sweep leaves younger unreferenced pictures alone: an upload may be between its file and its row. */
const ORPHAN_MIN_AGE_MS = 60_000;

export type ProfileUpdate = z.output<typeof UpdateUserBody>;

/** Who asks for a change: the user on `/me` (from `clientAddress`), or a superuser on `/users/{id}`. */
export type Editor = { privileged: false; clientAddress: string } | { privileged: true };

/*
 * What this feature needs of two others, declared here and satisfied by their services (services.ts passes them in).
 */

/** The auth feature's current-password check: 400 UPDATE_USER_BAD_CURRENT_PASSWORD, counted as a login guess. */
export interface CurrentPasswordCheck {
  checkCurrentPassword(user: User, password: string | null | undefined, clientAddress: string): Promise<void>;
}

/** A notice to the address the account had before the change. */
export interface ChangeNotice {
  to: string;
  nickname: string;
  locale: Locale;
}

/** The mail feature's notices. */
export interface ChangeMailer {
  sendPasswordChanged(notice: ChangeNotice): Promise<void>;
  sendEmailChanged(notice: ChangeNotice): Promise<void>;
}

/** The VIP feature's: stops the user's auto-renewals at the payment provider (503 when it cannot be reached). */
export interface RenewalStopper {
  stopRenewals(user: User): Promise<void>;
}

export interface ProfileDeps {
  users: UsersRepository;
  avatars: AvatarStore;
  passwords: CurrentPasswordCheck;
  mailer: ChangeMailer;
  tasks: BackgroundTasks;
  renewals: RenewalStopper;
}

const notFound = () => new DomainError('not-found', 'Not Found');

export class ProfileService {
  private readonly users: UsersRepository;
  private readonly avatars: AvatarStore;
  /** Users with an avatar upload in progress in this process: one at a time each. */
  private readonly uploading = new Set<string>();

  constructor(private readonly deps: ProfileDeps) {
    this.users = deps.users;
    this.avatars = deps.avatars;
  }

  /** A user by id, or 404: only a UUID names a user (so `DELETE /users/me` reaches no one, as in FastAPI Users). */
  async get(id: string): Promise<User> {
    const user = UUID.test(id) ? await this.users.findById(id) : null;
    if (!user) throw notFound();
    return user;
  }

  /**
   * FastAPI Users' `_update`, fields in schema order: on `/me`, first the current password when the e-mail changes
   * or a password is set (after the 422 validation, before the rules below); then the password rule (so its error
   * wins), then the e-mail (any user with it in any case, even this one → 400; a new address makes the user
   * unverified), then ours. The superuser route may also set the three flags; `is_active: false` revokes every token.
   */
  async update(user: User, input: ProfileUpdate, editor: Editor): Promise<User> {
    // The stored form of the address (domain in ASCII): the IDN form of the user's own address is no change.
    const email = input.email === undefined ? undefined : asciiEmail(input.email);
    const emailChanges = email !== undefined && email !== user.email;
    const passwordChanges = input.password != null;
    if (!editor.privileged && (emailChanges || passwordChanges))
      await this.deps.passwords.checkCurrentPassword(user, input.current_password, editor.clientAddress);

    const changes: UserChanges = {};
    if (input.password != null) {
      const problem = passwordProblem(input.password);
      if (problem) throw new DomainError('invalid', AuthErrorCode.UPDATE_USER_INVALID_PASSWORD, { reason: problem });
    }
    if (emailChanges) {
      if (await this.users.findByEmail(email))
        throw new DomainError('invalid', AuthErrorCode.UPDATE_USER_EMAIL_ALREADY_EXISTS);
      changes.email = email;
      changes.is_verified = false;
    }
    if (editor.privileged) {
      for (const flag of ['is_active', 'is_superuser', 'is_verified'] as const) {
        const value = input[flag];
        if (value != null) changes[flag] = value;
      }
    }
    if (input.nickname !== undefined) changes.nickname = input.nickname;
    if (input.bio !== undefined) changes.bio = input.bio;

    try {
      // Hashed only once every check has passed: a refused request costs no argon2 run.
      // Unconditional, as in FastAPI Users: a concurrent change (another password change, a login upgrading a
      // bcrypt hash) is no error of the client's, the last change wins. A user deleted meanwhile → 404 below.
      // A password change bumps the token version itself; so does a deactivation (a deactivated user's tokens must
      // not come back to life with a reactivation).
      if (input.password != null)
        await this.users.changePassword(user.id, null, await hashPassword(input.password), changes);
      else await this.users.update(user.id, changes, { revokeTokens: changes.is_active === false });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('invalid', AuthErrorCode.UPDATE_USER_EMAIL_ALREADY_EXISTS);
      throw error;
    }
    const updated = await this.users.findById(user.id);
    if (!updated) throw notFound();
    // To the address the account had: after an e-mail change, the one a thief cannot read is the old one.
    if (passwordChanges) this.notify('password', user);
    if (emailChanges) this.notify('email', user);
    return updated;
  }

  /**
   * Stores a new avatar: one upload per user at a time (another one meanwhile → 429), the picture read by
   * `readPicture`, re-encoded (415 / 422 for what is no usable image) and written under a fresh name. The row takes it
   * only if its avatar is still the one `user` was read with; otherwise another upload got there first, this file is
   * deleted again and the answer is the user as stored. The replaced picture is deleted.
   */
  async setAvatar(user: User, readPicture: () => Promise<Buffer>): Promise<User> {
    if (this.uploading.has(user.id)) throw rateLimited(1);
    this.uploading.add(user.id);
    try {
      const url = await this.avatars.save(await reencodeAvatar(await readPicture()));
      if (!(await this.users.replaceAvatar(user.id, user.avatar, url))) {
        await this.avatars.remove(url);
        const current = await this.users.findById(user.id);
        if (!current) throw notFound();
        return current;
      }
      await this.avatars.remove(user.avatar);
      return { ...user, avatar: url };
    } finally {
      this.uploading.delete(user.id);
    }
  }

  /**
   * Deletes the avatar pictures no user row refers to (left by a crash between writing a file and its row, or by an
   * instance that lost a race), if older than a minute. Run at start-up; answers how many were deleted.
   */
  async sweepAvatars(minAgeMs = ORPHAN_MIN_AGE_MS): Promise<number> {
    return this.avatars.sweep(await this.users.avatarUrls(), minAgeMs);
  }

  /** Deletes a user (superusers); 404 when there is no such user. */
  async delete(id: string): Promise<void> {
    await this.remove(await this.get(id));
  }

  /**
   * A user deletes their own account (`POST /users/me/deletion`): the current password first (400, counted like a
   * login guess), then as a superuser's deletion. Every token stops working at once: none names a user any more.
   */
  async deleteOwn(user: User, currentPassword: string, clientAddress: string): Promise<void> {
    await this.deps.passwords.checkCurrentPassword(user, currentPassword, clientAddress);
    await this.remove(user);
  }

  /**
   * Auto-renewals stopped at the provider first (it must not charge a deleted account; unreachable → 503 and nothing
   * deleted), then the account and its data (`UsersRepository.delete`), then the avatar picture.
   */
  private async remove(user: User): Promise<void> {
    await this.deps.renewals.stopRenewals(user);
    if (!(await this.users.delete(user.id))) throw notFound();
    await this.avatars.remove(user.avatar);
  }

  private notify(change: 'password' | 'email', before: User): void {
    const notice = { to: before.email, nickname: before.nickname, locale: userLocale(before) };
    const { mailer, tasks } = this.deps;
    if (change === 'password') tasks.run('password change notice', () => mailer.sendPasswordChanged(notice));
    else tasks.run('e-mail change notice', () => mailer.sendEmailChanged(notice));
  }
}
