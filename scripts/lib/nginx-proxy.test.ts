import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unusedPort } from '../../src/server/test/unused-port';
import { NginxProxy } from './nginx-proxy';

// A real nginx (skipped where none is installed: `npm run test:cluster` installs it) in front of two plain HTTP
// servers that answer who they are and the forwarding headers they were given.
const nginxInstalled = existsSync('/usr/sbin/nginx');

const upstreams: http.Server[] = [];

beforeAll(async () => {
  for (const name of ['one', 'two']) {
    const server = http.createServer((req, res) => {
      let body = 0;
      req.on('data', (chunk: Buffer) => (body += chunk.length));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            name,
            url: req.url,
            forwardedFor: req.headers['x-forwarded-for'],
            forwardedProto: req.headers['x-forwarded-proto'],
            host: req.headers.host,
            body,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstreams.push(server);
  }
});

afterAll(async () => {
  await Promise.all(upstreams.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe.skipIf(!nginxInstalled)('NginxProxy', () => {
  it('spreads requests over the upstreams with the forwarding headers, passes bodies, and stops', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-nginx-test-'));
    const port = await unusedPort();
    const proxy = new NginxProxy(
      dir,
      port,
      upstreams.map((server) => `127.0.0.1:${(server.address() as AddressInfo).port}`),
      { accessLog: false },
    );
    await proxy.start();
    try {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(
          (await (await fetch(`${proxy.url}/api/anything?i=${i}`)).json()) as {
            name: string;
            url: string;
            forwardedFor: string;
            forwardedProto: string;
            host: string;
          },
        );
      // Round-robin: both instances answered.
      expect(new Set(answers.map((a) => a.name))).toEqual(new Set(['one', 'two']));
      expect(answers[3]!.url).toBe('/api/anything?i=3');
      // What TRUST_PROXY=1 believes: the client's address as nginx saw it, the scheme, the host the client asked.
      expect(answers[0]!.forwardedFor).toBe('127.0.0.1');
      expect(answers[0]!.forwardedProto).toBe('http');
      expect(answers[0]!.host).toBe(`127.0.0.1:${port}`);
      // An upload larger than nginx's 1 MiB default passes through.
      const upload = await fetch(`${proxy.url}/api/c_report/catches`, {
        method: 'POST',
        body: Buffer.alloc(3 * 1024 * 1024, 1),
      });
      expect(upload.status).toBe(200);
      expect(((await upload.json()) as { body: number }).body).toBe(3 * 1024 * 1024);
    } finally {
      await proxy.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    await expect(fetch(proxy.url)).rejects.toThrow();
  });
});
