/**
 * A fake Stripe API on loopback for the `stripe` provider's tests (issue 12): Stripe's servers are the one thing that
 * cannot run here, so the official client talks real HTTP to this instead (its `host`/`port`/`protocol` options).
 * It answers only what the provider calls, the way Stripe does (form-encoded requests, JSON objects, `{error}`
 * bodies with Stripe's status codes, idempotent replays), and records every request so a test can assert what was
 * sent. Refunds (`POST /v1/refunds`) are stored under `refunds`, one per PaymentIntent.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  /** Without the query string: `/v1/checkout/sessions`. */
  path: string;
  /** Decoded flat, the way Stripe's client encodes nested params: `payment[payment_intent]`, `expand[0]`. */
  query: Record<string, string>;
  /** The form body decoded flat: `line_items[0][price]`, `metadata[order_no]`. */
  body: Record<string, string>;
  /** Lower-cased, as Node reads them: `authorization`, `idempotency-key`, `stripe-version`. */
  headers: IncomingHttpHeaders;
}

type StripeObject = { id: string } & Record<string, unknown>;

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: the provider's `apiUrl`. */
  url: string;
  requests: StripeRequest[];
  /** Serves `object` at `/v1/<collection>/<id>` and in the list `GET /v1/<collection>`. */
  put(collection: string, object: StripeObject): void;
  /** What is stored at `/v1/<collection>/<id>` (a canceled subscription shows `status: 'canceled'`). */
  get(collection: string, id: string): StripeObject | undefined;
  /** The next `times` requests answer this status with a Stripe error body (500 → `api_error`). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

function flat(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

const idOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;

/** Follows a flat Stripe key (`payment[payment_intent]`) into an object. */
function valueAt(object: unknown, key: string): unknown {
  let value = object;
  for (const part of key.replace(/\]/g, '').split('[')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function stripeError(status: number, message: string, code?: string) {
  const type = status >= 500 ? 'api_error' : status === 429 ? 'rate_limit_error' : 'invalid_request_error';
  return { error: { type, message, ...(code ? { code } : {}) } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const objects = new Map<string, StripeObject>();
  const replays = new Map<string, { body: string; answer: unknown }>();
  let failures: { status: number; left: number } | null = null;
  let sessions = 0;
  let refunds = 0;

  const findById = (id: string) => [...objects.values()].find((object) => object.id === id);

  /** `expand[]=data.invoice` on a list: the ids it names become the stored objects. */
  function expand(item: StripeObject, paths: string[]): StripeObject {
    const copy: StripeObject = { ...item };
    for (const path of paths) {
      const field = path.replace(/^data\./, '');
      const id = copy[field];
      if (typeof id === 'string') copy[field] = findById(id) ?? id;
    }
    return copy;
  }

  function list(collection: string, query: Record<string, string>) {
    const paths = Object.entries(query)
      .filter(([key]) => key.startsWith('expand['))
      .map(([, value]) => value);
    const filters = Object.entries(query).filter(([key]) => !key.startsWith('expand[') && key !== 'limit');
    const data = [...objects.entries()]
      .filter(([path]) => path.startsWith(`/v1/${collection}/`))
      .map(([, object]) => object)
      .filter((object) => filters.every(([key, value]) => idOf(valueAt(object, key)) === value))
      .map((object) => expand(object, paths));
    return { object: 'list', url: `/v1/${collection}`, has_more: false, data };
  }

  const checkoutSessions = new Map<string, Record<string, unknown>>();

  function createSession(body: Record<string, string>) {
    const id = `cs_test_fake${++sessions}`;
    const session = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      success_url: body.success_url ?? null,
      cancel_url: body.cancel_url ?? null,
      metadata: { order_no: body['metadata[order_no]'] },
      payment_intent: null,
      subscription: null,
      invoice: null,
      expires_at: body.expires_at === undefined ? null : Number(body.expires_at),
    };
    checkoutSessions.set(id, session);
    return session;
  }

  function answer(request: StripeRequest, rawBody: string): { status: number; body: unknown; replayed?: boolean } {
    if (failures && failures.left > 0) {
      failures.left -= 1;
      return { status: failures.status, body: stripeError(failures.status, 'Fake Stripe was told to fail') };
    }
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      // Stripe replays the first answer for a repeated key, and refuses the key with different parameters.
      const key = request.headers['idempotency-key'];
      const seen = typeof key === 'string' ? replays.get(key) : undefined;
      if (seen && seen.body !== rawBody)
        return {
          status: 400,
          body: stripeError(
            400,
            'Keys for idempotent requests can only be used with the same parameters',
            'idempotency_key_in_use',
          ),
        };
      if (seen) return { status: 200, body: seen.answer, replayed: true };
      const session = createSession(request.body);
      if (typeof key === 'string') replays.set(key, { body: rawBody, answer: session });
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      // Stripe replays a repeated key's answer; a second refund of a payment refunded in full is refused.
      const key = request.headers['idempotency-key'];
      const seen = typeof key === 'string' ? replays.get(key) : undefined;
      if (seen) return { status: 200, body: seen.answer, replayed: true };
      const paymentIntent = request.body.payment_intent;
      if (!paymentIntent) return { status: 400, body: stripeError(400, 'Missing required param: payment_intent.') };
      if ([...objects.values()].some((object) => object.object === 'refund' && object.payment_intent === paymentIntent))
        return {
          status: 400,
          body: stripeError(400, `Charge for ${paymentIntent} has already been refunded.`, 'charge_already_refunded'),
        };
      const refund = {
        id: `re_fake${++refunds}`,
        object: 'refund',
        payment_intent: paymentIntent,
        status: 'succeeded',
        metadata: { order_no: request.body['metadata[order_no]'] },
      };
      objects.set(`/v1/refunds/${refund.id}`, refund);
      if (typeof key === 'string') replays.set(key, { body: rawBody, answer: refund });
      return { status: 200, body: refund };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire && method === 'POST') {
      // Stripe expires an open session only: a completed (or expired) one answers 400.
      const session = checkoutSessions.get(expire[1] ?? '');
      if (!session) return { status: 404, body: stripeError(404, `No such checkout.session: '${expire[1]}'`) };
      if (session.status !== 'open')
        return { status: 400, body: stripeError(400, 'Only open sessions can be expired') };
      session.status = 'expired';
      return { status: 200, body: session };
    }
    const one = /^\/v1\/([a-z_]+)\/([^/]+)$/.exec(path);
    if (one && method === 'DELETE' && one[1] === 'subscriptions') {
      // Stripe answers a canceled subscription's cancel as if it did not exist.
      const subscription = objects.get(path);
      if (!subscription || subscription.status === 'canceled')
        return { status: 404, body: stripeError(404, `No such subscription: '${one[2]}'`, 'resource_missing') };
      const canceled = { ...subscription, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) };
      objects.set(path, canceled);
      return { status: 200, body: canceled };
    }
    if (one && method === 'GET') {
      const object = objects.get(path);
      if (!object) return { status: 404, body: stripeError(404, `No such object: '${one[2]}'`, 'resource_missing') };
      return { status: 200, body: object };
    }
    const all = /^\/v1\/([a-z_]+)$/.exec(path);
    if (all && method === 'GET') return { status: 200, body: list(all[1] ?? '', request.query) };
    return { status: 404, body: stripeError(404, `Unrecognized request URL (${method}: ${path})`) };
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const request: StripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: flat(url.searchParams),
        body: flat(new URLSearchParams(rawBody)),
        headers: req.headers,
      };
      requests.push(request);
      const { status, body, replayed } = answer(request, rawBody);
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_fake${requests.length}`,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(body));
    });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    put: (collection, object) => void objects.set(`/v1/${collection}/${object.id}`, object),
    get: (collection, id) => objects.get(`/v1/${collection}/${id}`),
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
