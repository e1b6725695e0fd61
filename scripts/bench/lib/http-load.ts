/**
 * A closed-loop HTTP/1.1 load generator over raw keep-alive sockets: `connections` sockets, each sending its next
 * request as soon as the last answer has been read in full, for `seconds`. It parses only what it must (status line,
 * Content-Length or chunked framing) and copies no body, so one core of it outruns a bare Fastify on the other core:
 * node:http's client spends several times as much per answer and would measure itself instead of the server.
 */
import net from 'node:net';

export interface LoadOptions {
  port: number;
  path: string;
  /** Request headers besides Host (e.g. `accept-encoding`). */
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Body bytes of the last answer, as framed (compressed when the answer was). */
  bodyBytes: number;
  /** Answers whose status was not 200 (the bench treats any as a failure). */
  errors: number;
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailer';

/** One keep-alive connection's parser: `feed` bytes in, `onAnswer(status, bodyBytes)` per complete answer. */
class AnswerReader {
  private state: State = 'head';
  private pending: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private status = 0;
  private body = 0;

  constructor(private readonly onAnswer: (status: number, bodyBytes: number) => void) {}

  feed(data: Buffer): void {
    let buffer = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    this.pending = Buffer.alloc(0);
    for (;;) {
      if (this.state === 'length' || this.state === 'chunk-data') {
        const take = Math.min(this.remaining, buffer.length);
        this.remaining -= take;
        this.body += take;
        buffer = buffer.subarray(take);
        if (this.remaining > 0) return;
        if (this.state === 'length') this.finish();
        else this.state = 'chunk-end';
        continue;
      }
      if (this.state === 'head') {
        const end = buffer.indexOf(CRLF_CRLF);
        if (end < 0) break;
        const head = buffer.toString('latin1', 0, end).toLowerCase();
        buffer = buffer.subarray(end + 4);
        this.status = Number(head.slice(9, 12));
        this.body = 0;
        const length = /\r\ncontent-length: *(\d+)/.exec(head);
        if (length) {
          this.remaining = Number(length[1]);
          this.state = 'length';
        } else if (/\r\ntransfer-encoding: *chunked/.test(head)) {
          this.state = 'chunk-size';
        } else {
          this.remaining = 0;
          this.state = 'length';
        }
        continue;
      }
      // The chunked framing's lines: a size, the CRLF after a chunk's data, the (empty) trailer.
      const eol = buffer.indexOf(CRLF);
      if (eol < 0) break;
      const line = buffer.toString('latin1', 0, eol);
      buffer = buffer.subarray(eol + 2);
      if (this.state === 'chunk-size') {
        this.remaining = parseInt(line, 16);
        this.state = this.remaining === 0 ? 'trailer' : 'chunk-data';
      } else if (this.state === 'chunk-end') {
        this.state = 'chunk-size';
      } else if (line === '') {
        this.finish();
      }
    }
    if (buffer.length > 0) this.pending = Buffer.from(buffer);
  }

  private finish(): void {
    this.state = 'head';
    this.onAnswer(this.status, this.body);
  }
}

/** Runs the load and returns the throughput and the latency of every answer (write to last byte read). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headerLines = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.from(`GET ${options.path} HTTP/1.1\r\nhost: 127.0.0.1:${options.port}\r\n${headerLines}\r\n`);
  const latencies: number[] = [];
  let errors = 0;
  let bodyBytes = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let ended = started;

  await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = net.connect(options.port, '127.0.0.1');
          socket.setNoDelay(true);
          let sentAt = 0;
          const send = () => {
            sentAt = performance.now();
            socket.write(request);
          };
          const reader = new AnswerReader((status, bytes) => {
            const now = performance.now();
            latencies.push(now - sentAt);
            bodyBytes = bytes;
            if (status !== 200) errors++;
            if (now < deadline) return send();
            ended = Math.max(ended, now);
            socket.end();
            resolve();
          });
          socket.on('connect', send);
          socket.on('data', (data) => reader.feed(data));
          socket.on('error', reject);
        }),
    ),
  );

  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    perSecond: latencies.length / ((ended - started) / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    bodyBytes,
    errors,
  };
}
