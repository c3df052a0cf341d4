/**
 * The errors a client rejects with. None of them holds or prints the credential: every error a call rejects with
 * passes the client's redaction (`sealError` in scrub-credential.ts) before anyone sees it, causes are redacted copies
 * (`sanitizedError`), and requests (with their headers) are never attached. `CommandFailedError` redacts with the
 * client that returned the response.
 */
import type { ValidationError } from "../validation/result.js";
import type { OperationDescriptor } from "./descriptor.js";
import { redactData, redactorOf } from "./scrub-credential.js";

/** What an error names of the operation that failed. */
export type OperationRef = Pick<OperationDescriptor, "operationId" | "method" | "path">;

const STATUS_TEXT: Readonly<Record<number, string>> = Object.freeze({
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
});

/** Plain data for logs: name, message and the error's own fields. */
export interface ErrorJson {
  name: string;
  message: string;
  [field: string]: unknown;
}

// Fields are `declare`d and assigned in the constructors: no class-field definitions (which would add own
// `undefined` properties for optional fields and change the order `toJSON` spreads them in).

/** Base of every error a client rejects with: which operation failed. */
export class ClientError extends Error {
  declare readonly operationId: string;
  /** Upper-case HTTP method of the operation. */
  declare readonly method: string;
  declare readonly path: string;
  /** Attempts made: 1 without retries, more when the call was retried, 0 when nothing was sent (`RequestValidationError`). */
  declare attempts: number;

  constructor(message: string, operation: OperationRef, options?: ErrorOptions) {
    super(message, options);
    this.operationId = operation.operationId;
    this.method = operation.method;
    this.path = operation.path;
    this.attempts = 1;
  }

  /** Plain data for logs: name, message and the error's own fields. */
  toJSON(): ErrorJson {
    return Object.assign({ name: this.name, message: this.message }, this as object);
  }
}

/** One reason the server gave for refusing a request: where (a JSON pointer into the sent body) and what. */
export interface ServerReason {
  pointer: string;
  message: string;
}

/** Reasons named in an error's message at most; the others are counted. */
const REASONS_SHOWN = 3;
/** Characters of one reason shown in the message at most. */
const REASON_LENGTH = 200;

/**
 * The reasons of an error body in the known shape, `{ errors: [{ pointer, message }] }` (the platform's validation
 * answers as the sandbox writes them): undefined for any other body. Pass the redacted text: the reasons are shown.
 */
export function serverReasons(body: string): ServerReason[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const errors = (parsed as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const reasons: ServerReason[] = [];
  for (const error of errors) {
    const { pointer, message } = (error ?? {}) as { pointer?: unknown; message?: unknown };
    if (typeof pointer !== "string" || typeof message !== "string") return undefined;
    reasons.push({ pointer, message });
  }
  return reasons;
}

/** `: /to must be ...; /type must be ...; and 2 more`, for an error's message. */
function reasonsText(reasons: readonly ServerReason[] | undefined): string {
  if (reasons === undefined) return "";
  const shown = reasons
    .slice(0, REASONS_SHOWN)
    .map((reason) => `${reason.pointer || "(root)"} ${reason.message}`.slice(0, REASON_LENGTH));
  return `: ${shown.join("; ")}${reasons.length > REASONS_SHOWN ? `; and ${reasons.length - REASONS_SHOWN} more` : ""}`;
}

/**
 * The server answered a status the operation does not declare as success; `body` is the response text (redacted);
 * `reasons` the server's reasons when the body is `{ errors: [{ pointer, message }] }` (redacted, also in the message).
 */
export class HttpError extends ClientError {
  declare readonly status: number;
  /** The response body text, with the credential redacted. */
  declare readonly body: string;
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  declare readonly retryAfterMs?: number;
  /** The server's reasons, when its body is `{ errors: [{ pointer, message }] }`; with the credential redacted. */
  declare readonly reasons?: readonly ServerReason[];

  /** `reasons` must already be redacted (the transport parses them from the redacted body). */
  constructor(
    operation: OperationRef,
    status: number,
    body: string,
    retryAfterMs?: number,
    reasons?: readonly ServerReason[],
  ) {
    const text = STATUS_TEXT[status];
    super(
      `${operation.method} ${operation.path} answered HTTP ${status}${text === undefined ? "" : ` ${text}`}${reasonsText(reasons)}`,
      operation,
    );
    this.status = status;
    this.body = body;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
    if (reasons !== undefined) this.reasons = Object.freeze(reasons.map((reason) => Object.freeze({ ...reason })));
  }
}

/** HTTP 400: a problem with the format or fields of the sent payload. */
export class BadRequestError extends HttpError {
  declare readonly status: 400;
}
/** HTTP 401: the credential is missing or wrong. */
export class UnauthorizedError extends HttpError {
  declare readonly status: 401;
}
/** HTTP 429: too many requests (retried for idempotent sends when retries are on). */
export class RateLimitedError extends HttpError {
  declare readonly status: 429;
}
/** HTTP 5xx (retried for idempotent sends when retries are on). */
export class ServerError extends HttpError {}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
}

/** The request got no answer: connection refused or reset, DNS failure, ... (`code` when known). */
export class NetworkError extends ClientError {
  /** The system error code (`ECONNREFUSED`, ...) when known. */
  declare readonly code?: string;

  /** `cause` must already be redacted (see `sanitizedError`). */
  constructor(operation: OperationRef, cause?: unknown) {
    const like = (cause !== null && typeof cause === "object" ? cause : {}) as ErrorLike;
    const code = typeof like.code === "string" ? like.code : undefined;
    const message = typeof like.message === "string" ? like.message : undefined;
    const suffix = code === undefined || message?.includes(code) === true ? "" : ` (${code})`;
    super(
      `${operation.method} ${operation.path} failed: ${message ?? "network error"}${suffix}`,
      operation,
      cause === undefined ? undefined : { cause },
    );
    if (code !== undefined) this.code = code;
  }
}

/**
 * No complete answer in time: within the client's `timeoutMs` (then set), or the caller's signal fired with a
 * `TimeoutError` reason (`AbortSignal.timeout()`; `cause` is that reason).
 */
export class TimeoutError extends ClientError {
  /** The client's or call's `timeoutMs` that ran out; absent when the caller's signal timed out. */
  declare readonly timeoutMs?: number;

  constructor(operation: OperationRef, timeoutMs: number | undefined, reason?: unknown) {
    super(
      `${operation.method} ${operation.path} timed out${timeoutMs === undefined ? " (the caller's signal)" : ` after ${timeoutMs} ms`}`,
      operation,
      reason === undefined ? undefined : { cause: reason },
    );
    if (timeoutMs !== undefined) this.timeoutMs = timeoutMs;
  }
}

/** The caller's `AbortSignal` fired; `cause` is the signal's reason. */
export class AbortedError extends ClientError {
  constructor(operation: OperationRef, reason: unknown) {
    super(`${operation.method} ${operation.path} was aborted`, operation, { cause: reason });
  }
}

/**
 * The server redirected the request and the client did not follow: to another origin (the credential and the body
 * are not sent there), with a status that would turn the request into a GET (301, 302, 303), without a usable
 * `Location`, or more than `MAX_REDIRECTS` times. Same-origin 307 and 308 are followed.
 */
export class RedirectError extends ClientError {
  declare readonly status: number;
  /** The origin the server redirected to, when it is another one. */
  declare readonly origin?: string;

  constructor(operation: OperationRef, status: number, why: string, origin?: string) {
    super(`${operation.method} ${operation.path} ${why}; not followed`, operation);
    this.status = status;
    if (origin !== undefined) this.origin = origin;
  }
}

/** A middleware hook (`onRequest` or `onResponse`) threw; `cause` is a redacted copy of what it threw. */
export class MiddlewareError extends ClientError {
  /** The hook that threw. */
  declare readonly hook: string;

  /** `cause` must already be redacted (see `sanitizedError`). */
  constructor(operation: OperationRef, hook: string, cause?: Error) {
    super(
      `${operation.method} ${operation.path}: the ${hook} middleware failed${cause === undefined ? "" : `: ${cause.message}`}`,
      operation,
      cause === undefined ? undefined : { cause },
    );
    this.hook = hook;
  }
}

/**
 * Nothing was sent: with `validate: true` the payload breaks its schema (`errors` are the validator's, pointers into
 * the body); or, whatever `validate` says, the call's parameters are not the operation's (a required one missing, one
 * it does not declare: pointers `/path/<name>`, `/query/<name>`, ...).
 */
export class RequestValidationError extends ClientError {
  declare readonly errors: ValidationError[];

  constructor(
    operation: OperationRef & Pick<OperationDescriptor, "schema">,
    errors: ValidationError[],
    what: "body" | "parameters" = "body",
  ) {
    const first = errors.slice(0, 3).map((error) => `${error.pointer || "(root)"} ${error.message}`);
    const more = errors.length > 3 ? `; and ${errors.length - 3} more` : "";
    const subject = what === "parameters" ? "its parameters are" : `the ${operation.schema ?? "request body"} is`;
    super(`${operation.method} ${operation.path} not sent: ${subject} invalid (${first.join("; ")}${more})`, operation);
    this.errors = errors;
    this.attempts = 0;
  }
}

/** A success status whose body is not the JSON document the operation declares. */
export class ResponseFormatError extends ClientError {
  declare readonly status: number;
  /** The response body text, with the credential redacted. */
  declare readonly body: string;

  constructor(operation: OperationRef, status: number, body: string) {
    super(
      `${operation.method} ${operation.path} answered HTTP ${status} with a body that is not a JSON object`,
      operation,
    );
    this.status = status;
    this.body = body;
  }
}

/** The `reason` of a failed command or notification (a type alias, so open generated types fit it both ways). */
export type Reason = {
  code: number;
  description?: string;
};

/**
 * Thrown by `assertSuccess` for a command response whose `status` is `failure`. For a response a client returned,
 * its credential is redacted from the message and from the copy of the response the error holds (the platform may
 * quote the key in `reason.description`).
 */
export class CommandFailedError extends Error {
  /** The command response, as received (a copy with the client's credential redacted from its strings). */
  declare readonly response: unknown;
  declare readonly reason?: Reason;
  /** `reason.code`. */
  declare readonly code?: number;

  constructor(received: unknown) {
    const redact = redactorOf(received);
    const response = redact === undefined ? received : redactData(received, redact);
    const fields = (response !== null && typeof response === "object" ? response : {}) as {
      id?: unknown;
      reason?: Reason;
    };
    const reason = fields.reason;
    const detail =
      reason === undefined
        ? ""
        : `: reason ${String(reason?.code)}${reason?.description === undefined ? "" : ` (${String(reason.description)})`}`;
    super(`Command${fields.id === undefined ? "" : ` ${String(fields.id)}`} failed${detail}`);
    this.response = response;
    if (reason !== undefined) this.reason = reason;
    if (typeof reason?.code === "number") this.code = reason.code;
  }

  /** Plain data for logs: name, message and the error's own fields. */
  toJSON(): ErrorJson {
    return Object.assign({ name: this.name, message: this.message }, this as object);
  }
}

// Names live on the prototypes (not as own fields), so they survive minifiers and stay out of `toJSON`'s spread.
for (const [name, type] of Object.entries({
  ClientError,
  HttpError,
  BadRequestError,
  UnauthorizedError,
  RateLimitedError,
  ServerError,
  NetworkError,
  TimeoutError,
  AbortedError,
  RequestValidationError,
  ResponseFormatError,
  RedirectError,
  MiddlewareError,
  CommandFailedError,
})) {
  Object.defineProperty(type.prototype, "name", { value: name, writable: true, configurable: true });
}

/** The `HttpError` subclass for a status: 400, 401, 429, 5xx, else `HttpError` itself. */
export function httpError(
  operation: OperationRef,
  status: number,
  body: string,
  retryAfterMs?: number,
  reasons?: readonly ServerReason[],
): HttpError {
  if (status === 400) return new BadRequestError(operation, status, body, retryAfterMs, reasons);
  if (status === 401) return new UnauthorizedError(operation, status, body, retryAfterMs, reasons);
  if (status === 429) return new RateLimitedError(operation, status, body, retryAfterMs, reasons);
  if (status >= 500 && status <= 599) return new ServerError(operation, status, body, retryAfterMs, reasons);
  return new HttpError(operation, status, body, retryAfterMs, reasons);
}
