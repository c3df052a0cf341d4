/**
 * The HTTP side of a client: one transport per client, holding the credential in its closure only. It sends one
 * operation's body (validation, limiter, timeout, retries) and maps the answer to a value or an error.
 */
import type { Validates } from "../validation/result.js";
import type { ApiDescriptor, OperationDescriptor, PlanLimits } from "./descriptor.js";
import { AbortedError, NetworkError, RateLimitedError, RequestValidationError, ResponseFormatError, ServerError, TimeoutError, httpError } from "./errors.js";
import { resolveLimiter, type LimitsOption, type RateLimiter } from "./limiter.js";
import { createRedactor, sanitizedError, type Redact } from "./redact-secret.js";
import { backoff, parseRetryAfter, resolveRetry, sleep, type ResolvedRetry, type RetryOptions } from "./retry.js";

/** Time allowed for one HTTP exchange when neither the client nor the call says (30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What a client passes to `fetch`. */
export interface FetchRequestInit {
  method: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  signal: AbortSignal;
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
  /** Aborts the call wherever it is: waiting for the limiter, in flight, or between retries (rejects with `AbortedError`). */
  signal?: AbortSignal | undefined;
  /** Time allowed for one HTTP exchange (request and whole response), overriding the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
}

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
}

/** Options of an API whose descriptor has `planLimits`. */
export interface LimitedClientOptions {
  /** A plan name, per-second rates by kind, a shared `createRateLimiter(...)`, or `false` for none (default). */
  limits?: LimitsOption | undefined;
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

/** Every option `createClient` reads except the credential. */
export type ClientSettings = ClientOptions & LimitedClientOptions & RetryingClientOptions;

/**
 * The options of `createClient`: `ClientSettings` plus the credential under `descriptor.credential.option` (a
 * string, or `BasicCredentials` for http basic). A union so that both an object literal (whose credential key the
 * index signature admits) and a variable of a generated options interface (which has no index signature) fit.
 */
export type CreateClientOptions = ClientSettings | (ClientSettings & { readonly [credentialOption: string]: unknown });

/** The answer to an operation whose success response the API description does not show: status and parsed body (JSON, else the redacted text). */
export interface ApiResponse {
  status: number;
  body: unknown;
}

/** Sends one operation: `(body, callOptions?) => Promise<result>`. */
export type OperationMethod = (body: unknown, options?: CallOptions) => Promise<unknown>;

export interface Transport {
  /** The method sending one operation of the descriptor. */
  operation(operation: OperationDescriptor): OperationMethod;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const noop = (): void => {};

function parseBaseUrl(baseUrl: unknown, factory: string): string {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === "string" ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) throw new TypeError(`${factory}: baseUrl must be an absolute http(s) URL`);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** Base64 of the UTF-8 bytes of a text (no Buffer: runs wherever `btoa` does). */
function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

interface Credential {
  headers: Record<string, string>;
  /** `name=value`, URI-encoded, for an apiKey in the query; empty otherwise. */
  query: string;
  /** Every value derived from the credential that must never reach an error. */
  secrets: string[];
}

function credentialOf(descriptor: ApiDescriptor, options: Readonly<Record<string, unknown>>): Credential {
  const { option, security } = descriptor.credential;
  const value = options[option];
  const where = `${descriptor.factory}: ${option}`;
  if (security.kind === "basic") {
    const fields = isJsonObject(value) ? value : {};
    const { username, password } = fields;
    if (typeof username !== "string" || username === "" || username.includes(":") || typeof password !== "string") {
      throw new TypeError(`${where} must be { username, password }: strings, the username non-empty and without ":"`);
    }
    const pair = `${username}:${password}`;
    const token = base64Utf8(pair);
    const authorization = `Basic ${token}`;
    return { headers: { Authorization: authorization }, query: "", secrets: [authorization, token, pair, password] };
  }
  if (typeof value !== "string" || value === "") throw new TypeError(`${where} must be a non-empty string`);
  if (security.kind === "bearer") {
    const authorization = `Bearer ${value}`;
    return { headers: { Authorization: authorization }, query: "", secrets: [authorization, value] };
  }
  const wire = `${security.prefix}${value}`;
  if (security.in === "query") return { headers: {}, query: `${encodeURIComponent(security.name)}=${encodeURIComponent(wire)}`, secrets: [wire, value] };
  return { headers: { [security.name]: wire }, query: "", secrets: [wire, value] };
}

/** An operation with what the transport derives once from it. */
interface Prepared {
  readonly operation: OperationDescriptor;
  readonly url: string;
  readonly success: readonly number[];
  readonly anySuccess: boolean;
}

function checkTimeout(value: unknown, name: string): number | undefined {
  if (value !== undefined && !(typeof value === "number" && Number.isFinite(value) && value > 0)) throw new TypeError(`${name} must be a positive number of milliseconds`);
  return value;
}

/** The reason a timed-out exchange is aborted with (shared: never shown, mapped to `TimeoutError`). */
const TIMEOUT = new Error("timeout");
const abortOnTimeout = (controller: AbortController): void => controller.abort(TIMEOUT);

const isRetryable = (error: unknown): boolean => error instanceof RateLimitedError || error instanceof ServerError || error instanceof NetworkError;

/** Freezes a plain-data value and everything in it (functions are left alone). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The transport of one client. Throws a `TypeError` naming the option for invalid options (never quoting the credential). */
export function createTransport(descriptor: ApiDescriptor, options: CreateClientOptions): Transport {
  if (!isJsonObject(options)) throw new TypeError(`${descriptor.factory} needs an options object`);
  const settings = options as ClientSettings & Readonly<Record<string, unknown>>;
  const credential = credentialOf(descriptor, settings);
  const base = parseBaseUrl(settings.baseUrl, descriptor.factory);
  const redact: Redact = createRedactor(credential.secrets);
  const customFetch = settings.fetch;
  if (customFetch !== undefined && typeof customFetch !== "function") throw new TypeError(`${descriptor.factory}: fetch must be a function`);
  const defaultTimeoutMs = checkTimeout(settings.timeoutMs, "timeoutMs") ?? DEFAULT_TIMEOUT_MS;
  const validateBodies = settings.validate === true;
  const planLimits: PlanLimits | null = descriptor.planLimits;
  const limiter: RateLimiter | undefined = planLimits !== null ? resolveLimiter(settings.limits, planLimits) : undefined;
  const retry: ResolvedRetry | undefined = descriptor.operations.some((operation) => operation.idempotentWith !== null) ? resolveRetry(settings.retry) : undefined;
  // One frozen header object for every request; a custom fetch gets its own copy (it may add to it).
  const headers: Readonly<Record<string, string>> = Object.freeze({ ...credential.headers, "Content-Type": "application/json", Accept: "application/json" });
  const query = credential.query;

  let validators: Promise<Validates> | undefined;
  const loadValidators = (): Promise<Validates> =>
    (validators ??= descriptor.loadValidators().catch((error: unknown) => {
      validators = undefined;
      throw error;
    }));

  /** A custom fetch, then the whole body as text; settles on abort even if that fetch ignores its signal. */
  async function customExchange(fetcher: FetchLike, url: string, init: FetchRequestInit): Promise<{ response: FetchResponseLike; text: string }> {
    const signal = init.signal;
    let onAbort = noop;
    const stopped = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    stopped.catch(noop);
    const exchanged = (async () => {
      const response = await fetcher(url, { ...init, headers: { ...init.headers } });
      return { response, text: await response.text() };
    })();
    exchanged.catch(noop);
    try {
      return await Promise.race([exchanged, stopped]);
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  async function attempt(prepared: Prepared, payload: string, signal: AbortSignal | undefined, timeoutMs: number): Promise<unknown> {
    const { operation } = prepared;
    const controller = new AbortController();
    // No closure per call: the timer aborts with a shared reason, recognised below.
    const timer = setTimeout(abortOnTimeout, timeoutMs, controller);
    let onAbort: (() => void) | undefined;
    if (signal !== undefined) {
      onAbort = () => controller.abort(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
    }
    let response: FetchResponseLike;
    let text: string;
    try {
      const init: FetchRequestInit = { method: operation.method, headers, body: payload, signal: controller.signal };
      if (customFetch === undefined) {
        // The global fetch honours the signal until the whole body has been read.
        response = await globalThis.fetch(prepared.url, init);
        text = await response.text();
      } else {
        ({ response, text } = await customExchange(customFetch, prepared.url, init));
      }
    } catch (error) {
      if (signal?.aborted) throw new AbortedError(operation, signal.reason);
      if (controller.signal.reason === TIMEOUT) throw new TimeoutError(operation, timeoutMs);
      throw new NetworkError(operation, sanitizedError(error, redact));
    } finally {
      clearTimeout(timer);
      if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
    }
    const status = response.status;
    if (prepared.anySuccess ? status < 200 || status > 299 : !prepared.success.includes(status)) {
      throw httpError(operation, status, redact(text), parseRetryAfter(response.headers?.get?.("retry-after")));
    }
    if (operation.response === "none") return undefined;
    let parsed: unknown;
    if (text.trim() !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        if (operation.response === "json") throw new ResponseFormatError(operation, status, redact(text));
        return { status, body: redact(text) } satisfies ApiResponse;
      }
    }
    if (operation.response === "json") {
      if (!isJsonObject(parsed)) throw new ResponseFormatError(operation, status, redact(text));
      return parsed;
    }
    return { status, body: parsed } satisfies ApiResponse;
  }

  async function send(prepared: Prepared, data: unknown, callOptions: CallOptions | undefined): Promise<unknown> {
    const { operation } = prepared;
    const signal = callOptions?.signal ?? undefined;
    const timeoutMs = callOptions?.timeoutMs === undefined ? defaultTimeoutMs : (checkTimeout(callOptions.timeoutMs, "timeoutMs") as number);
    if (signal?.aborted) throw new AbortedError(operation, signal.reason);
    if (validateBodies) {
      const result = (await loadValidators()).validate(operation.schema, data);
      if (!result.valid) throw new RequestValidationError(operation, result.errors);
    }
    let payload: string | undefined;
    try {
      payload = JSON.stringify(data) as string | undefined;
    } catch {
      payload = undefined;
    }
    if (payload === undefined) throw new RequestValidationError(operation, [{ pointer: "", message: "cannot be serialized as JSON", keyword: "json" }]);
    const field = operation.idempotentWith;
    const idempotent = field !== null && isJsonObject(data) && typeof data[field] === "string" && data[field] !== "";
    const attempts = retry !== undefined && idempotent ? retry.attempts : 1;
    const limited = limiter !== undefined && operation.category !== null;
    // The common case: one attempt, no limiter.
    if (attempts === 1 && !limited) return attempt(prepared, payload, signal, timeoutMs);
    for (let number = 1; ; number++) {
      let release = noop;
      if (limited) {
        try {
          release = await limiter.acquire(operation.category as string, signal);
        } catch {
          throw new AbortedError(operation, signal?.reason);
        }
      }
      let failure: unknown;
      try {
        return await attempt(prepared, payload, signal, timeoutMs);
      } catch (error) {
        failure = error;
      } finally {
        release();
      }
      if (number > 1 && failure instanceof Error) (failure as { attempts?: number }).attempts = number;
      if (number >= attempts || retry === undefined || !isRetryable(failure)) throw failure;
      try {
        await sleep(backoff(retry, number, (failure as { retryAfterMs?: number }).retryAfterMs), signal);
      } catch {
        throw new AbortedError(operation, signal?.reason);
      }
    }
  }

  return Object.freeze({
    operation(operation: OperationDescriptor): OperationMethod {
      const frozen = deepFreeze(operation);
      const url = `${base}${frozen.path}${query === "" ? "" : `${frozen.path.includes("?") ? "&" : "?"}${query}`}`;
      const prepared: Prepared = Object.freeze({ operation: frozen, url, success: frozen.success, anySuccess: frozen.success.length === 0 });
      return (body, callOptions) => send(prepared, body, callOptions);
    },
  });
}
