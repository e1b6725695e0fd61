import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendConditional, serializedAnswer } from './conditional-get';

const body = JSON.stringify({ cells: Array.from({ length: 500 }, (_, i) => [i % 128, Math.floor(i / 128), i]) });
const answer = serializedAnswer(body);
const small = serializedAnswer('{"ok":true}');
const app = Fastify();

beforeAll(async () => {
  // As in the app: the compression plugin is registered, and must leave an answer compressed here alone.
  await app.register(compress, { threshold: 1024 });
  app.get('/answer', (request, reply) => sendConditional(request, reply, answer, 'no-cache'));
  app.get('/small', (request, reply) => sendConditional(request, reply, small, 'no-cache'));
  await app.ready();
});
afterAll(() => app.close());

describe('answers serialised once', () => {
  it('go out compressed once per encoding the client accepts, brotli first, and the same bytes every time', async () => {
    const br = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);
    const gzip = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(body);
    expect(answer.encoded.get('gzip')).toBeInstanceOf(Buffer);
    const kept = answer.encoded.get('br');
    const again = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(answer.encoded.get('br')).toBe(kept);
  });

  it('go out as they are without Accept-Encoding, with identity only, or when small', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await app.inject({ url: '/answer', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(body);
    }
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('{"ok":true}');
  });

  it('keep their own bytes too: encoded to UTF-8 once, the same bytes every time', async () => {
    const first = await app.inject({ url: '/answer' });
    expect(answer.body.equals(Buffer.from(body))).toBe(true);
    expect(first.rawPayload.equals(answer.body)).toBe(true);
    const again = await app.inject({ url: '/answer' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('take bytes as they are: the same answer, tag and encodings as from the text', async () => {
    const bytes = serializedAnswer(Buffer.from(body));
    expect(bytes.body.equals(answer.body)).toBe(true);
    expect(bytes.etag).toBe(answer.etag);
    const text = serializedAnswer('{"name":"鯉"}');
    expect(text.body.equals(Buffer.from('{"name":"鯉"}', 'utf8'))).toBe(true);
    expect(serializedAnswer(Buffer.from('{"name":"鯉"}')).etag).toBe(text.etag);
  });

  it('answer 304 without a body for a matching If-None-Match, weak or strong', async () => {
    for (const tag of [answer.etag, answer.etag.replace(/^W\//, ''), `"other", ${answer.etag}`]) {
      const res = await app.inject({ url: '/answer', headers: { 'if-none-match': tag, 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
    }
    const res = await app.inject({ url: '/answer', headers: { 'if-none-match': '"other"' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(answer.etag);
  });
});
