/**
 * The proxy's connections to the upstream: an undici `Pool` (kept-alive connections, no pipelining, never a request
 * sent twice), chosen over node:http's client for its lower cost per request (bench/proxy.ts, section 9 of
 * bench/RESULTS.md). What it sends is framed by framing.ts's rules: a body held whole goes with its Content-Length, a
 * streamed one with the length the client gave (undici refuses to send more or fewer bytes) or chunked.
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { Pool, type Dispatcher } from "undici";

/** Connections to `upstream`, waiting at most `silenceMs` for an answer's head, and between two chunks of its body. */
export function upstreamPool(upstream: URL, silenceMs: number): Pool {
  return new Pool(upstream.origin, { pipelining: 1, headersTimeout: silenceMs, bodyTimeout: silenceMs });
}

/** Whether a failed exchange failed because the upstream stayed silent past the pool's timeouts. */
export function isSilence(failure: Error & { code?: string }): boolean {
  return failure.code === "UND_ERR_HEADERS_TIMEOUT" || failure.code === "UND_ERR_BODY_TIMEOUT";
}

/** An answer's header lines as received (name, value, name, value, …), as strings. */
export function headerLines(controller: Dispatcher.DispatchController): string[] {
  const raw = controller.rawHeaders;
  if (!Array.isArray(raw)) return [];
  return raw.map((line: Buffer | string) => (typeof line === "string" ? line : line.toString("latin1")));
}

/** The value of the last header line called `name` (lower case), if any. */
export function headerValue(lines: readonly string[], name: string): string | undefined {
  for (let i = lines.length - 2; i >= 0; i -= 2) if (lines[i]!.toLowerCase() === name) return lines[i + 1];
  return undefined;
}

/**
 * A request body streamed on: the chunks already read, then the rest as it arrives. A client that goes away before
 * its body ends makes the iteration fail, and undici then breaks the upstream connection off, so that a truncated
 * body is never taken for a whole one.
 */
export function streamedBody(head: readonly Buffer[], rest: IncomingMessage): Readable {
  return Readable.from(
    (async function* () {
      yield* head;
      for await (const chunk of rest) yield chunk as Buffer;
    })(),
    { objectMode: false },
  );
}
