import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ContentCoding, chooseCoding } from './compress-negotiation';
import { textMemo } from './text-memo';

/** Under this an answer fits a packet or two anyway, and compressing it costs more than it saves. */
export const COMPRESS_JSON_MIN_BYTES = 1024;

/**
 * The fastest settings that still shrink a 50-product page (27 kB) about sevenfold: measured on this
 * machine, brotli quality 1 takes ~0.09 ms and gzip level 1 ~0.12 ms per answer, against 0.24 ms for
 * brotli 4, 0.34-0.59 ms for brotli 5, 0.22 ms for gzip 6 and ~0.5 ms more for hono/compress
 * (CompressionStream), for 3.7 kB (br 1) and 3.6 kB (gzip 1) instead of 2.7-3.0 kB. A kilobyte less
 * on the wire is not worth a quarter of the server's time per answer (docs/performance.md).
 */
const compressors: Record<ContentCoding, (text: string, bytes: number) => Buffer> = {
  br: (text, bytes) =>
    brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      },
    }),
  gzip: (text) => gzipSync(text, { level: 1 }),
};
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/** The coding chosen per Accept-Encoding text: clients send one of a handful of headers. */
const codingByHeader = textMemo<ContentCoding | undefined>(100, 256);

function codingFor(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  return codingByHeader(acceptEncoding, () => chooseCoding(acceptEncoding, CODINGS));
}

/** The JSON of an answer and its compressed forms, made once per coding. */
type Encoded = { text: string; bytes: number; compressed: Partial<Record<ContentCoding, Buffer>> };

/**
 * Answers frozen by whoever built them (a kept search answer, served to every customer typing the
 * same word within its second) are encoded once: serialising and compressing 50 products is most of
 * what such a request costs. Only frozen objects are kept, because only they cannot change after
 * their bytes are made; the WeakMap lets them go with the answer.
 */
const encodedFrozen = new WeakMap<object, Encoded>();

function encode(object: unknown): Encoded {
  const frozen = typeof object === 'object' && object !== null && Object.isFrozen(object);
  const known = frozen ? encodedFrozen.get(object) : undefined;
  if (known) return known;
  const text = JSON.stringify(object);
  const encoded: Encoded = { text, bytes: Buffer.byteLength(text), compressed: {} };
  if (frozen) encodedFrozen.set(object, encoded);
  return encoded;
}

function compressedAs(encoded: Encoded, coding: ContentCoding): Buffer {
  const known = encoded.compressed[coding];
  if (known) return known;
  const made = compressors[coding](encoded.text, encoded.bytes);
  encoded.compressed[coding] = made;
  return made;
}

type Init = ContentfulStatusCode | ResponseInit;
type Headers_ = Record<string, string | string[]>;
/** c.body takes a status or a ResponseInit at runtime; its overloads only split the types. */
type Body = (data: string | Uint8Array, arg?: Init, headers?: Headers_) => Response;

/**
 * Compresses the JSON answers (c.json, error answers from app.onError included) of 1 kB and more
 * as brotli or gzip, whichever the request's Accept-Encoding prefers. It replaces `c.json` for the
 * request rather than rewriting `c.res` afterwards: the string is at hand there, while reading a
 * finished Response back costs more than compressing it. Everything else (PDF and xlsx
 * documents, which are compressed formats, and any stream) passes untouched.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  const acceptEncoding = c.req.header('Accept-Encoding');
  const body = c.body as Body;
  const json = (object: unknown, arg?: Init, headers?: Headers_): Response => {
    const encoded = encode(object);
    const { text, bytes } = encoded;
    c.header('Vary', 'Accept-Encoding', { append: true });
    const answerHeaders: Headers_ = { 'Content-Type': 'application/json', ...headers };
    const coding = text.length >= COMPRESS_JSON_MIN_BYTES ? codingFor(acceptEncoding) : undefined;
    if (coding) {
      const compressed = compressedAs(encoded, coding);
      if (compressed.length < bytes) {
        answerHeaders['Content-Encoding'] = coding;
        answerHeaders['Content-Length'] = String(compressed.length);
        return body(compressed, arg, answerHeaders);
      }
    }
    return body(text, arg, answerHeaders);
  };
  c.json = json as unknown as Context['json'];
  await next();
};
