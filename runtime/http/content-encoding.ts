/**
 * Request bodies sent with a `Content-Encoding` (RFC 9110 section 8.4): which codings are read, and the decoding of
 * a body within a size limit. The codings are body-parser's (`express.json()`): `gzip`, `deflate` and `br`, one
 * coding only (a list such as `gzip, br` is not read), and also `x-gzip`, which RFC 9110 section 8.4.1.3 asks a
 * recipient to read as `gzip`. The limit holds for the bytes received and for the bytes decoded, so that a small
 * compressed body (a "zip bomb") is never inflated past it: decoding stops as soon as either passes it.
 *
 * Web-standard streams only (`DecompressionStream`, `ReadableStream.from`), so that `specfirst/web` keeps running in
 * workers, Deno and Bun; `br` where the runtime's `DecompressionStream` lacks it (Node before 24) through
 * `node:zlib`, loaded on first use, and refused (`ContentCodingUnavailableError`) where neither exists.
 */
// Types only (erased): the streams are the runtime's globals.
import type { ReadableStreamReadResult, ReadableWritablePair } from "node:stream/web";

/** A coding this module decodes (`x-gzip` is read as `gzip`). */
export type ContentCoding = "gzip" | "deflate" | "br";

/** The codings read, as an error message lists them. */
export const READ_CODINGS = "identity, gzip, x-gzip, deflate or br";

/**
 * The coding a `Content-Encoding` header names: `identity` for none (or an empty one), undefined for one this module
 * does not read: an unknown coding, a list of codings, or the header repeated.
 */
export function contentCodingOf(
  header: string | readonly string[] | null | undefined,
): ContentCoding | "identity" | undefined {
  if (header === undefined || header === null) return "identity";
  if (typeof header !== "string") return undefined;
  switch (header.trim().toLowerCase()) {
    case "":
    case "identity":
      return "identity";
    case "gzip":
    case "x-gzip":
      return "gzip";
    case "deflate":
      return "deflate";
    case "br":
      return "br";
    default:
      return undefined;
  }
}

/** The body's bytes, or the bytes decoded from them, passed the limit: reading and decoding stopped there. */
export class EncodedBodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body exceeds the limit of ${limit} bytes`);
    this.name = "EncodedBodyTooLargeError";
  }
}

/** The body is not valid data of its coding (corrupt, truncated, or another coding). Never quotes the body. */
export class ContentDecodingError extends Error {
  constructor(
    readonly coding: ContentCoding,
    options?: ErrorOptions,
  ) {
    super(`body cannot be decoded (content-encoding ${coding})`, options);
    this.name = "ContentDecodingError";
  }
}

/** This runtime has no decoder for the coding (`br` without `DecompressionStream("br")` or `node:zlib`). */
export class ContentCodingUnavailableError extends Error {
  constructor(readonly coding: ContentCoding) {
    super(`content encoding ${coding} cannot be decoded in this runtime`);
    this.name = "ContentCodingUnavailableError";
  }
}

type Decompressor = ReadableWritablePair<Uint8Array, Uint8Array>;
/** `DecompressionStream` as the standard has it: the format names the runtime knows, `br` included where it is. */
type DecompressionStreamOf = new (format: string) => Decompressor;

async function decompressorFor(coding: ContentCoding): Promise<Decompressor> {
  try {
    return new (DecompressionStream as unknown as DecompressionStreamOf)(coding);
  } catch (error) {
    if (coding !== "br") throw error;
  }
  try {
    const [{ createBrotliDecompress }, { Duplex }] = await Promise.all([import("node:zlib"), import("node:stream")]);
    return Duplex.toWeb(createBrotliDecompress()) as Decompressor;
  } catch {
    throw new ContentCodingUnavailableError(coding);
  }
}

/**
 * The chunks of `source` decoded from `coding`, at most `limit` bytes in all; throws `EncodedBodyTooLargeError` as
 * soon as the bytes read from `source` or the bytes decoded pass `limit` (no decoded byte past it is ever yielded,
 * and the decompressor, read only as fast as its output is taken, stops a chunk or two later),
 * `ContentDecodingError` for data that is not of the coding, and the source's own error when it fails. `onReceived`
 * is told the size of each chunk read from `source` within the limit. Stopping early (an error, or the caller leaving
 * the loop) ends the source with its `return()` (Node's `Readable.iterator({ destroyOnReturn: false })` keeps the
 * request open).
 */
export async function* decodeContent(
  source: AsyncIterable<Uint8Array>,
  coding: ContentCoding,
  limit: number,
  onReceived: (bytes: number) => void = () => {},
): AsyncGenerator<Uint8Array, void, undefined> {
  const decompressor = await decompressorFor(coding);
  /** Set when the source failed or passed the limit: that, not the decompressor's complaint, is the reason. */
  let stopped: { error: unknown } | undefined;
  async function* received(): AsyncGenerator<Uint8Array, void, undefined> {
    let bytes = 0;
    try {
      for await (const chunk of source) {
        bytes += chunk.byteLength;
        if (bytes > limit) throw new EncodedBodyTooLargeError(limit);
        onReceived(chunk.byteLength);
        yield chunk;
      }
    } catch (error) {
      stopped ??= { error };
      throw error;
    }
  }
  const reader = ReadableStream.from(received()).pipeThrough(decompressor).getReader();
  let decoded = 0;
  let finished = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        finished = true;
        if (stopped !== undefined) throw stopped.error;
        throw new ContentDecodingError(coding, { cause: error });
      }
      if (next.done) {
        finished = true;
        return;
      }
      decoded += next.value.byteLength;
      if (decoded > limit) throw new EncodedBodyTooLargeError(limit);
      yield next.value;
    }
  } finally {
    // Left early (over the limit, or the caller stopped): the pipe cancels the source, once its pending read (if
    // any) is answered; not awaited, so that the answer to the request does not wait for the client's next bytes.
    if (!finished) reader.cancel().catch(() => {});
  }
}
