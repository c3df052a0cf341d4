/**
 * How the proxy frames what it forwards, so that the upstream reads exactly the requests the proxy read and checked
 * (docs/validating.md#the-validation-proxy). Node's HTTP parser has already refused the ambiguous framings (both
 * Content-Length and Transfer-Encoding, Content-Length given twice, a malformed chunk size, a Transfer-Encoding whose
 * last coding is not chunked); what it accepts is read here once, and the forwarded request is framed afresh: a body
 * held whole goes with its own Content-Length (as nginx does), a streamed one with the Content-Length Node's parser
 * counted out or re-chunked (as Envoy does), whatever the method. Chunk extensions and trailers are never passed on.
 */
import type { IncomingHttpHeaders } from "node:http";

/** A request's body as framed by the client: none, a length, or chunked. */
export type Framing = { body: "none" } | { body: "length"; bytes: number } | { body: "chunked" };

/** Why a framing is refused: a transfer coding other than `chunked` (RFC 9112, section 6.1: 501), or a bad length. */
export type FramingProblem = { status: 400 | 501; problem: string };

/** The framing of a request Node's parser accepted, or the problem with it. */
export function framingOf(headers: IncomingHttpHeaders): Framing | FramingProblem {
  const coding = headers["transfer-encoding"];
  if (coding !== undefined) {
    // Node passes `gzip, chunked` and an empty value, and does not decode gzip: forwarding would change the body's meaning.
    if (coding.trim().toLowerCase() !== "chunked")
      return {
        status: 501,
        problem:
          "a Transfer-Encoding other than chunked is not supported: send the body chunked or with Content-Length",
      };
    return { body: "chunked" };
  }
  const length = headers["content-length"];
  if (length === undefined) return { body: "none" };
  const bytes = Number(length);
  // Node accepts digits only; anything else here is refused rather than guessed at.
  if (!/^\d+$/.test(length) || !Number.isSafeInteger(bytes))
    return { status: 400, problem: "the Content-Length is not a length" };
  return bytes === 0 ? { body: "none" } : { body: "length", bytes };
}

/** Headers a proxy does not pass on (RFC 9110, section 7.6.1), besides those that `connection` names. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

/** Headers that say how the forwarded body is framed or read: set by the proxy, never dropped because `connection` names them. */
const BODY_HEADERS = new Set(["content-length", "content-type", "content-encoding", "host"]);

/** Whether a `connection` value names only the usual options, so the fixed set of hop-by-hop headers applies. */
const PLAIN_CONNECTION = /^\s*(?:keep-alive|close)?\s*$/i;

/**
 * The request headers to forward: the client's (as Node's parser reads them: one `content-type`, repeated headers
 * joined) without the hop-by-hop ones and `expect` (Node's server has answered `100 Continue` already), `host` set to
 * the upstream's, and the body's length when it is known. A streamed body of no known length is chunked by the
 * sender (runtime/proxy/upstream.ts), which sets `transfer-encoding` itself.
 */
export function forwardedRequestHeaders(
  headers: IncomingHttpHeaders,
  host: string,
  framing: Framing,
): Record<string, string | string[]> {
  const skip = droppedNames(headers.connection);
  const forwarded: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !skip.has(name) && name !== "content-length" && name !== "expect")
      forwarded[name] = value;
  }
  forwarded.host = host;
  if (framing.body === "length") forwarded["content-length"] = String(framing.bytes);
  return forwarded;
}

/** Raw response header lines to pass on to the client: without the hop-by-hop ones, and without any named in `omit`. */
export function forwardedResponseHeaders(rawHeaders: readonly string[], omit?: string): string[] {
  const connection: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2)
    if (rawHeaders[i]!.toLowerCase() === "connection") connection.push(rawHeaders[i + 1]!);
  const skip = droppedNames(connection.length === 0 ? undefined : connection.join(", "));
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    const lower = name.toLowerCase();
    if (!skip.has(lower) && lower !== omit) kept.push(name, rawHeaders[i + 1] as string);
  }
  return kept;
}

/** The hop-by-hop headers and those named by `connection`, except the body's own. */
function droppedNames(connection: string | string[] | undefined): ReadonlySet<string> {
  if (connection === undefined || (typeof connection === "string" && PLAIN_CONNECTION.test(connection)))
    return HOP_BY_HOP;
  const names = new Set(HOP_BY_HOP);
  for (const value of [connection].flat())
    for (const name of value.split(",")) {
      const lower = name.trim().toLowerCase();
      if (lower !== "" && !BODY_HEADERS.has(lower)) names.add(lower);
    }
  return names;
}
