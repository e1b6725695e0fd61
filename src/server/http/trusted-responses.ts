/**
 * Trusted responses: hot reads whose answers are written as the handler built them, without re-validation.
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** Response schemas marked by `trustedResponse`: their routes skip re-validating what they send. */
const TRUSTED_RESPONSES = new WeakSet<object>();

/**
 * Marks a route's response schema as trusted: the route's answers are written with plain `JSON.stringify` instead
 * of being parsed by the schema first. For hot reads with large answers (catalogue, heat map, logs) whose handler
 * builds exactly the documented shape from data the server wrote itself; the schema still documents the route in
 * `/docs` and tests still check answers against it. No stripping happens: send no extra fields, no transforms.
 *
 * Returns a copy, so the same contract schema stays validated on routes that do not mark it:
 * `response: { 200: trustedResponse(CategoryListResponse), 404: ErrorBody }`.
 */
export function trustedResponse<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone();
  TRUSTED_RESPONSES.add(copy);
  return copy;
}

/** Whether a route's response schema was marked by `trustedResponse` (the serializer compiler asks). */
export function isTrustedResponse(schema: unknown): boolean {
  return TRUSTED_RESPONSES.has(schema as object);
}

/**
 * Sends JSON text a handler already serialised (a trusted response kept as text): a string body with a JSON content
 * type goes out as it is, never serialised again.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json').send(text);
}
