/**
 * What every middleware shares: read a body up to a size limit, parse it with the strict reader, validate it,
 * and build the error answer. Framework adapters (express.ts, fastify.ts, web.ts) only move bytes and statuses.
 */
import {
  contentCodingOf,
  ContentCodingUnavailableError,
  ContentDecodingError,
  decodeContent,
  EncodedBodyTooLargeError,
  READ_CODINGS,
} from "../http/content-encoding.js";
import { readBodyUpTo } from "../http/read-body.js";
import { JsonSyntaxError, readJson } from "../json/read-json.js";
import { listErrors, maxErrorsOption } from "../validation/listed-errors.js";
import type { ValidationError, Validates } from "../validation/result.js";
import type { RouteCheck, RouteRequest, RouteValidator } from "../validation/routes.js";

export type { ValidationError, Validates };
export type { RouteCheck, RouteRequest, RouteValidator };
export { listErrors, maxErrorsOption };

/** Options every middleware takes. */
export interface BodyValidationOptions {
  /** The largest body read, in bytes; a longer one is answered 413 without reading the rest (default 1 MiB). */
  limit?: number;
  /**
   * The validators to use (`validate(name, data)`), for a per-API set or a test double. Default: the generated
   * validators of every schema, loaded on first use.
   */
  validators?: Validates;
  /**
   * The most errors a 400 lists, in the order found (default 100; fewer when their pointers and messages pass `maxErrors` KiB);
   * the answer then holds `errorCount` too (docs/validating.md#errors-listed). A whole number, at least 1.
   */
  maxErrors?: number;
}

export const DEFAULT_LIMIT = 1024 * 1024;

/** The body of every 400, 401, 413 and 415 answer. */
export interface ErrorBody {
  /** The errors, in the order found: all of them, or the first ones (docs/validating.md#errors-listed). */
  errors: ValidationError[];
  /** How many errors were found; present only when `errors` lists fewer. */
  errorCount?: number;
}

/** The outcome of checking one body: the parsed value, or the status and body of the answer to send instead. */
export type BodyCheck = { ok: true; data: unknown } | { ok: false; status: 400 | 413; body: ErrorBody };

/** The one place that names the generated validators module (the lead moves to per-API modules). */
let defaults: Promise<Validates> | undefined;
export function defaultValidators(): Promise<Validates> {
  defaults ??= import("../../generated/validators.js").then((module) => ({
    validate: (name: string, data: unknown) => module.validate(name as never, data),
  }));
  return defaults;
}

/** Options of every `validateRoute`. */
export interface RouteValidationOptions {
  /** The largest body read, in bytes; a longer one is answered 413 without reading the rest (default 1 MiB). */
  limit?: number;
  /**
   * The routes to check against (`routeValidator` of `specfirst/<api>/validators`, for one API's). Default: the
   * routes of every API, loaded on first use.
   */
  routes?: RouteValidator;
  /** As `BodyValidationOptions.maxErrors`: the most errors a 400 lists (default 100). */
  maxErrors?: number;
}

let defaultRoutes: Promise<RouteValidator> | undefined;
/** The route validator given in the options, or the one over every API's routes (generated/validators.ts). */
export function resolveRoutes(options: RouteValidationOptions): Promise<RouteValidator> {
  if (options.routes !== undefined) return Promise.resolve(options.routes);
  defaultRoutes ??= import("../../generated/validators.js").then((module) => module.routeValidator);
  return defaultRoutes;
}

/** A body's bytes as a route's body: undefined when empty (an operation without a body), else strictly parsed JSON. */
export function routeBody(bytes: Uint8Array): { ok: true; data: unknown } | Exclude<BodyCheck, { ok: true }> {
  if (bytes.byteLength === 0) return { ok: true, data: undefined };
  try {
    return { ok: true, data: readJson(bytes) };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return unreadable(error) as Exclude<BodyCheck, { ok: true }>;
    throw error;
  }
}

/** The validators given in the options, or the default ones. */
export function resolveValidators(options: BodyValidationOptions): Promise<Validates> {
  return options.validators === undefined ? defaultValidators() : Promise.resolve(options.validators);
}

/** The answer to a request found invalid: its status, and the errors listed (at most `maxErrors`). */
export function invalid<Status extends number>(
  status: Status,
  errors: readonly ValidationError[],
  maxErrors: number,
): { ok: false; status: Status; body: ErrorBody } {
  return { ok: false, status, body: listErrors(errors, maxErrors) };
}

export function limitOf(options: BodyValidationOptions): number {
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError("limit is a whole number of bytes");
  return limit;
}

/** The one wording of a 413, whichever adapter (or which framework's own body reader) refused the body. */
export function tooLargeError(limit: number): ValidationError {
  return { pointer: "", message: `body exceeds the limit of ${limit} bytes`, keyword: "maxBytes" };
}

export function tooLarge(limit: number): Exclude<BodyCheck, { ok: true }> {
  return { ok: false, status: 413, body: { errors: [tooLargeError(limit)] } };
}

/** A 400 for a body that cannot be read as JSON (bad UTF-8, syntax, a repeated key); the message never quotes it. */
export function unreadable(error: JsonSyntaxError): BodyCheck {
  const { line, column } = error.position;
  return {
    ok: false,
    status: 400,
    body: { errors: [{ pointer: "", message: `${error.message} at line ${line}, column ${column}`, keyword: "json" }] },
  };
}

/** Validates an already parsed value; an invalid one's answer lists at most `maxErrors` errors. */
export function checkValue(validators: Validates, name: string, data: unknown, maxErrors: number): BodyCheck {
  const result = validators.validate(name, data);
  return result.valid ? { ok: true, data } : invalid(400, result.errors, maxErrors);
}

/** Parses raw body bytes with the strict reader, then validates them. */
export function checkBytes(
  validators: Validates,
  name: string,
  bytes: Uint8Array,
  limit: number,
  maxErrors: number,
): BodyCheck {
  if (bytes.byteLength > limit) return tooLarge(limit);
  let data: unknown;
  try {
    data = readJson(bytes);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return unreadable(error);
    throw error;
  }
  return checkValue(validators, name, data, maxErrors);
}

/**
 * A body refused before it was read to its end: over the limit (413), sent in a content encoding that is not read
 * (415), or not decodable from it (400). The rest of the body is left on the connection, so the answer closes it.
 */
export type BodyRefusal = { ok: false; status: 400 | 413 | 415; body: ErrorBody; closeConnection: true };

const refusal = (status: BodyRefusal["status"], error: ValidationError): BodyRefusal => ({
  ok: false,
  status,
  body: { errors: [error] },
  closeConnection: true,
});

/** Thrown by `readBody` for a body it refuses; each adapter catches it and answers `refusal`. */
export class BodyRefusedError extends Error {
  constructor(readonly refusal: BodyRefusal) {
    super(refusal.body.errors[0]?.message ?? "body refused");
    this.name = "BodyRefusedError";
  }
}

/** The refusal of an error `decodeContent` throws (runtime/http/content-encoding.ts); undefined for any other. */
export function decodingRefusal(error: unknown, limit: number): BodyRefusal | undefined {
  if (error instanceof EncodedBodyTooLargeError) return refusal(413, tooLargeError(limit));
  if (error instanceof ContentDecodingError)
    return refusal(400, { pointer: "", message: error.message, keyword: "contentEncoding" });
  if (error instanceof ContentCodingUnavailableError)
    return refusal(415, { pointer: "", message: error.message, keyword: "contentEncoding" });
  return undefined;
}

/** The 415 refusal of a `Content-Encoding` that is not read (an unknown coding, or a list of codings). */
export const UNSUPPORTED_ENCODING = refusal(415, {
  pointer: "",
  message: `unsupported content encoding: send the body as ${READ_CODINGS}, one coding only`,
  keyword: "contentEncoding",
});

/** What `readBody` reads of a request's headers. */
export interface BodyHeaders {
  contentLength?: string | null | undefined;
  contentEncoding?: string | readonly string[] | null | undefined;
}

/**
 * Reads a body stream whole, decoded from its `content-encoding` (gzip, x-gzip, deflate, br:
 * runtime/http/content-encoding.ts), stopping as soon as the bytes received or the bytes decoded pass `limit` (a
 * `content-length` over the limit stops it before reading anything); throws `BodyRefusedError`. Holds at most
 * `limit` bytes plus one chunk of each.
 */
export async function readBody(
  stream: AsyncIterable<Uint8Array>,
  limit: number,
  { contentLength, contentEncoding }: BodyHeaders = {},
): Promise<Uint8Array> {
  const coding = contentCodingOf(contentEncoding);
  if (coding === undefined) throw new BodyRefusedError(UNSUPPORTED_ENCODING);
  if (
    contentLength !== undefined &&
    contentLength !== null &&
    /^\d+$/.test(contentLength) &&
    Number(contentLength) > limit
  )
    throw new BodyRefusedError(refusal(413, tooLargeError(limit)));
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBodyUpTo(coding === "identity" ? stream : decodeContent(stream, coding, limit), limit);
  } catch (error) {
    const refused = decodingRefusal(error, limit);
    if (refused === undefined) throw error;
    throw new BodyRefusedError(refused);
  }
  if (bytes === undefined) throw new BodyRefusedError(refusal(413, tooLargeError(limit)));
  return bytes;
}

/** The JSON text of an error answer. */
export function errorText(body: ErrorBody): string {
  return JSON.stringify(body);
}

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
