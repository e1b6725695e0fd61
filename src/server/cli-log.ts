/**
 * The logger the operator commands (`records:import`, `vip:renew-due`) hand to `createServices`: the services log
 * only what goes wrong (mail, Redis, a failed renewal), and a command shows that on stderr beside its own errors.
 */
import type { FastifyBaseLogger } from 'fastify';

const warn = (object: unknown, message?: string) => console.error(message ?? object, message ? object : '');
const noop = () => {};

export const cliLog = {
  level: 'warn',
  fatal: warn,
  error: warn,
  warn,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => cliLog,
} as unknown as FastifyBaseLogger;
