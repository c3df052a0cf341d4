/**
 * The HTTP side of a client: one transport per client, holding the credential in its closure only. It sends one
 * operation's body (validation, limiter, timeout, retries) and maps the answer to a value or an error.
 */
import { parameterProblems, writeParameters, type ParameterValues } from "../http/parameters.js";
import type { Validates } from "../validation/result.js";
import type { RouteValidator } from "../validation/routes.js";
import type { ApiDescriptor, OperationDescriptor } from "./descriptor.js";
import { abortError, runAttempts } from "./attempts.js";
import { keepCredential, type Credential, type KeptCredential } from "./credential.js";
import {
  HttpError,
  MiddlewareError,
  NetworkError,
  RedirectError,
  RequestValidationError,
  ResponseFormatError,
  TimeoutError,
  httpError,
  serverReasons,
  type OperationRef,
} from "./errors.js";
import type { LimitsOption, RateLimiter } from "./limiter.js";
import { attachRedactor, sanitizedError, sealError, type Redact } from "./scrub-credential.js";
import { parseRetryAfter, resolveRetry, type ResolvedRetry, type RetryOptions } from "./retry.js";
import { resolveLimiter, type Store, type StoreScope } from "./store.js";

/** Time allowed for one HTTP exchange when neither the client nor the call says (30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Same-origin 307/308 redirects followed in one exchange at most (fetch's own limit). */
const MAX_REDIRECTS = 20;

/** What a client passes to `fetch`. */
export interface FetchRequestInit {
  method: string;
  headers: Readonly<Record<string, string>>;
  /** The JSON text of the body; undefined for a request without one (no `Content-Type` is sent then). */
  body: string | undefined;
  /**
   * Always `manual`: the client follows a redirect itself, and only a 307 or 308 within the origin it sent the
   * request to (a custom `fetch` that follows redirects on its own escapes that rule).
   */
  redirect: "manual";
  /**
   * Fires when the call is aborted or times out (the request's own signal, linked to the caller's; see
   * `createTransport`).
   */
  signal?: AbortSignal | undefined;
}

/** The part of a `Response` the clients read. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A `fetch` implementation; the global `fetch` by default. */
export type FetchLike = (url: string, init: FetchRequestInit) => Promise<FetchResponseLike>;

/** Options of one call. */
export interface CallOptions {
  /**
   * Aborts the call wherever it is: waiting for the limiter, in flight, or between retries (rejects with
   * `AbortedError`, or `TimeoutError` when the signal's reason is a `TimeoutError`, as `AbortSignal.timeout()` gives).
   */
  signal?: AbortSignal | undefined;
  /** Time allowed for one HTTP exchange (request and whole response), overriding the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /** Headers added to this call's request (over the client's own, except the credential's). */
  headers?: Readonly<Record<string, string>> | undefined;
  /**
   * The operation's parameters by location, `{ path, query, header, cookie }`, each written where and how the
   * document says (style, explode, percent-encoding: docs/client.md#parameters). A generated client types them and
   * requires them when the operation has a required one.
   */
  params?: ParameterValues | undefined;
}

/** What a middleware's hooks are told of the operation being sent. */
export interface MiddlewareContext {
  readonly operationId: string;
  /** Upper-case HTTP method. */
  readonly method: string;
  readonly path: string;
  /** 1 for the first attempt, 2 for the first retry, ... */
  readonly attempt: number;
}

/**
 * Request and response hooks (`client.use(middleware)`), run in the order they were added for every attempt.
 * `onRequest` gets the `Request` about to be sent (the credential included: the hook may sign or route it) and may
 * return another `Request` to send instead; `onResponse` gets the `Response` (or the custom fetch's answer) before
 * its body is read and may return another; `onError` sees every error the call rejects with (already redacted).
 */
export interface Middleware {
  onRequest?(
    options: MiddlewareContext & { request: Request },
  ): Request | undefined | void | Promise<Request | undefined | void>;
  onResponse?(
    options: MiddlewareContext & { request: Request; response: FetchResponseLike },
  ): FetchResponseLike | undefined | void | Promise<FetchResponseLike | undefined | void>;
  onError?(options: MiddlewareContext & { error: unknown }): void | Promise<void>;
}

/** What a log entry says of an error: its class name and its (redacted) message, which never quotes a body. */
export interface ClientLogError {
  name: string;
  message: string;
  /** The system error code of a `NetworkError` (`ECONNREFUSED`, ...). */
  code?: string;
}

/** What a client's `logger` gets: no header, no body, no query; an error only as its class name and redacted message. */
export interface ClientLogEntry {
  level: "debug" | "warn" | "error";
  /** `request` (an attempt starts), `response` (an answer arrived), `retry` (a retry is scheduled), `error` (the call rejects). */
  event: "request" | "response" | "retry" | "error";
  operationId: string;
  method: string;
  path: string;
  attempt: number;
  status?: number;
  durationMs?: number;
  delayMs?: number;
  /** The error of a `retry` or `error` entry. */
  error?: ClientLogError;
}

/** A `logger` option: called with each entry; its exceptions are ignored. */
export type ClientLogger = (entry: ClientLogEntry) => void;

/** Options every client takes (the credential option, named by the API, comes on top). */
export interface ClientOptions {
  /** Scheme, host and optional path prefix of the API; a trailing slash is ignored. */
  baseUrl: string;
  /** A `fetch` implementation (default: the global `fetch`). */
  fetch?: FetchLike | undefined;
  /** Time allowed for one HTTP exchange, in milliseconds (default 30000). Time waiting for the limiter or between retries does not count. */
  timeoutMs?: number | undefined;
  /** Validate each body against its schema before sending; an invalid one rejects with `RequestValidationError` and nothing is sent. */
  validate?: boolean | undefined;
  /** Headers added to every request (the credential's header and `Content-Type` cannot be replaced here). */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Called for each request, response, retry and error, with redacted data only. */
  logger?: ClientLogger | undefined;
}

/** Options of an API whose descriptor has `planLimits`. */
export interface LimitedClientOptions {
  /** A plan name, per-second rates by kind, a shared `createRateLimiter(...)`, or `false` for none (default). */
  limits?: LimitsOption | undefined;
  /**
   * Where the limiter of a plan name or rates keeps its state: this process (default), or a store every process of
   * the bot shares (`createRedisStore` of `specfirst/redis`; docs/webhooks.md#running-more-than-one-process).
   */
  store?: Store | undefined;
}

/** Options of an API with an operation that may be retried (`idempotentWith`). */
export interface RetryingClientOptions {
  /** Retries of idempotent sends after 429, 5xx or a network failure: `true` for the defaults, or settings (default off). */
  retry?: boolean | RetryOptions | undefined;
}

/** The credential of an http basic scheme. */
export interface BasicCredentials {
  username: string;
  password: string;
}

/**
 * A credential, or a function giving it (sync or async), called before every request: rotate a key by returning the
 * new one. Every value it ever returned stays redacted from the client's errors and logs.
 */
export type CredentialSupplier<C> = C | (() => C | Promise<C>);

/** Every option `createClient` reads except the credential. */
export type ClientSettings = ClientOptions & LimitedClientOptions & RetryingClientOptions;

/**
 * The options of `createClient`: `ClientSettings` plus the credential under `descriptor.credential.option` (a
 * string, or `BasicCredentials` for http basic, or a function giving either). A union so that both an object
 * literal (whose credential key the index signature admits) and a variable of a generated options interface (which
 * has no index signature) fit.
 */
export type CreateClientOptions = ClientSettings | (ClientSettings & { readonly [credentialOption: string]: unknown });

/** The answer to an operation whose success response the API description does not show: status and parsed body (JSON, else the redacted text). */
export interface ApiResponse {
  status: number;
  body: unknown;
}

/** Sends one operation: `(body, callOptions?) => Promise<result>`, or `(callOptions?)` for one without a request body. */
export type OperationMethod = (bodyOrOptions?: unknown, options?: CallOptions) => Promise<unknown>;

/** Told of every send a client starts (before validation, the limiter or the credential): its operation and body. */
export type SendObserver = (operationId: string, body: unknown) => void;

export interface Transport {
  /** Names the account in a store: a digest of the credential (the first a supplier gives), never the credential. */
  scope: StoreScope;
  /** The method sending one operation of the descriptor. */
  operation(operation: OperationDescriptor): OperationMethod;
  /** Adds an observer of every later send; returns the function removing it. */
  observe(observer: SendObserver): () => void;
  /** Redacts every credential the transport ever sent from a text. */
  redact: Redact;
  /** Adds middleware, run for every later attempt in the order added. */
  use(...middleware: Middleware[]): void;
}

/** The `observe` of the transport behind each client (a client's sends are observable by the webhook handler given it). */
const observables = new WeakMap<object, (observer: SendObserver) => () => void>();

/** Marks `client` as sending through a transport with this `observe` (looked up by `observerOf`). */
export function attachObservable(client: object, observe: (observer: SendObserver) => () => void): void {
  observables.set(client, observe);
}

/** How to observe the sends of a client made by `createClient`; undefined for anything else (a wrapper). */
export function observerOf(client: unknown): ((observer: SendObserver) => () => void) | undefined {
  return client !== null && (typeof client === "object" || typeof client === "function")
    ? observables.get(client)
    : undefined;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const noop = (): void => {};

/** What a log entry says of an error (already redacted): class name, message and system code, never its body. */
function loggedError(error: unknown): ClientLogError {
  const fields = (error !== null && typeof error === "object" ? error : {}) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
  };
  const logged: ClientLogError = {
    name: typeof fields.name === "string" ? fields.name : "Error",
    message: typeof fields.message === "string" ? fields.message : "error",
  };
  if (typeof fields.code === "string") logged.code = fields.code;
  return logged;
}

function parseBaseUrl(baseUrl: unknown, factory: string): string {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === "string" ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new TypeError(`${factory}: baseUrl must be an absolute http(s) URL`);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** The options of one client as its transport uses them: checked and defaulted (`readSettings`). */
interface TransportSettings {
  /** Origin and path prefix, without a trailing slash. */
  readonly base: string;
  /** A custom `fetch`, or undefined for the global one. */
  readonly fetch: FetchLike | undefined;
  readonly timeoutMs: number;
  /** Headers added to every request (the credential's and the content type win over them). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly logger: ClientLogger | undefined;
  /** Validate each body and the parameters before sending. */
  readonly validate: boolean;
  /** The plan limiter, for an API with `planLimits` and a `limits` option. */
  readonly limiter: RateLimiter | undefined;
  /** The retries of idempotent sends, for an API with an operation that may be retried. */
  readonly retry: ResolvedRetry | undefined;
}

/**
 * The settings of a client's options (the credential aside: credential.ts), each checked in turn: a `TypeError`
 * naming the first invalid one. `scope` names the account in the limiter's store.
 */
function readSettings(descriptor: ApiDescriptor, options: ClientSettings, scope: StoreScope): TransportSettings {
  const base = parseBaseUrl(options.baseUrl, descriptor.factory);
  const customFetch = options.fetch;
  if (customFetch !== undefined && typeof customFetch !== "function")
    throw new TypeError(`${descriptor.factory}: fetch must be a function`);
  const timeoutMs = checkTimeout(options.timeoutMs, "timeoutMs") ?? DEFAULT_TIMEOUT_MS;
  const headers = checkHeaders(options.headers, `${descriptor.factory}: headers`);
  const logger = options.logger;
  if (logger !== undefined && typeof logger !== "function")
    throw new TypeError(`${descriptor.factory}: logger must be a function`);
  const limiter =
    descriptor.planLimits !== null
      ? resolveLimiter(options.limits, descriptor.planLimits, options.store, scope, descriptor.factory)
      : undefined;
  const retry = descriptor.operations.some((operation) => operation.idempotentWith !== null)
    ? resolveRetry(options.retry)
    : undefined;
  return { base, fetch: customFetch, timeoutMs, headers, logger, validate: options.validate === true, limiter, retry };
}

interface Prepared {
  readonly operation: OperationDescriptor;
  readonly success: readonly number[];
  readonly anySuccess: boolean;
  /** What a call with these parameters sends (its payload set after): throws `RequestValidationError` for bad ones. */
  outgoing(params: ParameterValues | undefined): Outgoing;
}

/** One call's request before the credential: the URL (parameters written, no query credential), headers, body. */
interface Outgoing {
  url: string;
  /** The header and cookie parameters; undefined for none. */
  headers: Readonly<Record<string, string>> | undefined;
  payload: string | undefined;
}

/** Refuses a call whose parameters are not the operation's: nothing is sent, whatever `validate` says. */
function throwParameterProblems(
  operation: OperationDescriptor,
  problems: readonly { pointer: string; message: string; keyword: string }[],
): void {
  if (problems.length > 0) throw new RequestValidationError(operation, [...problems], "parameters");
}

const contentTypeless = new WeakMap<object, Readonly<Record<string, string>>>();
/** A frozen header object without its `Content-Type` (kept, one per header object). */
function withoutContentType(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  let found = contentTypeless.get(headers);
  if (found === undefined) {
    found = Object.freeze(Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "Content-Type")));
    contentTypeless.set(headers, found);
  }
  return found;
}

function checkTimeout(value: unknown, name: string): number | undefined {
  if (value !== undefined && !(typeof value === "number" && Number.isFinite(value) && value > 0))
    throw new TypeError(`${name} must be a positive number of milliseconds`);
  return value;
}

/**
 * The headers of `extra` that `own` does not set, names compared case-insensitively (fetch would join an
 * `authorization` and an `Authorization` into one value, the credential included).
 */
function headersBesides(
  extra: Readonly<Record<string, string>> | undefined,
  own: Readonly<Record<string, string>>,
): Record<string, string> {
  const taken = new Set(Object.keys(own).map((name) => name.toLowerCase()));
  return Object.fromEntries(Object.entries(extra ?? {}).filter(([name]) => !taken.has(name.toLowerCase())));
}

function checkHeaders(value: unknown, name: string): Readonly<Record<string, string>> | undefined {
  if (value === undefined) return undefined;
  if (!isJsonObject(value) || Object.values(value).some((header) => typeof header !== "string"))
    throw new TypeError(`${name} must be an object of string header values`);
  return value as Record<string, string>;
}

/** The reason a timed-out exchange is stopped with (shared: never shown, mapped to `TimeoutError`). */
const TIMEOUT = new Error("timeout");

/** An operation and what a call of it sends before the credential, derived once from the descriptor. */
function prepare(base: string, operation: OperationDescriptor): Prepared {
  const frozen = deepFreeze(operation);
  const fixedUrl = `${base}${frozen.path}`;
  const parameters = frozen.parameters ?? [];
  return Object.freeze({
    operation: frozen,
    success: frozen.success,
    anySuccess: frozen.success.length === 0,
    outgoing:
      parameters.length === 0
        ? (params: ParameterValues | undefined): Outgoing => {
            if (params !== undefined) throwParameterProblems(frozen, parameterProblems([], params));
            return { url: fixedUrl, headers: undefined, payload: undefined };
          }
        : (params: ParameterValues | undefined): Outgoing => {
            const values = params ?? {};
            throwParameterProblems(frozen, parameterProblems(parameters, values));
            let written;
            try {
              written = writeParameters(frozen.path, parameters, values);
            } catch (error) {
              throw new RequestValidationError(
                frozen,
                [{ pointer: "", message: (error as Error).message, keyword: "style" }],
                "parameters",
              );
            }
            const headers = written.cookie === "" ? written.headers : { ...written.headers, Cookie: written.cookie };
            return {
              url: `${base}${written.path}${written.query === "" ? "" : `?${written.query}`}`,
              headers: Object.keys(headers).length === 0 ? undefined : headers,
              payload: undefined,
            };
          },
  });
}

/** The fields of a log entry or a middleware context that name the operation and the attempt. */
const attemptOf = (operation: OperationDescriptor, attempt: number): MiddlewareContext => ({
  operationId: operation.operationId,
  method: operation.method,
  path: operation.path,
  attempt,
});

/** Freezes a plain-data value and everything in it (functions are left alone). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

interface Exchanged {
  response: FetchResponseLike;
  text: string;
  /** The URL that answered (the request's, or the last same-origin redirect's). */
  url: string;
}

/** The statuses fetch treats as redirects. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** The URL an answer's `Location` names, resolved against the URL that answered; undefined when absent or invalid. */
function locationOf(response: FetchResponseLike, url: string): URL | undefined {
  const location = response.headers?.get?.("location");
  if (typeof location !== "string" || location === "") return undefined;
  try {
    return new URL(location, url);
  } catch {
    return undefined;
  }
}

/** Where a 307 or 308 (method and body kept) within the origin of `url` leads; undefined for any other answer. */
function followedLocation(response: FetchResponseLike, url: string): string | undefined {
  if (response.status !== 307 && response.status !== 308) return undefined;
  const target = locationOf(response, url);
  return target !== undefined && target.origin === new URL(url).origin ? target.href : undefined;
}

/** Cancels the body of a response nobody will read (a timed-out exchange), when it can. */
function discard(response: FetchResponseLike): void {
  const body = (response as { body?: { locked?: boolean; cancel?: () => Promise<void> } | null }).body;
  if (body !== null && body !== undefined && body.locked !== true && typeof body.cancel === "function")
    body.cancel().catch(noop);
}

/**
 * One exchange: `fetcher(url, init)`, again for each same-origin 307/308 (up to `MAX_REDIRECTS`), then the whole
 * body as text; rejects with `TIMEOUT` after `timeoutMs`, with the signal's reason when it fires (even if a custom
 * fetch ignores its signal), or with fetch's own error.
 */
function exchange(
  fetcher: FetchLike,
  url: string,
  init: FetchRequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  controller: AbortController,
  onResponse: ((response: FetchResponseLike) => Promise<FetchResponseLike>) | undefined,
): Promise<Exchanged> {
  return new Promise<Exchanged>((resolve, reject) => {
    let settled = false;
    let response: FetchResponseLike | undefined;
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
      return true;
    };
    const stop = (reason: unknown): void => {
      if (!finish()) return;
      controller.abort(reason);
      if (response !== undefined) discard(response);
      reject(reason);
    };
    const timer = setTimeout(stop, timeoutMs, TIMEOUT);
    const onAbort = signal === undefined ? undefined : () => stop(signal.reason);
    if (onAbort !== undefined) signal?.addEventListener("abort", onAbort, { once: true });
    fetcher(url, init)
      .then(async (first) => {
        let answer = (response = first);
        let at = url;
        for (
          let hops = 0, next = followedLocation(answer, at);
          next !== undefined && hops < MAX_REDIRECTS;
          hops++, next = followedLocation(answer, at)
        ) {
          discard(answer);
          if (settled) return;
          at = next;
          response = answer = await fetcher(next, init);
        }
        if (onResponse !== undefined) response = answer = await onResponse(answer);
        if (settled) return discard(answer);
        const text = await answer.text();
        if (finish()) resolve({ response: answer, text, url: at });
      })
      .catch((error: unknown) => {
        if (finish()) reject(error);
      });
  });
}

/** Runs one middleware hook; what it throws becomes a `MiddlewareError` holding a redacted copy only. */
async function runHook<T>(
  context: MiddlewareContext,
  hook: "onRequest" | "onResponse",
  run: () => T,
  redact: Redact,
): Promise<Awaited<T>> {
  try {
    return await run();
  } catch (error) {
    throw new MiddlewareError(
      context,
      hook,
      sanitizedError(typeof error === "string" ? new Error(error) : error, redact),
    );
  }
}

/** Runs the middleware's `onRequest` hooks, in order; returns what to send. */
async function requestThroughHooks(
  middleware: readonly Middleware[],
  context: MiddlewareContext,
  url: string,
  init: FetchRequestInit,
  redact: Redact,
): Promise<{ request: Request; url: string; init: FetchRequestInit }> {
  let request = new Request(url, { method: init.method, headers: init.headers, body: init.body });
  for (const hooks of middleware) {
    const replaced = await runHook(context, "onRequest", () => hooks.onRequest?.({ ...context, request }), redact);
    if (replaced instanceof Request) request = replaced;
  }
  const replacedHeaders: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    replacedHeaders[name] = value;
  });
  return {
    request,
    url: request.url,
    init: {
      method: request.method,
      headers: replacedHeaders,
      body: request.body === null ? undefined : await request.text(),
      redirect: "manual",
      signal: init.signal,
    },
  };
}

/** Runs the middleware's `onResponse` hooks, in order; returns the response to read. */
async function responseThroughHooks(
  middleware: readonly Middleware[],
  context: MiddlewareContext,
  request: Request,
  response: FetchResponseLike,
  redact: Redact,
): Promise<FetchResponseLike> {
  for (const hooks of middleware) {
    const replaced = await runHook(
      context,
      "onResponse",
      () => hooks.onResponse?.({ ...context, request, response }),
      redact,
    );
    if (replaced !== undefined && replaced !== null) response = replaced;
  }
  return response;
}

/**
 * The error of a redirect the exchange did not follow (`from` is the URL that answered it). `isCredential` says
 * whether a host name holds the credential: such an origin is not named.
 */
function redirectError(
  operation: OperationRef,
  response: FetchResponseLike,
  from: string,
  isCredential: (host: string) => boolean,
): RedirectError {
  const { status } = response;
  const target = locationOf(response, from);
  if (target === undefined)
    return new RedirectError(operation, status, `answered HTTP ${status} without a usable Location`);
  if (target.origin !== new URL(from).origin) {
    // The origin is named unless it holds a credential (a host is lower-cased, which the redaction does not undo).
    const origin = isCredential(target.origin.toLowerCase()) ? "[REDACTED]" : target.origin;
    return new RedirectError(operation, status, `was redirected to another origin (${origin})`, origin);
  }
  if (status === 307 || status === 308)
    return new RedirectError(operation, status, `was redirected more than ${MAX_REDIRECTS} times`);
  return new RedirectError(operation, status, `answered HTTP ${status}, a redirect that would resend it as a GET`);
}

/**
 * What a call resolves with for the answer `exchanged`, or the error it rejects with (bodies go into errors as
 * received: the call redacts every error before anyone sees it). A response returned is marked as the client's
 * (`attachRedactor`, so `assertSuccess` redacts with its credential).
 */
function readAnswer(
  prepared: Prepared,
  exchanged: Exchanged,
  credential: Pick<KeptCredential, "redact" | "foundIn">,
): unknown {
  const { operation } = prepared;
  const { redact } = credential;
  const { response, text } = exchanged;
  const status = response.status;
  const returned = <T extends object>(value: T): T => {
    attachRedactor(value, redact);
    return value;
  };
  if (REDIRECT_STATUSES.has(status)) throw redirectError(operation, response, exchanged.url, credential.foundIn);
  if (prepared.anySuccess ? status < 200 || status > 299 : !prepared.success.includes(status)) {
    // The reasons are parsed from the redacted text: they go into the message and `reasons` as they are.
    throw httpError(
      operation,
      status,
      text,
      parseRetryAfter(response.headers?.get?.("retry-after")),
      text === "" ? undefined : serverReasons(redact(text)),
    );
  }
  if (operation.response === "none") return undefined;
  let parsed: unknown;
  if (text.trim() !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      if (operation.response === "json") throw new ResponseFormatError(operation, status, text);
      return returned({ status, body: redact(text) } satisfies ApiResponse);
    }
  }
  if (operation.response === "json") {
    if (!isJsonObject(parsed)) throw new ResponseFormatError(operation, status, text);
    return returned(parsed);
  }
  return returned({ status, body: parsed } satisfies ApiResponse);
}

/**
 * The transport of one client. Throws a `TypeError` naming the option for invalid options (never quoting the
 * credential).
 *
 * Every request hands fetch a signal of its own, which fires on the timeout (a timer) or the caller's signal: a
 * timed-out request is aborted, its connection closed, so a process with nothing else to do exits.
 */
export function createTransport(descriptor: ApiDescriptor, options: CreateClientOptions): Transport {
  if (!isJsonObject(options)) throw new TypeError(`${descriptor.factory} needs an options object`);
  const given = (options as Readonly<Record<string, unknown>>)[descriptor.credential.option];
  const credential = keepCredential(descriptor, given);
  const { redact } = credential;
  const settings = readSettings(descriptor, options, credential.scope);
  const { logger, limiter, retry } = settings;
  const middleware: Middleware[] = [];
  const observers = new Set<SendObserver>();

  /** The request headers of a credential: the client's extra headers, then the credential's and the content type. */
  const headersOf = (wire: Credential): Readonly<Record<string, string>> => {
    const own = { ...wire.headers, "Content-Type": "application/json", Accept: "application/json" };
    return Object.freeze({ ...headersBesides(settings.headers, own), ...own });
  };
  // One frozen header object per credential value (a fixed credential's serves every request); a custom fetch gets
  // its own copy.
  let headers: { of: Credential; value: Readonly<Record<string, string>> } | undefined;
  const currentHeaders = (wire: Credential): Readonly<Record<string, string>> => {
    if (headers?.of !== wire) headers = { of: wire, value: headersOf(wire) };
    return headers.value;
  };
  if (!credential.supplied) currentHeaders(credential.current());

  const log = (entry: ClientLogEntry): void => {
    try {
      logger?.(entry);
    } catch {
      // A logger that throws must not change the call's outcome.
    }
  };

  let validators: Promise<Validates> | undefined;
  const loadValidators = (): Promise<Validates> =>
    (validators ??= descriptor.loadValidators().catch((error: unknown) => {
      validators = undefined;
      throw error;
    }));

  async function attempt(
    prepared: Prepared,
    outgoing: Outgoing,
    callOptions: CallOptions | undefined,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    number: number,
  ): Promise<unknown> {
    const { operation } = prepared;
    if (credential.supplied) await credential.refresh(operation);
    const wire = credential.current();
    let url =
      wire.query === "" ? outgoing.url : `${outgoing.url}${outgoing.url.includes("?") ? "&" : "?"}${wire.query}`;
    const callHeaders = callOptions?.headers;
    // A request without a body says no content type.
    const own = outgoing.payload === undefined ? withoutContentType(currentHeaders(wire)) : currentHeaders(wire);
    const added = outgoing.headers === undefined ? own : { ...headersBesides(outgoing.headers, own), ...own };
    let init: FetchRequestInit = {
      method: operation.method,
      headers:
        callHeaders === undefined
          ? added
          : { ...headersBesides(checkHeaders(callHeaders, "headers"), added), ...added },
      body: outgoing.payload,
      redirect: "manual",
      signal,
    };
    const context: MiddlewareContext | undefined = middleware.length === 0 ? undefined : attemptOf(operation, number);
    let request: Request | undefined;
    if (context !== undefined)
      ({ request, url, init } = await requestThroughHooks(middleware, context, url, init, redact));
    const started = logger === undefined ? 0 : performance.now();
    if (logger !== undefined) log({ level: "debug", event: "request", ...attemptOf(operation, number) });
    // Fetch gets a signal of the request's own, which `exchange` aborts when the call times out (closing the
    // connection) or the caller's signal fires. Not the caller's signal itself: Node's fetch leaves a listener on the
    // signal it is given until a garbage collection, so a signal a caller keeps for many calls (a bot's shutdown
    // signal) would collect them, and every request would pay for the list.
    const controller = new AbortController();
    let fetcher: FetchLike;
    if (settings.fetch === undefined) {
      fetcher = globalThis.fetch as unknown as FetchLike;
      init = { ...init, signal: controller.signal };
    } else {
      fetcher = settings.fetch;
      init = { ...init, headers: { ...init.headers }, signal: controller.signal };
    }
    const onResponse =
      context === undefined
        ? undefined
        : (response: FetchResponseLike) =>
            responseThroughHooks(middleware, context, request as Request, response, redact);
    let exchanged: Exchanged;
    try {
      exchanged = await exchange(fetcher, url, init, timeoutMs, signal, controller, onResponse);
    } catch (error) {
      if (error === TIMEOUT) throw new TimeoutError(operation, timeoutMs);
      if (error instanceof MiddlewareError) throw error;
      if (signal?.aborted) throw abortError(operation, signal.reason);
      throw new NetworkError(operation, sanitizedError(error, redact));
    }
    if (logger !== undefined)
      log({
        level: "debug",
        event: "response",
        ...attemptOf(operation, number),
        status: exchanged.response.status,
        durationMs: performance.now() - started,
      });
    return readAnswer(prepared, exchanged, credential);
  }

  async function send(prepared: Prepared, data: unknown, callOptions: CallOptions | undefined): Promise<unknown> {
    const { operation } = prepared;
    const signal = callOptions?.signal ?? undefined;
    const timeoutMs =
      callOptions?.timeoutMs === undefined
        ? settings.timeoutMs
        : (checkTimeout(callOptions.timeoutMs, "timeoutMs") as number);
    if (signal?.aborted) throw abortError(operation, signal.reason);
    const outgoing = prepared.outgoing(callOptions?.params);
    // A body is sent when the operation has one and, for an optional one, when it is given.
    const sendsBody = operation.schema !== null && (operation.bodyRequired !== false || data !== undefined);
    if (settings.validate && callOptions?.params !== undefined) {
      // The parameters' schemas, from the routes of the API's validators module (runtime/validation/routes.ts).
      const routes = ((await loadValidators()) as { routeValidator?: RouteValidator }).routeValidator;
      const route = routes?.routes.find((candidate) => candidate.operationId === operation.operationId);
      const errors =
        route === undefined ? [] : (routes as RouteValidator).validateParameters(route, callOptions.params);
      if (errors.length > 0) throw new RequestValidationError(operation, errors, "parameters");
    }
    if (settings.validate && sendsBody) {
      const result = (await loadValidators()).validate(operation.schema as string, data);
      if (!result.valid) throw new RequestValidationError(operation, result.errors);
    }
    let payload: string | undefined;
    if (sendsBody) {
      try {
        payload = JSON.stringify(data) as string | undefined;
      } catch {
        payload = undefined;
      }
      if (payload === undefined)
        throw new RequestValidationError(operation, [
          { pointer: "", message: "cannot be serialized as JSON", keyword: "json" },
        ]);
    }
    outgoing.payload = payload;
    const field = operation.idempotentWith;
    const idempotent = field !== null && isJsonObject(data) && typeof data[field] === "string" && data[field] !== "";
    const attempts = retry !== undefined && idempotent ? retry.attempts : 1;
    const limited = limiter !== undefined && operation.category !== null;
    // The common case: one attempt, no limiter.
    if (attempts === 1 && !limited) return attempt(prepared, outgoing, callOptions, signal, timeoutMs, 1);
    return runAttempts(
      {
        operation,
        attempts,
        limiter: limited ? limiter : undefined,
        retry,
        signal,
        redact,
        onRetry:
          logger === undefined
            ? undefined
            : (number, delayMs, failure) =>
                log({
                  level: "warn",
                  event: "retry",
                  ...attemptOf(operation, number),
                  delayMs,
                  error: loggedError(sealError(failure, redact)),
                  ...(failure instanceof HttpError ? { status: failure.status } : {}),
                }),
      },
      (number) => attempt(prepared, outgoing, callOptions, signal, timeoutMs, number),
    );
  }

  /**
   * `send`, the one way out of a call: whatever it rejects with is redacted (`sealError`) here, before the logger,
   * the middleware's `onError` hooks or the caller see it.
   */
  async function call(prepared: Prepared, data: unknown, callOptions: CallOptions | undefined): Promise<unknown> {
    if (observers.size > 0) {
      for (const observer of observers) {
        try {
          observer(prepared.operation.operationId, data);
        } catch {
          // An observer watches; it cannot stop the send.
        }
      }
    }
    try {
      return await send(prepared, data, callOptions);
    } catch (error) {
      sealError(error, redact);
      if (logger === undefined && middleware.length === 0) throw error;
      const failed = attemptOf(prepared.operation, (error as { attempts?: number }).attempts ?? 1);
      if (logger !== undefined)
        log({
          level: "error",
          event: "error",
          ...failed,
          error: loggedError(error),
          ...(error instanceof HttpError ? { status: error.status } : {}),
        });
      for (const hooks of middleware) {
        try {
          await hooks.onError?.({ ...failed, error });
        } catch {
          // An onError hook observes; it cannot change the rejection.
        }
      }
      throw error;
    }
  }

  return Object.freeze({
    redact,
    scope: credential.scope,
    operation(operation: OperationDescriptor): OperationMethod {
      const prepared = prepare(settings.base, operation);
      // An operation without a request body takes the call's options first.
      return prepared.operation.schema === null
        ? (callOptions) => call(prepared, undefined, callOptions as CallOptions | undefined)
        : (body, callOptions) => call(prepared, body, callOptions);
    },
    observe(observer: SendObserver): () => void {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
    use(...added: Middleware[]): void {
      for (const hooks of added) {
        if (hooks === null || typeof hooks !== "object")
          throw new TypeError("use: middleware must be an object with onRequest, onResponse or onError");
        for (const name of ["onRequest", "onResponse", "onError"] as const) {
          if (hooks[name] !== undefined && typeof hooks[name] !== "function")
            throw new TypeError(`use: middleware.${name} must be a function`);
        }
        middleware.push(hooks);
      }
    },
  });
}
