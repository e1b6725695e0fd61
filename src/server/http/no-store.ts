/**
 * `Cache-Control: no-store` for the account routes (contract: departures): their answers carry tokens and personal
 * data, which no browser cache or shared proxy may keep. An onSend hook, so errors (401, 422, 429) get it too.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  reply.header('cache-control', 'no-store');
  return payload;
}
