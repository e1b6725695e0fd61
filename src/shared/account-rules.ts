/**
 * The account rules both sides enforce (product spec §5, §9; contracts/auth-api.md "settings and deliberate
 * departures"): limits, the exact messages clients show, the `detail` codes. Plain TypeScript without zod, so the
 * client's account pages can use them without loading the schema library.
 */
/** Product rules (spec §5, §9; contract "settings and deliberate departures"). */
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

/** The reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) return PASSWORD_TOO_LONG;
  return null;
}

/** Logger ids as the logger shows them: `bird_` + 22 base62 characters. */
export const CLIENT_ID_PATTERN = /^bird_[0-9A-Za-z]{22}$/;

/** `detail` codes of the account API (contract §2, DESIGN §4). */
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
  CLIENT_NOT_FOUND: 'CLIENT_NOT_FOUND',
  CLIENT_ALREADY_BOUND: 'CLIENT_ALREADY_BOUND',
  RATE_LIMITED: 'RATE_LIMITED',
} as const;

/** What the register form sends (the server also accepts FastAPI Users' base fields). */
export interface RegisterBody {
  email: string;
  password: string;
  nickname?: string;
  client_id?: string;
}

/** What the profile form sends to `PATCH /api/users/me` (only the fields present are applied). */
export interface UpdateMeBody {
  nickname?: string;
  bio?: string;
  password?: string;
  email?: string;
}
