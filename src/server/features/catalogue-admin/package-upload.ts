/**
 * The transport of an uploaded package archive (docs/catalogue-format.md says what is inside; the loader checks the
 * content, decompression bombs included): the raw body as bytes up to a limit, refused before it is read when its
 * type or declared length is wrong, and slots that bound how many packages one server holds in memory at once and
 * keep applies one at a time.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CatalogueAdminErrorCode, PACKAGE_UPLOAD_TYPES } from '#shared/catalogue-admin-rules';
import { DomainError } from '../../domain-error';
import { HttpError } from '../../http/http-error';

const MIB = 1024 * 1024;

/** `{code, reason}` 413: says the limit and the way on (the CLI on the server takes packages of any size). */
export function packageTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, {
    code: CatalogueAdminErrorCode.TOO_LARGE,
    reason:
      `The package is larger than this server accepts through the page: at most ${maxBytes} bytes ` +
      `(${(maxBytes / MIB).toFixed(1)} MiB, CATALOGUE_UPLOAD_MAX_BYTES). Shrink its pictures, or import it on the ` +
      'server with `npm run catalogue:import -- PATH`',
  });
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * onRequest hook of the upload routes, after authentication: a body that is not an archive type (a form post from
 * another site among them) is a 415, and a declared length over the limit a 413, before a byte of it is read.
 */
export function acceptPackageUpload(maxBytes: number) {
  const types: readonly string[] = PACKAGE_UPLOAD_TYPES;
  return async (request: FastifyRequest): Promise<void> => {
    if (!types.includes(mediaType(request)))
      throw new HttpError(415, {
        code: CatalogueAdminErrorCode.MEDIA_TYPE,
        reason:
          'Send the package archive (.zip or .tar.gz) itself as the request body, with Content-Type ' +
          `${PACKAGE_UPLOAD_TYPES.filter((type) => !type.includes('x-')).join(', ')}; not a form or JSON`,
      });
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) throw packageTooLarge(maxBytes);
  };
}

/**
 * The archive types' body parser, registered in the routes' own scope: the body as one Buffer, counted as it
 * arrives (a chunked body, or a `Content-Encoding` the compression plugin inflates, has no trustworthy length), and
 * refused with the 413 above as soon as it passes `maxBytes`.
 */
export function packageBodyParser(app: FastifyInstance, maxBytes: number): void {
  app.addContentTypeParser([...PACKAGE_UPLOAD_TYPES], (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      stop();
      chunks.length = 0;
      done(packageTooLarge(maxBytes), undefined);
    }
    function onEnd() {
      stop();
      done(null, Buffer.concat(chunks, size));
    }
    function onError(error: Error) {
      stop();
      done(error, undefined);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    // The compression plugin hands over its inflating stream paused; a 'data' listener alone does not start it.
    payload.resume();
  });
}

/** A fixed number of places; `take()` answers how to give one back (idempotent), or null when all are taken. */
export class Slots {
  private used = 0;
  constructor(readonly size: number) {}

  take(): (() => void) | null {
    if (this.used >= this.size) return null;
    this.used += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.used -= 1;
    };
  }
}

interface Ticket {
  release: () => void;
  /** The handler runs: it gives the slots back itself when it ends, even if the client has gone. */
  handling: boolean;
}
const tickets = new WeakMap<FastifyRequest, Ticket>();

/**
 * onRequest hook taking one place in each of `slots` for the request, or refusing it: the first slot set full is a
 * 503 `CATALOGUE_BUSY` (too many packages in memory, try again shortly), an apply slot full a 409
 * `CATALOGUE_APPLY_IN_PROGRESS`. The places go back when the handler ends (`withSlots`), or when the request ends
 * before reaching it (refused body, client gone): see `releaseSlots`.
 */
export function takeSlots(needs: { slots: Slots; refuse: () => Error }[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const taken: (() => void)[] = [];
    for (const { slots, refuse } of needs) {
      const give = slots.take();
      if (!give) {
        for (const back of taken) back();
        throw refuse();
      }
      taken.push(give);
    }
    tickets.set(request, { release: () => taken.forEach((back) => back()), handling: false });
  };
}

/** onResponse and onRequestAbort: give back the places of a request whose handler never ran. */
export async function releaseSlots(request: FastifyRequest): Promise<void> {
  const ticket = tickets.get(request);
  if (ticket && !ticket.handling) ticket.release();
}

/** Runs a handler holding the places its onRequest hook took, giving them back when it ends. */
export async function withSlots<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const ticket = tickets.get(request);
  if (ticket) ticket.handling = true;
  try {
    return await work();
  } finally {
    ticket?.release();
  }
}

export const busy = () =>
  new DomainError('unavailable', CatalogueAdminErrorCode.BUSY, {
    reason: 'Other packages are being read on this server right now; send it again in a few seconds',
    retryAfter: 5,
  });
export const applyInProgress = () => new DomainError('conflict', CatalogueAdminErrorCode.APPLY_IN_PROGRESS);
