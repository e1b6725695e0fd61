/**
 * The baseline for `scripts/bench/catalogue-reads.ts`: a bare Fastify in a process of its own (no logger, no plugin)
 * answering each path with the very bytes and headers the real app sent for it, identity or brotli as the request's
 * Accept-Encoding allows, each encoding prepared once: the best a bare Fastify can do with the same answers. The
 * parent hands over the answers in a file (v8-serialised, its path the one argument) and gets the port over IPC.
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import Fastify from 'fastify';

export interface RecordedAnswer {
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface BareAnswers {
  /** Path with its query string → the answer without compression and the brotli one. */
  [url: string]: { identity: RecordedAnswer; br: RecordedAnswer };
}

/** Set by Node's HTTP server on every answer, or by Fastify from the body. */
const NOT_RECORDED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const prepared = (answer: RecordedAnswer) => ({
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !NOT_RECORDED.has(name))),
  body: Buffer.from(answer.body),
});

{
  const answers = v8.deserialize(readFileSync(process.argv[2]!)) as BareAnswers;
  const app = Fastify({ logger: false });
  const byUrl = new Map(
    Object.entries(answers).map(([url, { identity, br }]) => [url, { identity: prepared(identity), br: prepared(br) }]),
  );
  for (const pathname of new Set([...byUrl.keys()].map((url) => url.split('?')[0]!))) {
    app.get(pathname, (request, reply) => {
      const answer = byUrl.get(request.url);
      if (!answer) return reply.code(404).send();
      const chosen = request.headers['accept-encoding']?.includes('br') ? answer.br : answer.identity;
      return reply.headers(chosen.headers).send(chosen.body);
    });
  }
  app.listen({ port: 0, host: '127.0.0.1' }).then(
    () => {
      const address = app.server.address();
      process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
process.on('disconnect', () => process.exit(0));
