/**
 * `specfirst/fastify`: a Fastify (4 and 5) plugin so that a route names its body schema and gets the generated
 * validators, with no coercion and no stripping (Fastify's own AJV does both by default: see docs/validating.md#fastify-specfirstfastify).
 *
 *   await app.register(specfirst, { limit: 1024 * 1024 });
 *   app.post("/messages", { schema: { body: "message" } }, async (request) => { ... request.body is valid ... });
 *
 * What the plugin does, on the instance it is registered on (it is not encapsulated, like a fastify-plugin):
 * - replaces the `application/json` body parser by the strict reader (strict UTF-8, BOM skipped, a repeated key
 *   is an error), reading at most `limit` bytes (default: the instance's `bodyLimit`); other content types keep
 *   Fastify's parsers and routing (no `Content-Type`, or one no parser takes: 415, as plain Fastify answers);
 * - on those routes, decodes a body sent with `Content-Encoding` gzip, x-gzip, deflate or br in a `preParsing` hook,
 *   the route's body limit holding for the bytes received and decoded (a body that cannot be decoded: 400; another
 *   encoding: 415; keyword `contentEncoding`);
 * - for each route whose `schema.body` is a schema name (a string), takes that entry out of the schema Fastify
 *   compiles and validates the body with the generated validator in a `preValidation` hook; querystring, params,
 *   headers and response schemas are left to Fastify; `limit`, when given, becomes the route's `bodyLimit` unless
 *   the route sets its own;
 * - answers, on those routes, an invalid body 400 and a body that cannot be read (not JSON, bad UTF-8, a repeated
 *   key) 400, one over the limit 413 (worded as every adapter words it), an unsupported content type 415, all
 *   `application/json` `{ errors: [{ pointer, message, keyword }] }`, and the handler is not called. Other errors
 *   go on to the route's or the instance's error handler.
 *
 * `validateRoute("POST /notifications")` is a `preValidation` hook checking a whole request against what the
 * OpenAPI document pairs with the route (docs/validating.md#route-level-validation).
 *
 * Only structural types are used, so the package does not need fastify installed.
 */
import { Readable } from "node:stream";
import { contentCodingOf, decodeContent } from "../http/content-encoding.js";
import { JsonSyntaxError, readJson } from "../json/read-json.js";
import {
  checkValue,
  DEFAULT_LIMIT,
  decodingRefusal,
  errorText,
  JSON_CONTENT_TYPE,
  listErrors,
  maxErrorsOption,
  resolveRoutes,
  resolveValidators,
  tooLarge,
  unreadable,
  UNSUPPORTED_ENCODING,
  type BodyCheck,
  type BodyRefusal,
  type BodyValidationOptions,
  type ErrorBody,
  type RouteValidator,
} from "./core.js";

export type { BodyValidationOptions, ErrorBody, RouteValidator, ValidationError, Validates } from "./core.js";

export interface SpecfirstFastifyOptions extends BodyValidationOptions {
  /** Replace the `application/json` parser by the strict reader (default true). */
  strictJson?: boolean;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- structural stand-ins for Fastify's types */
interface ReplyLike {
  code(status: number): ReplyLike;
  header(name: string, value: string): ReplyLike;
  send(payload?: unknown): ReplyLike;
}
type ErrorHandler = (this: any, error: any, request: any, reply: any) => any;
interface RouteOptionsLike {
  schema?: { body?: unknown; [part: string]: unknown };
  bodyLimit?: number;
  preParsing?: unknown;
  preValidation?: unknown;
  errorHandler?: ErrorHandler;
  [option: string]: any;
}
interface FastifyLike {
  initialConfig: { bodyLimit?: number };
  addHook(name: "onRoute", hook: (routeOptions: RouteOptionsLike) => void): unknown;
  hasContentTypeParser(type: string): boolean;
  removeContentTypeParser(type: string): unknown;
  addContentTypeParser(
    type: string,
    options: { parseAs: "buffer"; bodyLimit?: number },
    parser: (request: any, body: any, done: (error: Error | null, body?: unknown) => void) => void,
  ): unknown;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A request body as a preParsing hook gets it (the raw request), and as Fastify then reads what the hook returns. */
interface PayloadLike extends AsyncIterable<Uint8Array> {
  /** Node's `Readable.iterator`: lets decoding stop early without destroying the request and its socket. */
  iterator?(options: { destroyOnReturn: boolean }): AsyncIterable<Uint8Array>;
}

/**
 * The error the strict parser or the decoding hook hands Fastify for a body it cannot read; the route's error handler
 * answers it.
 */
class UnreadableBodyError extends Error {
  readonly statusCode: number;
  constructor(readonly check: Exclude<BodyCheck, { ok: true }> | BodyRefusal) {
    super(check.body.errors[0]?.message ?? "invalid JSON");
    this.name = "UnreadableBodyError";
    this.statusCode = check.status;
  }
}

/**
 * Status and body for the errors answered in the `{ errors }` shape on routes with a specfirst body schema, whose
 * body limit is `limit`; `closeConnection` when the body was left unread.
 */
function answerFor(
  error: unknown,
  limit: number,
): { status: number; body: ErrorBody; closeConnection?: boolean } | undefined {
  if (error instanceof UnreadableBodyError) return error.check;
  const refused = decodingRefusal(error, limit);
  if (refused !== undefined) return refused;
  const { code, statusCode, message } = (error ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof code !== "string" || !code.startsWith("FST_ERR_CTP_") || typeof statusCode !== "number") return undefined;
  if (statusCode === 413) return tooLarge(limit);
  // Fastify's other body errors (bad content-length, unsupported media type, empty JSON): its messages hold no body.
  const keyword = statusCode === 415 ? "contentType" : "json";
  return {
    status: statusCode,
    body: { errors: [{ pointer: "", message: typeof message === "string" ? message : "invalid body", keyword }] },
  };
}

function send(reply: ReplyLike, status: number, body: ErrorBody, closeConnection = false): ReplyLike {
  if (closeConnection) reply.header("connection", "close");
  return reply.code(status).header("content-type", JSON_CONTENT_TYPE).send(errorText(body));
}

/**
 * A preParsing hook decoding the body from its `Content-Encoding` (runtime/http/content-encoding.ts) up to `limit`
 * bytes received and decoded, for Fastify's body parsers to read; `receivedEncodedLength` (what Fastify compares
 * with `content-length` and its limit) counts the bytes received. An encoding that is not read is refused 415.
 */
function decodingHook(limit: number) {
  return async (
    request: { headers: Record<string, string | string[] | undefined> },
    _reply: unknown,
    payload: PayloadLike,
  ) => {
    const coding = contentCodingOf(request.headers["content-encoding"]);
    if (coding === undefined) throw new UnreadableBodyError(UNSUPPORTED_ENCODING);
    if (coding === "identity") return payload;
    const received = { bytes: 0 };
    const chunks = payload.iterator?.({ destroyOnReturn: false }) ?? payload;
    const decoded = Readable.from(
      decodeContent(chunks, coding, limit, (bytes) => (received.bytes += bytes)),
      { objectMode: false },
    );
    return Object.defineProperty(decoded, "receivedEncodedLength", { get: () => received.bytes });
  };
}

async function plugin(fastify: FastifyLike, options: SpecfirstFastifyOptions): Promise<void> {
  const maxErrors = maxErrorsOption(options.maxErrors);
  const validators = await resolveValidators(options);
  if (options.strictJson !== false) {
    if (fastify.hasContentTypeParser("application/json")) fastify.removeContentTypeParser("application/json");
    const bodyLimit = options.limit ?? fastify.initialConfig.bodyLimit;
    fastify.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", ...(bodyLimit === undefined ? {} : { bodyLimit }) },
      (_request, body: Uint8Array, done) => {
        let value: unknown;
        try {
          value = readJson(body);
        } catch (error) {
          if (error instanceof JsonSyntaxError)
            return done(new UnreadableBodyError(unreadable(error) as Exclude<BodyCheck, { ok: true }>));
          return done(error as Error);
        }
        done(null, value);
      },
    );
  }
  fastify.addHook("onRoute", (route) => {
    const name = route.schema?.body;
    if (typeof name !== "string") return;
    // An unknown name fails when the route is declared, not on a request.
    try {
      validators.validate(name, undefined);
    } catch {
      throw new TypeError(
        `specfirst: ${String(route.method)} ${String(route.url)} names the body schema "${name}", which does not exist`,
      );
    }
    const { body: _named, ...rest } = route.schema ?? {};
    route.schema = rest;
    if (options.limit !== undefined) route.bodyLimit ??= options.limit;
    // What Fastify reads at most on this route, whatever the content type: the 413 names it.
    const limit = route.bodyLimit ?? fastify.initialConfig.bodyLimit ?? DEFAULT_LIMIT;
    // Decoding first: the route's own preParsing hooks, and its parsers, see the decoded body.
    const parsing = route.preParsing;
    route.preParsing = [
      decodingHook(limit),
      ...(parsing === undefined ? [] : Array.isArray(parsing) ? parsing : [parsing]),
    ];
    const validateBody = async (request: { body: unknown }, reply: ReplyLike) => {
      const check = checkValue(validators, name, request.body, maxErrors);
      if (!check.ok) return send(reply, check.status, check.body);
      return undefined;
    };
    const existing = route.preValidation;
    route.preValidation =
      existing === undefined ? [validateBody] : [validateBody, ...(Array.isArray(existing) ? existing : [existing])];
    const previous = route.errorHandler;
    route.errorHandler = function (this: unknown, error, request, reply) {
      const answer = answerFor(error, limit);
      if (answer !== undefined)
        return send(reply as ReplyLike, answer.status, answer.body, answer.closeConnection === true);
      if (previous !== undefined) return previous.call(this, error, request, reply);
      throw error; // on to the instance's error handler
    };
  });
}

// Not encapsulated: the parser and the onRoute hook apply to the instance the plugin is registered on (what the
// fastify-plugin package does, without depending on it).
Object.assign(plugin, {
  [Symbol.for("skip-override")]: true,
  [Symbol.for("fastify.display-name")]: "specfirst",
  [Symbol.for("plugin-meta")]: { name: "specfirst", fastify: ">=4" },
});

/**
 * A `preValidation` hook checking a whole request against what the OpenAPI document pairs with `route`
 * (`"POST /notifications"`, the document's path as written, or an operationId): the body Fastify parsed (with the
 * plugin registered, by the strict reader) against the schema it names, each declared parameter of the URL, headers
 * and cookies by its style against its schema, and the credential present. An invalid request is answered
 * `{ errors }` (pointers `/body/...`, `/query/<name>`, ...): 401 when the credential is missing, else 400; at most
 * `maxErrors` errors (default 100) are listed, with `errorCount` when some are left out.
 *
 *   app.post("/notifications", { preValidation: validateRoute("POST /notifications") }, handler);
 */
export function validateRoute(
  route: string,
  options: { routes?: RouteValidator; maxErrors?: number } = {},
): (
  request: { body?: unknown; headers: Record<string, string | string[] | undefined>; url: string },
  reply: ReplyLike,
) => Promise<ReplyLike | undefined> {
  const maxErrors = maxErrorsOption(options.maxErrors);
  return async (request, reply) => {
    const routes = await resolveRoutes(options);
    const at = request.url.indexOf("?");
    const check = routes.validateRouteRequest(route, {
      body: request.body,
      headers: request.headers,
      query: at === -1 ? "" : request.url.slice(at + 1),
      path: at === -1 ? request.url : request.url.slice(0, at),
    });
    return check.valid ? undefined : send(reply, check.status, listErrors(check.errors, maxErrors));
  };
}

/** The plugin: `await app.register(specfirst, options)`. */
export const specfirst = plugin;
export default plugin;
