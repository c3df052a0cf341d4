/**
 * The validation proxy (`specfirst proxy`): an HTTP server in front of a real service that checks the requests
 * and responses of the operations in `routes.ts` against their schemas and reports every violation as one JSON
 * line. Traffic passes through as received: bodies are forwarded byte for byte (a compressed body is decompressed
 * only to be checked), with the same method, request target (path and query, never re-encoded or normalised) and
 * headers, except the hop-by-hop headers, `host` (set to the upstream's) and the body's framing, which the proxy
 * sets afresh (framing.ts), so that the upstream reads exactly the requests the proxy read. Each client connection
 * is answered in order, and none is read further after an answer sent with its body unread (connections.ts).
 *
 * With `enforce`, a request is answered by the proxy and not forwarded when it breaks its schema or cannot be read
 * as JSON (400), is not `application/json` (415, media-type.ts), uses a method its declared path does not declare
 * (405 with `Allow`), spells a declared path as an upstream router may read it (paths.ts: 404), or has a body
 * over `maxBodyBytes` (413). Every status and limit: docs/validating.md#the-validation-proxy.
 *
 * A violation line holds the direction, operation, method, path (the route's, never the query string), status
 * (responses), JSON pointer, message and keyword: messages come from the schema and never quote the payload, and
 * no header is ever logged, so neither payload values nor the Authorization key reach the log.
 *
 * Staying available (admission.ts, body.ts): a request body is read before the request takes one of `maxInFlight`
 * slots, at no less than `minBodyRate` (else 408), within a budget of `maxBufferedBytes` held at once; a checked
 * request waits for a slot in a queue of at most `maxQueued` (then 503). Bodies over `INLINE_CHECK_BYTES` are
 * parsed and validated in worker threads (check-pool.ts); the upstream gets `upstreamTimeoutMs` of silence before a
 * 504; clients get the timeouts of `CLIENT_TIMEOUTS`.
 *
 * The request side ends in `forward`, the response side is `respond`: a response check that answers instead of
 * reporting belongs there.
 */
import {
  Agent as HttpAgent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { Writable } from "node:stream";
import {
  DEFAULT_LIMIT,
  defaultValidators,
  errorText,
  JSON_CONTENT_TYPE,
  type ErrorBody,
  type Validates,
} from "../middleware/core.js";
import { maxErrorsOption, unlistedErrorsMessage } from "../validation/listed-errors.js";
import { ByteBudget, Slots } from "./admission.js";
import { DEFAULT_MIN_BODY_RATE, RateWatch, readBody, type MinBodyRate, type ReadGuards } from "./body.js";
import { checkBody, tooLargeOutcome, type CheckOutcome } from "./check.js";
import { Connections } from "./connections.js";
import { CheckPool, defaultPoolSize } from "./check-pool.js";
import { forwardedRequestHeaders, forwardedResponseHeaders, framingOf, type Framing } from "./framing.js";
import { ACCEPTED_MEDIA_TYPES, CHECKED_MEDIA_TYPE, isCheckedMediaType } from "./media-type.js";
import { matchRoute } from "./paths.js";
import { ROUTES, type ProxyRoute } from "./routes.js";

export { ROUTES, type ProxyRoute };
export { DEFAULT_MIN_BODY_RATE, type MinBodyRate };

/** Largest body held to be checked: the middleware's default limit (1 MiB). A longer one passes unchecked (413 with `enforce`). */
export const DEFAULT_MAX_BODY_BYTES = DEFAULT_LIMIT;

/** Exchanges with the upstream of checked operations held at once by default; more wait in the queue. */
export const DEFAULT_MAX_IN_FLIGHT = 32;

/** Checked requests waiting for a slot by default (their bodies read and checked); one more is answered 503 `busy`. */
export const DEFAULT_MAX_QUEUED = 1024;

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
  /**
   * Answer an invalid request 400, a body that is not `application/json` 415, an undeclared method on a declared
   * path 405, and a variant spelling of a declared path 404, instead of forwarding it.
   */
  enforce?: boolean;
  /**
   * Answer 502 `{ errors }` instead of passing on an upstream answer of a checked operation that breaks the document:
   * a status it does not declare, a body invalid against its schema or too long to check (for staging environments;
   * docs/validating.md#the-validation-proxy). The violations are reported as with `enforce` off.
   */
  enforceResponses?: boolean;
  /** Receives one JSON text per violation (default: a line on stdout). */
  log?: (line: string) => void;
  /** Receives operational problems (upstream unreachable), one line of text each (default: stderr). */
  warn?: (line: string) => void;
  routes?: readonly ProxyRoute[];
  /** Default: the generated validators. Given validators check every body on the main thread (no worker). */
  validators?: Validates;
  /** Default `DEFAULT_MAX_BODY_BYTES` (1 MiB). */
  maxBodyBytes?: number;
  /**
   * The most errors of one body an answer lists and the log reports, in the order found (default 100; fewer when
   * their pointers and messages pass `maxErrors` KiB): the answer then holds `errorCount`, and the log a line with keyword
   * `maxErrors` (docs/validating.md#errors-listed). A whole number, at least 1.
   */
  maxErrors?: number;
  /** Default `DEFAULT_MAX_IN_FLIGHT`. */
  maxInFlight?: number;
  /** Default `DEFAULT_MAX_QUEUED`. */
  maxQueued?: number;
  /**
   * Request body bytes held at once, being read, waiting or in flight (default: `2 × maxInFlight × maxBodyBytes`,
   * 64 MiB; at least `maxBodyBytes`): a body that would pass it is answered 503 `busy`.
   */
  maxBufferedBytes?: number;
  /** A request body slower than this is answered 408 `timeout` (default `DEFAULT_MIN_BODY_RATE`; `null`: no minimum). */
  minBodyRate?: MinBodyRate | null;
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
  /** The request's method (the operation's, unless the method is not declared for the path). */
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

/** A body to forward: held whole, or streamed from the request after the chunks already read (`head`). */
type Forwarded = { bytes: Uint8Array } | { framing: Framing; head: readonly Buffer[] };

const NOTHING_READ: readonly Buffer[] = [];

const error = (message: string, keyword: string): ErrorBody => ({ errors: [{ pointer: "", message, keyword }] });

/** `value`, when it is a whole number of at least `least`; else a `RangeError` naming the option. */
function whole(name: string, value: number, least: number): number {
  if (!Number.isSafeInteger(value) || value < least)
    throw new RangeError(`${name} is a whole number, at least ${least}`);
  return value;
}

export async function createProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:")
    throw new TypeError("the upstream is an http: or https: URL");
  const basePath = upstream.pathname.replace(/\/+$/, "");
  const upstreamHost = upstream.hostname.replace(/^\[(.*)\]$/, "$1");
  const routes = options.routes ?? ROUTES;
  const enforce = options.enforce === true;
  const enforceResponses = options.enforceResponses === true;
  const maxBodyBytes = whole("maxBodyBytes", options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, 0);
  const maxErrors = maxErrorsOption(options.maxErrors);
  const maxInFlight = whole("maxInFlight", options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT, 1);
  const maxQueued = whole("maxQueued", options.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
  const maxBufferedBytes = whole(
    "maxBufferedBytes",
    options.maxBufferedBytes ?? 2 * maxInFlight * maxBodyBytes,
    maxBodyBytes,
  );
  const minBodyRate = options.minBodyRate === undefined ? DEFAULT_MIN_BODY_RATE : options.minBodyRate;
  if (minBodyRate !== null) {
    whole("minBodyRate.bytesPerSecond", minBodyRate.bytesPerSecond, 1);
    whole("minBodyRate.graceMs", minBodyRate.graceMs, 0);
  }
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const validators = options.validators ?? (await defaultValidators());
  const threads = options.validators === undefined ? (options.checkThreads ?? defaultPoolSize()) : 0;
  const pool = threads > 0 ? new CheckPool(threads) : undefined;
  const shareAbove = pool === undefined ? Number.POSITIVE_INFINITY : INLINE_CHECK_BYTES;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const send = upstream.protocol === "https:" ? httpsRequest : httpRequest;
  // Connections to the upstream are kept alive and reused; every request on them is framed by the proxy (framing.ts).
  const agent =
    upstream.protocol === "https:" ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const connections = new Connections();
  const slots = new Slots(maxInFlight, maxQueued);
  const guards: ReadGuards = {
    budget: new ByteBudget(maxBufferedBytes),
    rates: minBodyRate === null ? undefined : new RateWatch(minBodyRate),
  };

  /** A large or compressed body is checked in a worker thread (when there are any), a small one here. */
  const check = (
    schema: string,
    bytes: Uint8Array,
    encoding: string | undefined,
  ): Promise<CheckOutcome> | CheckOutcome => {
    const compressed = encoding !== undefined && !/^\s*(identity)?\s*$/i.test(encoding);
    const request = { schema, bytes, encoding, maxBytes: maxBodyBytes, maxErrors };
    return pool !== undefined && (bytes.byteLength > INLINE_CHECK_BYTES || compressed)
      ? pool.check(request)
      : checkBody(validators, request);
  };

  /** One line per error listed, then, when some were left out (`maxErrors`), one line saying how many. */
  const report = (
    route: ProxyRoute,
    direction: Violation["direction"],
    { errors, errorCount }: ErrorBody,
    status?: number,
    method = route.method,
  ) => {
    const unlisted =
      errorCount === undefined
        ? []
        : [{ pointer: "", message: unlistedErrorsMessage(errors.length, errorCount), keyword: "maxErrors" }];
    for (const error of [...errors, ...unlisted]) {
      const violation: Violation = {
        direction,
        operation: route.operationId,
        method,
        path: route.path,
        ...(status === undefined ? {} : { status }),
        pointer: error.pointer,
        message: error.message,
        keyword: error.keyword,
      };
      log(JSON.stringify(violation));
    }
  };

  /**
   * The proxy's own answer. One sent while the request's body is unread closes the connection rather than read it:
   * the bytes left on it could otherwise be read as the next request.
   */
  const answer = (
    res: ServerResponse,
    status: number,
    { errors, errorCount }: ErrorBody,
    headers: OutgoingHttpHeaders = {},
  ) => {
    if (res.headersSent || res.destroyed) return;
    const unread = bodyUnread(res.req);
    if (unread) connections.close(res.req.socket);
    res.writeHead(status, {
      "content-type": JSON_CONTENT_TYPE,
      ...headers,
      ...(unread ? { connection: "close" } : {}),
    });
    res.end(errorText(errorCount === undefined ? { errors } : { errors, errorCount }));
  };

  const busy = (res: ServerResponse, what: string) =>
    answer(res, 503, error(`the proxy holds ${what} already: retry later`, "busy"), { "retry-after": "1" });

  /** 500 `proxy` for a failure of the proxy itself, or the connection closed when the answer had begun. */
  const ownFailure = (res: ServerResponse) =>
    res.headersSent ? res.destroy() : answer(res, 500, error("proxy error", "proxy"));

  /**
   * Runs `exchange` once one of the `maxInFlight` slots is free (queued, first come first served), or answers 503
   * when `maxQueued` wait already. The slot and the `held` bytes of the budget are given back when `res` closes.
   */
  const admit = (res: ServerResponse, held: number, exchange: () => void) => {
    if (res.destroyed) return void guards.budget.give(held);
    let granted = false;
    const ticket = slots.take(() => {
      granted = true;
      exchange();
    });
    if (ticket === undefined) {
      guards.budget.give(held);
      return busy(res, `${maxInFlight} exchanges and ${maxQueued} waiting`);
    }
    res.once("close", () => {
      guards.budget.give(held);
      if (granted) slots.release();
      else ticket.cancel();
    });
  };

  /** Sends the request on, once, framed afresh: a POST is never sent again (the upstream may have acted on it, as nginx holds). */
  const forward = (req: IncomingMessage, res: ServerResponse, route: ProxyRoute | undefined, body: Forwarded) => {
    const framing: Framing = "bytes" in body ? { body: "length", bytes: body.bytes.length } : body.framing;
    // The request target goes as received: a URL object would resolve `/./`, `%2e` and the like into another path.
    const outgoing = send({
      protocol: upstream.protocol,
      hostname: upstreamHost,
      port: upstream.port,
      path: basePath + (req.url ?? "/"),
      method: req.method,
      headers: forwardedRequestHeaders(req.headers, upstream.host, framing),
      agent,
    });
    let timedOut = false;
    let failedAlready = false;
    const failed = (failure: NodeJS.ErrnoException) => {
      if (failedAlready || res.destroyed) return;
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
    if ("bytes" in body) outgoing.end(body.bytes);
    else relay(req, body.head, outgoing);
  };

  const respond = async (res: ServerResponse, route: ProxyRoute | undefined, incoming: IncomingMessage) => {
    const status = incoming.statusCode ?? 502;
    let schema: string | null = null;
    if (route !== undefined) {
      const declared =
        route.responses[String(status)] !== undefined ? route.responses[String(status)] : route.responses.default;
      if (declared === undefined) {
        const errors = error(`status ${status} is not a declared response`, "status");
        report(route, "response", errors, status);
        if (enforceResponses) return refuseAnswer(res, incoming, errors);
      }
      schema = declared ?? null;
    }
    if (schema === null) {
      res.writeHead(
        status,
        incoming.statusMessage,
        forwardedResponseHeaders(incoming.rawHeaders, incoming.headers.connection),
      );
      return relay(incoming, NOTHING_READ, res);
    }
    const headers = forwardedResponseHeaders(incoming.rawHeaders, incoming.headers.connection, "content-length");
    const body = await readBody(incoming, maxBodyBytes, shareAbove);
    if (body.kind === "complete") {
      const outcome = await check(schema, body.bytes, incoming.headers["content-encoding"]);
      if (outcome.status !== 200) {
        report(route as ProxyRoute, "response", outcome, status);
        if (enforceResponses) return refuseAnswer(res, incoming, outcome);
      }
      headers.push("content-length", String(body.bytes.length));
      res.writeHead(status, incoming.statusMessage, headers);
      res.end(body.bytes);
    } else if (body.kind === "tooLarge") {
      const errors = error(`body exceeds ${maxBodyBytes} bytes and was not checked`, "maxBytes");
      report(route as ProxyRoute, "response", errors, status);
      if (enforceResponses) return refuseAnswer(res, incoming, errors);
      const length = incoming.headers["content-length"];
      res.writeHead(
        status,
        incoming.statusMessage,
        length === undefined ? headers : [...headers, "content-length", length],
      );
      relay(incoming, body.head, res);
    } else throw Object.assign(new Error("the upstream broke off its answer"), { code: "ECONNRESET" });
  };

  /**
   * With `enforceResponses`: 502 in place of an upstream answer that breaks the document, carrying its violations
   * (pointers into the upstream's body, never its values); the rest of that answer is not read.
   */
  const refuseAnswer = (res: ServerResponse, incoming: IncomingMessage, errors: ErrorBody) => {
    incoming.destroy();
    answer(res, 502, errors, { "x-specfirst-violations": "response" });
  };

  /** The request side: route, framing, media type, body, check; then a slot, then `forward`. */
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? "/";
    // Absolute-form (`http://host/path`) and `*` targets are meant for forward proxies: not forwarded, not guessed at.
    if (!target.startsWith("/"))
      return answer(res, 400, error("the request target is not a path (/path?query): send the path only", "path"));
    const framing = framingOf(req.headers);
    if ("problem" in framing) return answer(res, framing.status, error(framing.problem, "http"));
    const match = matchRoute(routes, req.method ?? "", target);
    if (match === undefined) return forward(req, res, undefined, { framing, head: NOTHING_READ });
    const { route } = match;
    if (match.kind === "method") {
      const errors = error(match.reason, "method");
      report(route, "request", errors, undefined, req.method);
      if (enforce) return answer(res, 405, errors, { allow: match.allow.join(", ") });
      return forward(req, res, undefined, { framing, head: NOTHING_READ });
    }
    if (match.kind === "variant") {
      const errors = error(match.reason, "path");
      report(route, "request", errors);
      if (enforce) return answer(res, 404, errors);
    }
    if (route.requestSchema === null) {
      if (framing.body !== "none") {
        const errors = error(`${route.method} ${route.path} takes no request body: send none`, "body");
        report(route, "request", errors);
        if (enforce) return answer(res, 400, errors);
      }
      return admit(res, 0, () => forward(req, res, route, { framing, head: NOTHING_READ }));
    }
    if (!isCheckedMediaType(req.headers["content-type"])) {
      const errors = error(
        `the body's media type is not accepted: send Content-Type ${ACCEPTED_MEDIA_TYPES}`,
        "contentType",
      );
      report(route, "request", errors);
      if (enforce) return answer(res, 415, errors, { accept: CHECKED_MEDIA_TYPE });
    }
    if (framing.body === "length" && framing.bytes > maxBodyBytes) {
      const errors = tooLargeOutcome(maxBodyBytes);
      report(route, "request", errors);
      if (enforce) return answer(res, 413, errors);
      return admit(res, 0, () => forward(req, res, route, { framing, head: NOTHING_READ }));
    }
    const read = await readBody(req, maxBodyBytes, shareAbove, guards);
    switch (read.kind) {
      case "cutOff":
        return; // the client went away, or Node's parser refused the rest of its body (answered by `clientError`)
      case "slow":
        return answer(
          res,
          408,
          error(`the request body arrived slower than ${minBodyRate?.bytesPerSecond} bytes per second`, "timeout"),
        );
      case "overBudget":
        return busy(res, `${maxBufferedBytes} bytes of request bodies`);
      case "tooLarge": {
        const errors = tooLargeOutcome(maxBodyBytes);
        report(route, "request", errors);
        if (!enforce) return admit(res, read.held, () => forward(req, res, route, { framing, head: read.head }));
        guards.budget.give(read.held);
        return answer(res, 413, errors);
      }
    }
    let outcome: CheckOutcome;
    try {
      outcome = await check(route.requestSchema, read.bytes, req.headers["content-encoding"]);
    } catch (failure) {
      guards.budget.give(read.held); // a worker thread died: answered 500 `proxy`
      throw failure;
    }
    if (outcome.status !== 200) {
      report(route, "request", outcome);
      if (enforce) {
        guards.budget.give(read.held);
        return answer(res, outcome.status, outcome);
      }
    }
    admit(res, read.held, () => forward(req, res, route, { bytes: read.bytes }));
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
      if (connections.opened(req, res)) handle(req, res).catch(() => ownFailure(res));
    },
  );
  server.timeout = Math.max(timeouts.idleMs, upstreamTimeoutMs + 1000);
  server.on("clientError", (failure: NodeJS.ErrnoException, socket: Socket) => connections.refused(failure, socket));
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
      agent.destroy();
      guards.rates?.stop();
      await pool?.close();
    },
  };
}

/** Whether a request declares a body that has not all been read (it may be on the connection still). */
function bodyUnread(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const framing = framingOf(req.headers);
  return !("body" in framing) || framing.body !== "none";
}

/**
 * Passes `source` on to `sink` after the chunks already read from it, with backpressure; a source cut off before its
 * end (the client or upstream went away, or Node's parser refused the rest) destroys the sink rather than end it,
 * so that a truncated body is never taken for a whole one.
 */
function relay(source: IncomingMessage, head: readonly Buffer[], sink: Writable): void {
  for (const chunk of head) sink.write(chunk);
  const cutOff = () => {
    if (!source.complete) sink.destroy();
  };
  source.on("error", cutOff);
  source.on("close", cutOff);
  source.pipe(sink);
}
