/**
 * The account API's wire contract (../shared/contracts/auth-api.md, FastAPI Users compatible): the server validates
 * and serialises with these schemas, the client types its calls with them. The rules are in `#shared/account-rules`.
 */
import { z } from 'zod';

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
  /** The bound logger id (bird id), or null. */
  client_id: z.string().nullable(),
  /** ISO-8601 UTC, or null. */
  vip_expire_at: z.string().nullable(),
  is_vip: z.boolean(),
});
export type UserRead = z.infer<typeof UserRead>;

/** `POST /api/auth/jwt/login` answer, exactly these two keys. */
export const LoginResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const BindClientBody = z.object({ client_id: z.string().min(1).max(64) });
export type BindClientBody = z.infer<typeof BindClientBody>;

/** `POST /api/c_report/clients`: a logger registers itself. */
export const CreateClientBody = z.object({
  player_name: z.string().max(64).optional(),
  version: z.string().max(32).optional(),
});
export const CreateClientResponse = z.object({ client_id: z.string(), client_token: z.string() });
export type CreateClientResponse = z.infer<typeof CreateClientResponse>;
