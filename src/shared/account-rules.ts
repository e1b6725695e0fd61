/**
 * The account rules both sides enforce (docs/product-requirements.md §5, §9; docs/account-api.md "settings and
 * deliberate departures"): limits, the exact messages clients show, the `detail` codes. Plain TypeScript without zod,
 * so the client's account pages can use them without loading the schema library; the request bodies are zod schemas in
 * `contracts/auth.ts` (clients import their types only).
 */
/** Product rules (docs/product-requirements.md §5, §9; docs/account-api.md "settings and deliberate departures"). */
export const PASSWORD_MIN_LENGTH = 6;
/** Longer passwords are refused before hashing (hash DoS); counted in UTF-8 bytes. */
export const PASSWORD_MAX_BYTES = 256;
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 40;
export const BIO_MAX_LENGTH = 500;
/** 5 MB: one byte more is refused (413 on the server, a message in the profile form). */
export const AVATAR_MAX_BYTES = 5_242_880;

/** The exact reasons of the password and nickname rules: clients show them as they are. */
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const PASSWORD_TOO_LONG = 'Password must be at most 256 bytes long';
export const NICKNAME_TOO_SHORT = 'Nickname must be at least 2 characters long';

/**
 * The e-mail address's unsafe-character rule (python email_validator's `check_unsafe_chars`), also applied to
 * nicknames and bios, which appear in e-mails and beside other users' text: control and format characters
 * (zero-width, bidi overrides and isolates, soft hyphen, BOM), line and paragraph separators, spaces other than the
 * ASCII one, private-use, lone surrogate and unassigned code points make text render as other text or break what is
 * around it; a combining mark first would combine with what precedes it.
 */
const UNSAFE_CHAR = /[\p{C}\p{Z}]/u;
const COMBINING_MARK = /\p{M}/u;

/** email_validator names a character that cannot be shown by its code point (or its Unicode name, which JS lacks). */
function codePoint(c: string): string {
  const cp = c.codePointAt(0)!;
  return `U+${cp
    .toString(16)
    .toUpperCase()
    .padStart(cp < 0xffff ? 4 : 8, '0')}`;
}

/**
 * The unsafe characters of `text` as email_validator lists them (`U+200B, U+202E`: each once, in code point order),
 * or '' when there are none. `allowed` are exceptions: the ASCII space in a nickname, also the line feed in a bio.
 */
export function unsafeCharacters(text: string, allowed: ReadonlySet<string> = new Set()): string {
  const chars = [...text];
  const bad = new Set(
    chars.filter((c, i) => !allowed.has(c) && (UNSAFE_CHAR.test(c) || (i === 0 && COMBINING_MARK.test(c)))),
  );
  return [...bad]
    .sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!)
    .map(codePoint)
    .join(', ');
}

/** The texts the unsafe-character rule guards: account fields, and what loggers and official records name. */
export type UnsafeTextField = 'Nickname' | 'Bio' | 'Player name' | 'Version' | 'Alias';

/** The reason a text with unsafe characters is refused (422), e.g. `Nickname contains unsafe characters: U+202E.` */
export const unsafeTextReason = (field: UnsafeTextField, list: string) =>
  `${field} contains unsafe characters: ${list}.`;

/** The reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (utf8Length(password) > PASSWORD_MAX_BYTES) return PASSWORD_TOO_LONG;
  return null;
}

/** UTF-8 bytes, counted by hand because src/shared has no TextEncoder (neither DOM nor Node); a lone surrogate is 3. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * A logger's binding code (decision 0017): the proof that whoever binds a logger id controls that logger. Eight
 * characters of Crockford's base32 (digits and capitals without I, L, O, U: 40 bits), easy to read off the logger's
 * screen and type; valid 10 minutes, single use.
 */
export const BINDING_CODE_LENGTH = 8;
export const BINDING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BINDING_CODE_LIFETIME_MS = 10 * 60 * 1000;

/**
 * A binding code as typed, in its canonical form: spaces and hyphens dropped, upper case, and the look-alikes read
 * as Crockford's base32 reads them (O → 0, I and L → 1), so `7k3q-x9mz` and `7K3QX9MZ` are the same code.
 */
export function normalizeBindingCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** `detail` codes of the account API (docs/account-api.md §2, docs/design.md §4). */
export const AuthErrorCode = {
  REGISTER_USER_ALREADY_EXISTS: 'REGISTER_USER_ALREADY_EXISTS',
  REGISTER_INVALID_PASSWORD: 'REGISTER_INVALID_PASSWORD',
  LOGIN_BAD_CREDENTIALS: 'LOGIN_BAD_CREDENTIALS',
  RESET_PASSWORD_BAD_TOKEN: 'RESET_PASSWORD_BAD_TOKEN',
  RESET_PASSWORD_INVALID_PASSWORD: 'RESET_PASSWORD_INVALID_PASSWORD',
  VERIFY_USER_BAD_TOKEN: 'VERIFY_USER_BAD_TOKEN',
  VERIFY_USER_ALREADY_VERIFIED: 'VERIFY_USER_ALREADY_VERIFIED',
  UPDATE_USER_EMAIL_ALREADY_EXISTS: 'UPDATE_USER_EMAIL_ALREADY_EXISTS',
  UPDATE_USER_INVALID_PASSWORD: 'UPDATE_USER_INVALID_PASSWORD',
  /** `PATCH /users/me` changing the e-mail or the password without the right `current_password`. */
  UPDATE_USER_BAD_CURRENT_PASSWORD: 'UPDATE_USER_BAD_CURRENT_PASSWORD',
  CLIENT_NOT_FOUND: 'CLIENT_NOT_FOUND',
  CLIENT_ALREADY_BOUND: 'CLIENT_ALREADY_BOUND',
  /** Binding a logger with a binding code that is wrong, used, expired or another logger's (decision 0017). */
  BINDING_CODE_INVALID: 'BINDING_CODE_INVALID',
  RATE_LIMITED: 'RATE_LIMITED',
} as const;
