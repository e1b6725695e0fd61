import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController, requestSerializer } from './request-log';

interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}
const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 };

/** An app logging like app.ts (the controller, the redacting serializer) into an array, at `level`. */
async function loggedApp(level: string, slowMs?: number) {
  const lines: Line[] = [];
  const app = Fastify({
    logger: {
      level,
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      serializers: { req: requestSerializer },
    },
    logController: new RequestLogController(slowMs),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/refused', async (_request, reply) => reply.code(429).send({ detail: 'RATE_LIMITED' }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines, requestLines: () => lines.filter((line) => line.msg.includes('request')) };
}

describe('the request log', () => {
  it('names no successful request at info, and every refused or failed one, with its URL, status and time', async () => {
    const { app, requestLines } = await loggedApp('info');
    await app.inject('/ok?token=abc');
    expect(requestLines()).toEqual([]);
    await app.inject('/refused?token=secret');
    await app.inject('/broken');
    const [refused, broken] = requestLines().filter((line) => line.msg === 'request completed');
    expect(refused).toMatchObject({ level: LEVELS.info, req: { method: 'GET', url: '/refused?token=[redacted]' } });
    expect(refused!.res!.statusCode).toBe(429);
    expect(typeof refused!.responseTime).toBe('number');
    expect(broken).toMatchObject({ level: LEVELS.error, req: { url: '/broken' }, res: { statusCode: 500 } });
    await app.close();
  });

  it('names a slow request at warn whatever its status', async () => {
    const { app, requestLines } = await loggedApp('info', 0);
    await app.inject('/ok');
    expect(requestLines()).toMatchObject([{ level: LEVELS.warn, msg: 'request completed', req: { url: '/ok' } }]);
    await app.close();
  });

  it('names every request at debug, coming in and answered', async () => {
    const { app, requestLines } = await loggedApp('debug');
    await app.inject('/ok');
    expect(requestLines()).toMatchObject([
      { level: LEVELS.debug, msg: 'incoming request', req: { url: '/ok' } },
      { level: LEVELS.debug, msg: 'request completed', res: { statusCode: 200 } },
    ]);
    await app.close();
  });
});
