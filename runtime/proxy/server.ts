/**
 * The validation proxy (`specfirst proxy`): an HTTP server in front of a real service that checks the requests
 * and responses of the operations in `routes.ts` against their schemas and reports every violation as one JSON
 * line. Traffic passes through as received: bodies are forwarded byte for byte (a compressed body is decompressed
 * only to be checked), with the same method, request target (path and query, never re-encoded or normalised) and
 * headers, except the hop-by-hop headers, `expect` (answered by the proxy's own server), `host` (set to the
 * upstream's) and the body's framing, which the proxy sets afresh (framing.ts) on undici's connections (upstream.ts),
 * so that the upstream reads exactly the requests the proxy read. Each client connection is answered in order, and none is read further after an answer sent with its body unread (connections.ts).
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
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Dispatcher } from "undici";
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
import { DEFAULT_MIN_BODY_RATE, joined, RateWatch, readBody, type MinBodyRate, type ReadGuards } from "./body.js";
import { checkBody, tooLargeOutcome, type CheckOutcome } from "./check.js";
import { Connections } from "./connections.js";
import { CheckPool, defaultPoolSize } from "./check-pool.js";
import { forwardedRequestHeaders, forwardedResponseHeaders, framingOf, type Framing } from "./framing.js";
import { ACCEPTED_MEDIA_TYPES, CHECKED_MEDIA_TYPE, isCheckedMediaType } from "./media-type.js";
import { matchRoute } from "./paths.js";
import { ROUTES, type ProxyRoute } from "./routes.js";
import { headerLines, headerValue, isSilence, streamedBody, upstreamPool } from "./upstream.js";

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

/** An answer of a checked operation whose body is held to be checked: its head, and the chunks so far. */
interface HeldAnswer {
  status: number;
  statusMessage: string;
  lines: string[];
  schema: string;
  chunks: Buffer[];
  size: number;
}

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
  // Connections to the upstream are kept alive and reused; every request on them is framed by the proxy (framing.ts).
  const upstreamConnections = upstreamPool(upstream, upstreamTimeoutMs);
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
    const answerHandler = respond(req, res, route);
    upstreamConnections.dispatch(
      {
        // The request target goes as received: a URL object would resolve `/./`, `%2e` and the like into another path.
        path: basePath + (req.url ?? "/"),
        method: req.method as Dispatcher.HttpMethod,
        headers: forwardedRequestHeaders(req.headers, upstream.host, framing),
        body: "bytes" in body ? body.bytes : framing.body === "none" ? null : streamedBody(body.head, req),
      },
      answerHandler,
    );
  };

  /**
   * The response side, as undici hands the upstream's answer over: passed on as it arrives, or (a checked operation's
   * declared body) held up to `maxBodyBytes`, checked, then passed on or refused. The exchange is broken off when the
   * client goes away before its answer is written.
   */
  const respond = (
    req: IncomingMessage,
    res: ServerResponse,
    route: ProxyRoute | undefined,
  ): Dispatcher.DispatchHandler => {
    let exchange: Dispatcher.DispatchController | undefined;
    /** What the body's chunks are for: the client, the check (with what it needs once the body is whole), or nothing. */
    let body: "relay" | "dropped" | HeldAnswer | undefined;
    let failedAlready = false;

    const failed = (failure: Error & { code?: string }) => {
      if (failedAlready || body === "dropped" || res.destroyed) return;
      failedAlready = true;
      const silent = isSilence(failure);
      warn(
        `specfirst proxy: ${req.method} ${route?.path ?? "(unchecked path)"}: upstream ${silent ? "timeout" : (failure.code ?? "error")}`,
      );
      if (res.headersSent) return void res.destroy();
      if (silent)
        answer(res, 504, error(`the upstream did not answer within ${upstreamTimeoutMs} ms`, "upstream-timeout"));
      else answer(res, 502, error(`upstream unreachable (${failure.code ?? "error"})`, "upstream"));
    };

    /** With `enforceResponses`: 502 in place of an answer that breaks the document; the rest of it is not read. */
    const refuse = (errors: ErrorBody) => {
      body = "dropped";
      exchange?.abort(new Error("the answer was refused"));
      answer(res, 502, errors, { "x-specfirst-violations": "response" });
    };

    const pass = (chunk: Buffer) => {
      if (res.write(chunk)) return;
      exchange?.pause();
      res.once("drain", () => exchange?.resume());
    };

    /** The held body is whole: checked, then passed on with its own Content-Length, or refused. */
    const checked = async ({ status, statusMessage, lines, schema, chunks, size }: HeldAnswer) => {
      const bytes = joined(chunks, size, size > shareAbove);
      const outcome = await check(schema, bytes, headerValue(lines, "content-encoding"));
      if (outcome.status !== 200) {
        report(route as ProxyRoute, "response", outcome, status);
        if (enforceResponses) return refuse(outcome);
      }
      const headers = forwardedResponseHeaders(lines, "content-length");
      headers.push("content-length", String(size));
      res.writeHead(status, statusMessage, headers);
      res.end(bytes);
    };

    res.on("close", () => {
      if (!res.writableFinished) exchange?.abort(new Error("the client went away"));
    });
    return {
      onRequestStart: (controller) => void (exchange = controller),
      onResponseStart: (controller, status, _headers, statusMessage = "") => {
        if (status < 200) return; // an interim answer (103 Early Hints) is not passed on
        const lines = headerLines(controller);
        let schema: string | null = null;
        if (route !== undefined) {
          const declared =
            route.responses[String(status)] !== undefined ? route.responses[String(status)] : route.responses.default;
          if (declared === undefined) {
            const errors = error(`status ${status} is not a declared response`, "status");
            report(route, "response", errors, status);
            if (enforceResponses) return refuse(errors);
          }
          schema = declared ?? null;
        }
        if (schema !== null) return void (body = { status, statusMessage, lines, schema, chunks: [], size: 0 });
        res.writeHead(status, statusMessage, forwardedResponseHeaders(lines));
        body = "relay";
      },
      onResponseData: (_controller, chunk) => {
        if (body === "relay") return pass(chunk);
        if (body === undefined || body === "dropped") return;
        body.chunks.push(chunk);
        body.size += chunk.length;
        if (body.size <= maxBodyBytes) return;
        const errors = error(`body exceeds ${maxBodyBytes} bytes and was not checked`, "maxBytes");
        report(route as ProxyRoute, "response", errors, body.status);
        if (enforceResponses) return refuse(errors);
        const held = body;
        const length = headerValue(held.lines, "content-length");
        const headers = forwardedResponseHeaders(held.lines, "content-length");
        res.writeHead(
          held.status,
          held.statusMessage,
          length === undefined ? headers : [...headers, "content-length", length],
        );
        body = "relay";
        for (const part of held.chunks) pass(part);
      },
      onResponseEnd: () => {
        if (body === "relay") res.end();
        else if (body !== undefined && body !== "dropped") checked(body).catch(() => ownFailure(res));
      },
      onResponseError: (_controller, failure) => failed(failure),
    };
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
      await upstreamConnections.destroy();
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
