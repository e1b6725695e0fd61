/**
 * Request bodies of the account routes as FastAPI Users declares them (contract §2), with pydantic's lax booleans,
 * `EmailStr` and our nickname rule. Field order is the order of 422 entries.
 */
import { z } from 'zod';
import { BIO_MAX_LENGTH, NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH, NICKNAME_TOO_SHORT } from '#shared/account-rules';
import { LaxBool } from '#shared/contracts/common';
import { EmailStr } from '#shared/contracts/email';
import { formBody } from '../../plugins/validation';

/** Validated for type, then ignored on register and `/me` (contract §2.1, quirk 3). */
const Flag = LaxBool.nullable().optional();

export const Nickname = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const length = [...value].length;
    if (length >= NICKNAME_MIN_LENGTH && length <= NICKNAME_MAX_LENGTH) return value;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message:
        length < NICKNAME_MIN_LENGTH
          ? NICKNAME_TOO_SHORT
          : `Nickname must be at most ${NICKNAME_MAX_LENGTH} characters long`,
      params: { pydantic: { type: 'value_error' } },
    });
    return z.NEVER;
  });

const ClientId = z.string().trim().min(1).max(64);

export const RegisterBody = z.object({
  email: EmailStr,
  password: z.string(),
  is_active: Flag,
  is_superuser: Flag,
  is_verified: Flag,
  nickname: Nickname.optional(),
  client_id: ClientId.optional(),
});

/** Login fields (OAuth2PasswordRequestForm); empty fields were dropped before validation (auth.routes.ts). */
export const LoginForm = formBody(
  z.object({
    username: z.string(),
    password: z.string(),
    grant_type: z
      .string()
      .regex(/^password$/, { message: "String should match pattern '^password$'" })
      .optional(),
    scope: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  }),
);

/** `Body(..., embed=True)`: anything but an object is read as an object without the field. */
function embedded<T extends z.ZodRawShape>(shape: T) {
  return formBody(
    z.preprocess((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}), z.object(shape)),
  );
}

export const EmailBody = embedded({ email: EmailStr });
export const TokenBody = embedded({ token: z.string() });

export const ResetPasswordBody = z.object({ token: z.string(), password: z.string() });

export const UpdateUserBody = z.object({
  password: z.string().nullable().optional(),
  // `null` is refused (422) rather than crashing as FastAPI Users does (contract: quirk 2 is a bug).
  email: EmailStr.optional(),
  is_active: Flag,
  is_superuser: Flag,
  is_verified: Flag,
  nickname: Nickname.optional(),
  bio: z.string().max(BIO_MAX_LENGTH).optional(),
});
