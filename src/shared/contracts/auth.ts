/**
 * The account API's wire contract (docs/account-api.md, FastAPI Users compatible): the server validates
 * and serialises with these schemas, the client types its calls with them (`import type` only, so zod stays out of
 * the client's bundle). Request bodies follow FastAPI Users' declarations with pydantic's lax booleans, `EmailStr` and
 * our nickname rule; field order is the order of 422 entries. The plain rules and messages are in
 * `#shared/account-rules`.
 */
import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  NICKNAME_TOO_SHORT,
  unsafeCharacters,
  unsafeTextReason,
} from '../account-rules';
import { LaxBool, ONE_LINE_ALLOWED, refuse, safeLine } from './common';
import { EmailStr } from './email';

/**
 * `UserRead`: the five FastAPI Users fields first, in this order, then ours (contract: extra user fields).
 * Key order is part of the wire contract; the serializer keeps the schema's order.
 */
export const UserRead = z.object({
  id: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  is_verified: z.boolean(),
  nickname: z.string(),
  /** URL path of the avatar picture, or null. */
  avatar: z.string().nullable(),
  bio: z.string(),
  /** The bound logger id, or null. */
  client_id: z.string().nullable(),
  /** ISO-8601 UTC, or null. */
  vip_expire_at: z.string().nullable(),
  is_vip: z.boolean(),
});
export type UserRead = z.infer<typeof UserRead>;

/** Validated for type, then ignored on register and `/me` (docs/account-api.md §2.1, quirk 3). */
const Flag = LaxBool.nullable().optional();

/** A bio may run over several lines (the line feed); a carriage return only as part of CR LF, stored as LF. */
const BIO_ALLOWED = new Set([' ', '\n']);

/**
 * Trimmed, no unsafe characters (the e-mail's rule: no control, format or separator characters, so no bidi
 * override, zero-width character or line break), then 2 to 40 characters (counted as code points); the reasons are
 * the ones clients show.
 */
export const Nickname = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const unsafe = unsafeCharacters(value, ONE_LINE_ALLOWED);
    if (unsafe) return refuse(ctx, value, unsafeTextReason('Nickname', unsafe));
    const length = [...value].length;
    if (length < NICKNAME_MIN_LENGTH) return refuse(ctx, value, NICKNAME_TOO_SHORT);
    if (length > NICKNAME_MAX_LENGTH)
      return refuse(ctx, value, `Nickname must be at most ${NICKNAME_MAX_LENGTH} characters long`);
    return value;
  });

/** At most 500 characters, several lines allowed (CR LF is stored as LF), otherwise the nickname's character rule. */
export const Bio = z
  .string()
  .max(BIO_MAX_LENGTH)
  .transform((value, ctx) => {
    const text = value.replace(/\r\n/g, '\n');
    const unsafe = unsafeCharacters(text, BIO_ALLOWED);
    return unsafe ? refuse(ctx, value, unsafeTextReason('Bio', unsafe)) : text;
  });

/**
 * A logger id as a user types it (register, bind): trimmed, then 1 to 64 characters. Loggers show `bird_` + 22
 * base62 characters, but the shape is not enforced: an id no logger has is answered CLIENT_NOT_FOUND (404).
 */
export const LoggerId = z.string().trim().min(1).max(64);

/**
 * The binding code the logger shows (decision 0017) as the user typed it: spaces, hyphens, case and the look-alikes
 * O/I/L do not matter (`normalizeBindingCode`); a code that is not the logger's is answered BINDING_CODE_INVALID (400).
 */
export const BindingCode = z
  .string()
  .min(1)
  .max(32)
  .describe("The logger's one-time binding code (8 characters, valid 10 minutes), shown by the logger when asked");

/**
 * `POST /api/auth/register` (docs/account-api.md §2.1): FastAPI Users' `UserCreate` plus our nickname and a logger id
 * with its binding code (a `client_id` without `code` is a 422 `missing` for `code`, as on the bind route).
 */
export const RegisterBody = z
  .object({
    email: EmailStr,
    password: z.string(),
    is_active: Flag,
    is_superuser: Flag,
    is_verified: Flag,
    nickname: Nickname.optional(),
    client_id: LoggerId.optional(),
    code: BindingCode.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.client_id !== undefined && body.code === undefined)
      ctx.addIssue({ code: 'invalid_type', expected: 'string', path: ['code'], message: 'Field required' });
  });
/** What a client may send to register (the register form sends e-mail, password, nickname, maybe client_id + code). */
export type RegisterBody = z.input<typeof RegisterBody>;

/**
 * `POST /api/auth/jwt/login` form fields (OAuth2PasswordRequestForm); empty fields are dropped before validation.
 * The server reads it as an HTML form (pydantic's `input: null` for a missing field).
 */
export const LoginForm = z.object({
  username: z.string(),
  password: z.string(),
  grant_type: z
    .string()
    .regex(/^password$/, { message: "String should match pattern '^password$'" })
    .optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

/** `POST /api/auth/jwt/login` answer, exactly these two keys. */
export const LoginResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** `Body(..., embed=True)`: anything but an object is read as an object without the field. */
function embedded<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}), z.object(shape));
}

/** `POST /api/auth/forgot-password` and `/request-verify-token`. */
export const EmailBody = embedded({ email: EmailStr });
/** `POST /api/auth/verify`. */
export const TokenBody = embedded({ token: z.string() });
/** `POST /api/auth/reset-password`. */
export const ResetPasswordBody = z.object({ token: z.string(), password: z.string() });

/**
 * `PATCH /api/users/me` and `/users/{id}` (FastAPI Users' `UserUpdate` plus our profile fields). `current_password`
 * (ours, never echoed) is required on `/me` when the e-mail changes or a password is set (contract: departures);
 * the superuser route ignores it.
 */
export const UpdateUserBody = z.object({
  password: z.string().nullable().optional(),
  // `null` is refused (422) rather than crashing as FastAPI Users does (contract: quirk 2 is a bug).
  email: EmailStr.optional(),
  is_active: Flag,
  is_superuser: Flag,
  is_verified: Flag,
  nickname: Nickname.optional(),
  bio: Bio.optional(),
  /** Required by `/me` for a new e-mail address or a password (issue 13); never echoed. `null` counts as missing. */
  current_password: z.string().nullable().optional(),
});
/** `POST /api/users/me/deletion` (ours): the account's current password proves the request is the owner's. */
export const DeleteAccountBody = z.object({ current_password: z.string() }).strict();
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/**
 * What the profile form sends to `PATCH /api/users/me` (only the fields present are applied; no flags): with a new
 * e-mail or password, also `current_password`.
 */
export type UpdateMeBody = Omit<z.input<typeof UpdateUserBody>, 'is_active' | 'is_superuser' | 'is_verified'>;

/** `/api/users/{id}`: any string; only a UUID can name a user (else 404). */
export const UserIdParams = z.object({ id: z.string() });

/** `POST /api/c_report/user/bind_client_id`: the logger id and the binding code its logger shows. */
export const BindClientBody = z.object({ client_id: LoggerId, code: BindingCode });
export type BindClientBody = z.input<typeof BindClientBody>;

/** `DELETE /api/c_report/user/bind_client_id`: no body, `{}`, or the id expected to be bound. */
export const UnbindClientBody = z.object({ client_id: z.string().optional() }).optional();

/**
 * `POST /api/c_report/clients`: a logger registers itself. Its player name and version are one line each without
 * unsafe characters (the nickname's rule: no control, bidi or zero-width characters), else 422.
 */
export const CreateClientBody = z.object({
  player_name: safeLine('Player name', z.string().max(64)).optional(),
  version: safeLine('Version', z.string().max(32)).optional(),
});
/** `POST /api/c_report/clients` (201) and `POST /api/c_report/clients/token` (200): the id and a secret token. */
export const CreateClientResponse = z.object({ client_id: z.string(), client_token: z.string() });
export type CreateClientResponse = z.infer<typeof CreateClientResponse>;

/** `POST /api/c_report/clients/binding_code`: the code for the logger to show, and when it expires (ISO-8601 UTC). */
export const BindingCodeResponse = z.object({ code: z.string(), expires_at: z.string() });
export type BindingCodeResponse = z.infer<typeof BindingCodeResponse>;
