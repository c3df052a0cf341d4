/**
 * The validation proxy (`specfirst proxy`): an HTTP server in front of a real service that checks the requests
 * and responses of the operations in `routes.ts` against their schemas and reports every violation as one JSON
 * line. Traffic passes through byte for byte: bodies are forwarded exactly as received (a compressed body is
 * decompressed only to be checked), with the same method, request target (path and query, never re-encoded or
 * normalised) and headers, except the hop-by-hop headers and `host` (set to the upstream's). With `enforce`, a
 * request that breaks its schema (or cannot be read as JSON) is answered 400 `{ errors }` and not forwarded, and so
 * is a spelling of a declared path that an upstream router may read as that path (paths.ts): 404.
 *
 * A violation line holds the direction, operation, method, path (the route's, never the query string), status
 * (responses), JSON pointer, message and keyword: messages come from the schema and never quote the payload, and
 * no header is ever logged, so neither payload values nor the Authorization key reach the log.
 *
 * Staying available: bodies over `INLINE_CHECK_BYTES` are parsed and validated in worker threads (check-pool.ts);
 * at most `maxInFlight` exchanges of checked operations are held at once (each holds at most `maxBodyBytes` of
 * request and of response body), one more is answered 503; the upstream gets `upstreamTimeoutMs` of silence before
 * a 504; clients get the timeouts of `CLIENT_TIMEOUTS`.
 */
import {
  createServer,
  request as httpRequest,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DEFAULT_LIMIT,
  defaultValidators,
  errorText,
  JSON_CONTENT_TYPE,
  type ValidationError,
  type Validates,
} from "../middleware/core.js";
import { checkBody, tooLargeOutcome, type CheckOutcome } from "./check.js";
import { CheckPool, defaultPoolSize } from "./check-pool.js";
import { matchRoute } from "./paths.js";
import { ROUTES, type ProxyRoute } from "./routes.js";

export { ROUTES, type ProxyRoute };

/** Largest body held to be checked: the middleware's default limit (1 MiB). A longer one passes unchecked (413 with `enforce`). */
export const DEFAULT_MAX_BODY_BYTES = DEFAULT_LIMIT;

/** Exchanges of checked operations held at once by default; one more is answered 503 `busy`. */
export const DEFAULT_MAX_IN_FLIGHT = 32;

/** How long the upstream may stay silent (waiting for its answer, or within it) by default: then 504. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * Bodies up to this size are checked on the main thread, longer ones in a worker thread: checking one this size holds
 * the main thread about 2 ms, less than a worker round trip adds to its own request (bench/proxy.ts).
 */
export const INLINE_CHECK_BYTES = 64 * 1024;

/**
 * The proxy's own timeouts towards clients: request headers within `headersMs` and the whole request within
 * `requestMs` (else 408 `timeout`), a kept-alive connection closed after `keepAliveMs` without a request, and a
 * connection silent for `idleMs` (never less than the upstream timeout plus 1 s) closed.
 */
export const CLIENT_TIMEOUTS = { headersMs: 10_000, requestMs: 60_000, keepAliveMs: 5_000, idleMs: 60_000 } as const;

export interface ProxyOptions {
  /** Base URL of the service (`http://127.0.0.1:8080`, `https://api.example.net/base`). */
  upstream: string | URL;
  /** Port to listen on (default 0: any free port; see `RunningProxy.port`). */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Answer an invalid request 400, and a variant spelling of a declared path 404, instead of forwarding it. */
  enforce?: boolean;
  /** Receives one JSON text per violation (default: a line on stdout). */
  log?: (line: string) => void;
  /** Receives operational problems (upstream unreachable), one line of text each (default: stderr). */
  warn?: (line: string) => void;
  routes?: readonly ProxyRoute[];
  /** Default: the generated validators. Given validators check every body on the main thread (no worker). */
  validators?: Validates;
  /** Default `DEFAULT_MAX_BODY_BYTES` (1 MiB). */
  maxBodyBytes?: number;
  /** Default `DEFAULT_MAX_IN_FLIGHT`. */
  maxInFlight?: number;
  /** Default `DEFAULT_UPSTREAM_TIMEOUT_MS`. */
  upstreamTimeoutMs?: number;
  /** Default `CLIENT_TIMEOUTS`. */
  clientTimeouts?: Partial<Record<keyof typeof CLIENT_TIMEOUTS, number>>;
  /** Worker threads checking large bodies (default: one per core, at most 4; 0: every body on the main thread). */
  checkThreads?: number;
}

/** One line of the violation log. */
export interface Violation {
  direction: "request" | "response";
  operation: string;
  method: string;
  path: string;
  status?: number;
  pointer: string;
  message: string;
  keyword: string;
}

export interface RunningProxy {
  server: Server;
  host: string;
  port: number;
  /** `http://<host>:<port>` */
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

/** Hop-by-hop headers, and those named by `connection`, which a proxy does not pass on. */
function hopByHop(connection: string | string[] | undefined): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (const value of [connection ?? []].flat())
    for (const name of value.split(",")) if (name.trim() !== "") names.add(name.trim().toLowerCase());
  return names;
}

/** A body read up to a limit: whole (`bytes`), or the chunks read so far and the rest of the stream. */
type Body = { complete: true; bytes: Uint8Array } | { complete: false; stream: AsyncIterable<Uint8Array> };

/** Reads up to `limit` bytes; a whole body over `shareAbove` bytes is joined in shared memory (for a worker thread). */
async function readUpTo(stream: AsyncIterable<Buffer>, limit: number, shareAbove: number): Promise<Body> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done === true) return { complete: true, bytes: joined(chunks, size, size > shareAbove) };
    chunks.push(next.value);
    size += next.value.length;
    if (size > limit) {
      const rest = { [Symbol.asyncIterator]: () => iterator };
      return {
        complete: false,
        stream: (async function* () {
          yield* chunks;
          yield* rest;
        })(),
      };
    }
  }
}

function joined(chunks: Buffer[], size: number, shared: boolean): Uint8Array {
  if (!shared) return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const error = (message: string, keyword: string): ValidationError[] => [{ pointer: "", message, keyword }];

export async function createProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:")
    throw new TypeError("the upstream is an http: or https: URL");
  const basePath = upstream.pathname.replace(/\/+$/, "");
  const routes = options.routes ?? ROUTES;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const validators = options.validators ?? (await defaultValidators());
  const threads = options.validators === undefined ? (options.checkThreads ?? defaultPoolSize()) : 0;
  const pool = threads > 0 ? new CheckPool(threads) : undefined;
  const shareAbove = pool === undefined ? Number.POSITIVE_INFINITY : INLINE_CHECK_BYTES;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const send = upstream.protocol === "https:" ? httpsRequest : httpRequest;
  let inFlight = 0;

  /** A large or compressed body is checked in a worker thread (when there are any), a small one here. */
  const check = (schema: string, bytes: Uint8Array, encoding: string | undefined): Promise<CheckOutcome> => {
    const compressed = encoding !== undefined && !/^\s*(identity)?\s*$/i.test(encoding);
    const request = { schema, bytes, encoding, maxBytes: maxBodyBytes };
    return pool !== undefined && (bytes.byteLength > INLINE_CHECK_BYTES || compressed)
      ? pool.check(request)
      : Promise.resolve(checkBody(validators, request));
  };

  const report = (
    route: ProxyRoute,
    direction: Violation["direction"],
    errors: readonly ValidationError[],
    status?: number,
  ) => {
    for (const error of errors) {
      const violation: Violation = {
        direction,
        operation: route.operationId,
        method: route.method,
        path: route.path,
        ...(status === undefined ? {} : { status }),
        pointer: error.pointer,
        message: error.message,
        keyword: error.keyword,
      };
      log(JSON.stringify(violation));
    }
  };

  /** The proxy's own answer. One sent before the request body was read closes the connection rather than read it. */
  const answer = (
    res: ServerResponse,
    status: number,
    errors: ValidationError[],
    headers: OutgoingHttpHeaders = {},
  ) => {
    const unread = !res.req.complete;
    res.writeHead(status, {
      "content-type": JSON_CONTENT_TYPE,
      ...headers,
      ...(unread ? { connection: "close" } : {}),
    });
    res.end(errorText({ errors }));
  };

  /** 500 `proxy` for a failure of the proxy itself, or the connection closed when the answer had begun. */
  const ownFailure = (res: ServerResponse) =>
    res.headersSent ? res.destroy() : answer(res, 500, error("proxy error", "proxy"));

  /** Sends the request on, once: a POST is never sent again (the upstream may have acted on it, as nginx holds). */
  const forward = (req: IncomingMessage, res: ServerResponse, route: ProxyRoute | undefined, body: Body) => {
    const skip = hopByHop(req.headers.connection);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers as IncomingHttpHeaders))
      if (!skip.has(name) && value !== undefined) headers[name] = value;
    headers.host = upstream.host;
    if (body.complete) headers["content-length"] = String(body.bytes.length);
    // The request target goes as received: a URL object would resolve `/./`, `%2e` and the like into another path.
    const outgoing = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: upstream.port,
      path: basePath + (req.url ?? "/"),
      method: req.method,
      headers,
    });
    let timedOut = false;
    let failedAlready = false;
    const failed = (failure: NodeJS.ErrnoException) => {
      if (failedAlready) return;
      failedAlready = true;
      warn(
        `specfirst proxy: ${req.method} ${route?.path ?? "(unchecked path)"}: upstream ${timedOut ? "timeout" : (failure.code ?? "error")}`,
      );
      if (res.headersSent) return void res.destroy();
      if (timedOut)
        answer(res, 504, error(`the upstream did not answer within ${upstreamTimeoutMs} ms`, "upstream-timeout"));
      else answer(res, 502, error(`upstream unreachable (${failure.code ?? "error"})`, "upstream"));
    };
    outgoing.setTimeout(upstreamTimeoutMs, () => {
      timedOut = true;
      outgoing.destroy(new Error("upstream timeout"));
    });
    // A failure without an error code is the proxy's own (a worker thread died while checking the answer).
    outgoing.on(
      "response",
      (incoming) =>
        void respond(res, route, incoming).catch((failure: NodeJS.ErrnoException) =>
          failure.code === undefined && !timedOut ? ownFailure(res) : failed(failure),
        ),
    );
    outgoing.on("error", failed);
    res.on("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    if (body.complete) outgoing.end(body.bytes);
    else pipeline(Readable.from(body.stream), outgoing).catch(() => outgoing.destroy());
  };

  const respond = async (res: ServerResponse, route: ProxyRoute | undefined, incoming: IncomingMessage) => {
    const status = incoming.statusCode ?? 502;
    let schema: string | null = null;
    if (route !== undefined) {
      const declared =
        route.responses[String(status)] !== undefined ? route.responses[String(status)] : route.responses.default;
      if (declared === undefined)
        report(route, "response", error(`status ${status} is not a declared response`, "status"), status);
      schema = declared ?? null;
    }
    const skip = hopByHop(incoming.headers.connection);
    const headers: string[] = [];
    for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
      const name = incoming.rawHeaders[i] as string;
      if (!skip.has(name.toLowerCase()) && !(schema !== null && name.toLowerCase() === "content-length"))
        headers.push(name, incoming.rawHeaders[i + 1] as string);
    }
    if (route === undefined || schema === null) {
      res.writeHead(status, incoming.statusMessage, headers);
      await pipeline(incoming, res);
      return;
    }
    const body = await readUpTo(incoming, maxBodyBytes, shareAbove);
    if (body.complete) {
      const outcome = await check(schema, body.bytes, incoming.headers["content-encoding"]);
      if (outcome.status !== 200) report(route, "response", outcome.errors, status);
      res.writeHead(status, incoming.statusMessage, [...headers, "content-length", String(body.bytes.length)]);
      res.end(body.bytes);
    } else {
      report(route, "response", error(`body exceeds ${maxBodyBytes} bytes and was not checked`, "maxBytes"), status);
      res.writeHead(
        status,
        incoming.statusMessage,
        incoming.headers["content-length"] === undefined
          ? headers
          : [...headers, "content-length", incoming.headers["content-length"]],
      );
      await pipeline(Readable.from(body.stream), res);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? "/";
    // Absolute-form (`http://host/path`) and `*` targets are meant for forward proxies: not forwarded, not guessed at.
    if (!target.startsWith("/"))
      return answer(res, 400, error("the request target is not a path (/path?query): send the path only", "path"));
    const match = matchRoute(routes, req.method ?? "", target);
    if (match === undefined) return forward(req, res, undefined, { complete: false, stream: req });
    const { route } = match;
    if (!match.exact) {
      const errors = error(match.reason, "path");
      report(route, "request", errors);
      if (options.enforce) return answer(res, 404, errors);
    }
    if (inFlight >= maxInFlight)
      return answer(res, 503, error(`the proxy is checking ${maxInFlight} exchanges already: retry later`, "busy"), {
        "retry-after": "1",
      });
    inFlight++;
    res.once("close", () => inFlight--);
    if (route.requestSchema === null) return forward(req, res, route, { complete: false, stream: req });
    const declared = Number(req.headers["content-length"] ?? 0);
    const body: Body =
      declared > maxBodyBytes ? { complete: false, stream: req } : await readUpTo(req, maxBodyBytes, shareAbove);
    if (!body.complete) {
      const outcome = tooLargeOutcome(maxBodyBytes);
      report(route, "request", outcome.errors);
      if (options.enforce) return answer(res, 413, outcome.errors);
      return forward(req, res, route, body);
    }
    const outcome = await check(route.requestSchema, body.bytes, req.headers["content-encoding"]);
    if (outcome.status !== 200) {
      report(route, "request", outcome.errors);
      if (options.enforce) return answer(res, outcome.status, outcome.errors);
    }
    forward(req, res, route, body);
  };

  const timeouts = { ...CLIENT_TIMEOUTS, ...options.clientTimeouts };
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      handle(req, res).catch(() => ownFailure(res));
    },
  );
  server.timeout = Math.max(timeouts.idleMs, upstreamTimeoutMs + 1000);
  server.on("clientError", (failure: NodeJS.ErrnoException, socket: Socket) => answerClientError(failure, socket));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    server,
    host: address.address,
    port: address.port,
    url: `http://${host}:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool?.close();
    },
  };
}

/**
 * A request Node's HTTP parser refused (malformed, headers too large) or that was not received in time, answered in
 * the proxy's error shape when nothing was written on the connection yet; the connection is then closed.
 */
function answerClientError(failure: NodeJS.ErrnoException, socket: Socket): void {
  const [status, message, keyword] =
    failure.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "the request was not received in time", "timeout"]
      : failure.code === "HPE_HEADER_OVERFLOW"
        ? [431, "the request headers are too large", "http"]
        : [400, "not a valid HTTP request", "http"];
  if (!socket.writable || socket.bytesWritten > 0 || failure.code === "ECONNRESET") return void socket.destroy();
  const body = errorText({ errors: error(message, keyword) });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${JSON_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
