/**
 * The check of one body against its schema, as the proxy runs it on the main thread (small bodies) or in a worker
 * thread (large ones, check-pool.ts): decompressed when `content-encoding` says so (never to more than the body
 * limit), read with the strict JSON reader, validated. Nothing in the errors quotes the body. The errors are listed
 * here, at most `maxErrors` of them (runtime/validation/listed-errors.ts), so that a worker thread sends back no more.
 */
import { brotliDecompressSync, gunzipSync, inflateSync, type ZlibOptions } from "node:zlib";
import { checkBytes, tooLarge, type BodyCheck, type ErrorBody, type Validates } from "../middleware/core.js";

/**
 * What a body check asks: the validator name, the body as received, its `content-encoding`, the body limit, and the
 * most errors listed.
 */
export interface CheckRequest {
  schema: string;
  bytes: Uint8Array;
  encoding: string | undefined;
  maxBytes: number;
  maxErrors: number;
}

/**
 * The outcome: no errors (valid), or the status to answer under `--enforce` and the errors to report (the first ones,
 * with `errorCount` when some are left out).
 */
export type CheckOutcome = { status: 200 } | ({ status: 400 | 413 } & ErrorBody);

export function checkBody(
  validators: Validates,
  { schema, bytes, encoding, maxBytes, maxErrors }: CheckRequest,
): CheckOutcome {
  let text: Uint8Array;
  try {
    text = decoded(bytes, encoding, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return tooLargeOutcome(maxBytes);
    return {
      status: 400,
      errors: [
        {
          pointer: "",
          message: `body cannot be decoded (content-encoding ${String(encoding)})`,
          keyword: "contentEncoding",
        },
      ],
    };
  }
  return outcomeOf(checkBytes(validators, schema, text, maxBytes, maxErrors));
}

/** The 413 outcome of a body over the limit (the middleware's wording). */
export function tooLargeOutcome(maxBytes: number): { status: 413 } & ErrorBody {
  const answer = tooLarge(maxBytes);
  return { status: 413, errors: answer.ok ? [] : answer.body.errors };
}

/** A check as the proxy passes it on: without the parsed value (which a worker thread would have to copy back). */
function outcomeOf(check: BodyCheck): CheckOutcome {
  return check.ok ? { status: 200 } : { status: check.status, ...check.body };
}

/** The body as the schema sees it: decompressed when `content-encoding` says so, at most `maxOutputLength` bytes. */
function decoded(bytes: Uint8Array, encoding: string | undefined, options: ZlibOptions): Uint8Array {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "identity":
    case "":
      return bytes;
    case "gzip":
    case "x-gzip":
      return gunzipSync(bytes, options);
    case "deflate":
      return inflateSync(bytes, options);
    case "br":
      return brotliDecompressSync(bytes, options);
    default:
      throw new Error("unsupported content-encoding");
  }
}
