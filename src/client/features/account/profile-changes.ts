/**
 * What the profile form sends (`PATCH /api/users/me`): only the fields that changed, and the current password when
 * the change needs it (docs/account-api.md: a new e-mail address or a new password must carry `current_password`).
 */
import type { UpdateMeBody } from '#shared/contracts/auth';
import type { UserInfo } from '../../lib/session';

export interface ProfileValues {
  email: string;
  nickname: string;
  bio: string;
  password: string;
  confirmPassword: string;
  currentPassword: string;
}

/**
 * An address as the server compares it, near enough: trimmed, NFC, the domain lower-cased (the local part keeps its
 * case). Retyping the stored address in another case or with spaces is then no change and asks for no password; the
 * server's finer rules (e.g. an IDN domain's punycode form) at worst make the form ask for a password it needs not.
 */
function comparableEmail(value: string): string {
  const text = value.trim().normalize('NFC');
  const at = text.lastIndexOf('@');
  return at === -1 ? text : `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}`;
}

export function emailChanged(values: Pick<ProfileValues, 'email'>, user: Pick<UserInfo, 'email'>): boolean {
  return comparableEmail(values.email) !== comparableEmail(user.email);
}

/** The current password is asked for (and required) exactly when the server will insist on it. */
export function needsCurrentPassword(
  values: Pick<ProfileValues, 'email' | 'password'>,
  user: Pick<UserInfo, 'email'>,
): boolean {
  return values.password !== '' || emailChanged(values, user);
}

/** The request body: the changed fields only; a blank password keeps the current one. */
export function profileChanges(values: ProfileValues, user: UserInfo): UpdateMeBody {
  const changes: UpdateMeBody = {};
  if (emailChanged(values, user)) changes.email = values.email.trim();
  const nickname = values.nickname.trim();
  if (nickname !== user.nickname) changes.nickname = nickname;
  if (values.bio !== user.bio) changes.bio = values.bio;
  if (values.password) changes.password = values.password;
  // Never sent otherwise: the password travels only when the server needs it.
  if (needsCurrentPassword(values, user)) changes.current_password = values.currentPassword;
  return changes;
}
