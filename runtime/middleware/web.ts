/**
 * `specfirst/web`: request body validation for web-standard `Request` objects (Hono, Cloudflare and other
 * workers, Deno, Bun, Node's `fetch`-style servers). Framework-neutral: it takes a `Request` and gives either the
 * valid data or the `Response` to send.
 *
 *   const checked = await validateRequest(request, "message");
 *   if (checked.response) return checked.response; // 400, 413 or 415, { errors: [...] }
 *   use(checked.data);
 *
 * The body is read with the strict reader (strict UTF-8, BOM skipped, a repeated key is an error), up to `limit`
 * bytes, decoded from its `Content-Encoding` (gzip, x-gzip, deflate, br; the limit holds before and after decoding;
 * runtime/http/content-encoding.ts): a longer body stops the read, the rest of the stream is cancelled, and the 413
 * answer carries `Connection: close` (as do a 415 for an encoding not read and a 400 for a body not decodable). The unread rest of the body is still on the connection, so it cannot carry the next request:
 * the header (HTTP/1.1's signal, RFC 9112 section 9.6) makes Node's http server, under @hono/node-server too, close
 * it after the answer, and tells the client (undici) not to reuse it. Draining instead would read the oversized
 * body the limit is there to refuse, and @hono/node-server gives a drain only 500 ms before it resets the socket
 * under the client's next pooled request.
 *
 * `validateRoute("POST /notifications", handler)` checks a whole request against what the OpenAPI document pairs
 * with the route (docs/validating.md#route-level-validation).
 */
import {
  BodyRefusedError,
  checkBytes,
  errorText,
  JSON_CONTENT_TYPE,
  limitOf,
  listErrors,
  maxErrorsOption,
  readBody,
  resolveRoutes,
  resolveValidators,
  routeBody,
  type BodyCheck,
  type BodyRefusal,
  type BodyValidationOptions,
  type ErrorBody,
  type RouteValidationOptions,
} from "./core.js";
import type { RouteParameters } from "../validation/routes.js";

export type {
  BodyValidationOptions,
  ErrorBody,
  RouteValidationOptions,
  RouteValidator,
  ValidationError,
  Validates,
} from "./core.js";

/** The part of a web-standard Request this module uses. */
export interface RequestLike {
  headers: { get(name: string): string | null; forEach?(callback: (value: string, name: string) => void): void };
  body: ReadableStream<Uint8Array> | null;
}

export type RequestCheck<T = unknown> =
  /** Valid: the parsed body, and `bytes` as read (decoded from its content encoding). */
  | { data: T; bytes: Uint8Array; response?: undefined }
  /**
   * Invalid, not JSON, too large, or in a content encoding not read or not decodable: the answer to send (400, 413 or
   * 415, `application/json`, `{ errors }`).
   */
  | { data?: undefined; bytes?: undefined; response: Response; status: 400 | 413 | 415; body: ErrorBody };

/**
 * The `Response` for a failed check; one sent with the body unread (a 413 always; `closeConnection`) closes the
 * connection (module comment).
 */
export function errorResponse(status: number, body: ErrorBody, closeConnection = status === 413): Response {
  const headers: Record<string, string> = { "content-type": JSON_CONTENT_TYPE };
  if (closeConnection) headers.connection = "close";
  return new Response(errorText(body), { status, headers });
}

/** Reads and validates the body of `request` against the schema `name`; see the module comment. */
export async function validateRequest<T = unknown>(
  request: RequestLike,
  name: string,
  options: BodyValidationOptions = {},
): Promise<RequestCheck<T>> {
  const limit = limitOf(options);
  const maxErrors = maxErrorsOption(options.maxErrors);
  const validators = await resolveValidators(options);
  let check: BodyCheck | BodyRefusal;
  let bytes: Uint8Array = new Uint8Array(0);
  try {
    if (request.body !== null)
      bytes = await readBody(streamChunks(request.body), limit, {
        contentLength: request.headers.get("content-length"),
        contentEncoding: request.headers.get("content-encoding"),
      });
    check = checkBytes(validators, name, bytes, limit, maxErrors);
  } catch (error) {
    if (!(error instanceof BodyRefusedError)) throw error;
    check = error.refusal;
  }
  if (check.ok) return { data: check.data as T, bytes };
  const response = errorResponse(check.status, check.body, check.status === 413 || "closeConnection" in check);
  return { response, status: check.status, body: check.body };
}

/**
 * Wraps a fetch-style handler: `withValidBody("message", (data, request) => new Response(null, { status: 202 }))`
 * answers an invalid body itself and calls the handler with the valid data only.
 */
export function withValidBody<T = unknown, Req extends RequestLike = Request>(
  name: string,
  handler: (data: T, request: Req) => Response | Promise<Response>,
  options: BodyValidationOptions = {},
): (request: Req) => Promise<Response> {
  return async (request) => {
    const checked = await validateRequest<T>(request, name, options);
    return checked.response ?? handler(checked.data, request);
  };
}

/** What a route's handler gets of a valid request: the parsed body (undefined for none) and the parameters as read. */
export interface ValidRoute<T = unknown> {
  body: T;
  parameters: RouteParameters;
}

/**
 * Wraps a fetch-style handler with a check of the whole request against what the OpenAPI document pairs with `route`
 * (`"POST /notifications"`, the document's path as written, or an operationId): the body (read as
 * `validateRequest` reads it; an empty body is no body) against the schema it names, each declared parameter of the
 * URL, headers and cookies by its style against its schema, and the credential present. The handler gets the valid
 * body and parameters; an invalid request is answered `{ errors }` (pointers `/body/...`, `/query/<name>`, ...): 401
 * when the credential is missing, else 400 (413, 415 as `validateRequest`). An unknown route rejects with a `TypeError`.
 */
export function validateRoute<T = unknown, Req extends RequestLike & { url: string } = Request>(
  route: string,
  handler: (valid: ValidRoute<T>, request: Req) => Response | Promise<Response>,
  options: RouteValidationOptions = {},
): (request: Req) => Promise<Response> {
  const limit = limitOf(options);
  const maxErrors = maxErrorsOption(options.maxErrors);
  return async (request) => {
    const routes = await resolveRoutes(options);
    let bytes: Uint8Array = new Uint8Array(0);
    try {
      if (request.body !== null)
        bytes = await readBody(streamChunks(request.body), limit, {
          contentLength: request.headers.get("content-length"),
          contentEncoding: request.headers.get("content-encoding"),
        });
    } catch (error) {
      if (!(error instanceof BodyRefusedError)) throw error;
      return errorResponse(error.refusal.status, error.refusal.body, true);
    }
    const parsed = routeBody(bytes);
    if (!parsed.ok) return errorResponse(parsed.status, parsed.body);
    const url = new URL(request.url, "http://route.invalid");
    const headers: Record<string, string> = {};
    request.headers.forEach?.((value, name) => (headers[name] = value));
    const check = routes.validateRouteRequest(route, {
      body: parsed.data,
      headers,
      query: url.search,
      path: url.pathname,
    });
    if (!check.valid) return errorResponse(check.status, listErrors(check.errors, maxErrors));
    return handler({ body: parsed.data as T, parameters: check.parameters }, request);
  };
}

/** A ReadableStream as an async iterable of its chunks, cancelled when the reader stops early (over the limit). */
async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
