/**
 * `specfirst/express`: request body validation for Express (4 and 5) and anything with its middleware signature.
 *
 *   app.post("/messages", validateBody("message"), (req, res) => { ... req.body is a valid message ... });
 *
 * Without a body parser before it, the middleware reads the raw body itself with the strict reader (strict UTF-8,
 * BOM skipped, a repeated key is an error) up to `limit` bytes, decoded from its `Content-Encoding` (gzip, x-gzip,
 * deflate, br; the limit holds for the bytes received and decoded, as `express.json()` inflates), sets `req.body` to
 * the parsed value and `req.rawBody` to the decoded bytes. After `express.json()`, it validates the `req.body` that
 * parser made (which JSON.parse read: repeated keys then go unnoticed, so leave the parser out for the strict rules);
 * add `jsonErrors()` after your routes to answer that parser's own errors (bad JSON, too large) in the same shape.
 *
 * `validateRoute("POST /notifications")` checks a whole request against what the OpenAPI document pairs with the
 * route: the body against its schema, the declared parameters, the presence of the credential
 * (docs/validating.md#route-level-validation).
 *
 * Only structural types are used, so the package does not need express or its types installed.
 */
import {
  BodyRefusedError,
  checkBytes,
  checkValue,
  errorText,
  invalid,
  JSON_CONTENT_TYPE,
  limitOf,
  maxErrorsOption,
  readBody,
  resolveRoutes,
  resolveValidators,
  routeBody,
  tooLargeError,
  UNSUPPORTED_ENCODING,
  type BodyCheck,
  type BodyRefusal,
  type BodyValidationOptions,
  type RouteValidationOptions,
  type ValidationError,
} from "./core.js";

export type {
  BodyValidationOptions,
  ErrorBody,
  RouteValidationOptions,
  RouteValidator,
  ValidationError,
  Validates,
} from "./core.js";

/** The part of Node's IncomingMessage (and Express's request) the middleware uses. */
export interface RequestLike extends AsyncIterable<Uint8Array> {
  headers: Record<string, string | string[] | undefined>;
  /** True once the body stream was read to its end (by a body parser, say). */
  readableEnded?: boolean;
  /** Node's `Readable.iterator`: lets the read stop early without destroying the request and its socket. */
  iterator?(options: { destroyOnReturn: boolean }): AsyncIterable<Uint8Array>;
  body?: unknown;
  rawBody?: Uint8Array;
  /** The request target relative to the router's mount point (Express), or as received (node:http). */
  url?: string;
}

/** The part of Node's ServerResponse (and Express's response) the middleware uses. */
export interface ResponseLike {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(chunk?: string): unknown;
}

export type NextFunction = (error?: unknown) => void;
export type Middleware = (req: RequestLike, res: ResponseLike, next: NextFunction) => void;
export type ErrorMiddleware = (error: unknown, req: RequestLike, res: ResponseLike, next: NextFunction) => void;

/**
 * Sends the error answer; a body refused before its end (413, 415, or one that cannot be decoded) is left unread on
 * the connection, so the answer closes it (`Connection: close`).
 */
function answer(res: ResponseLike, check: Exclude<BodyCheck, { ok: true }> | BodyRefusal): void {
  res.statusCode = check.status;
  res.setHeader("content-type", JSON_CONTENT_TYPE);
  if (check.status === 413 || "closeConnection" in check) res.setHeader("connection", "close");
  res.end(errorText(check.body));
}

/**
 * Middleware validating the request body against the schema `name` (`message`, `notification`, `command`,
 * `config`, ...): a valid body goes on to the next handler unchanged; an invalid one, or one that is not JSON, has
 * invalid UTF-8 or a repeated key, is answered 400 `{ errors: [{ pointer, message, keyword }] }` (the first
 * `maxErrors`, default 100, and `errorCount` when some are left out: docs/validating.md#errors-listed), one longer
 * than `limit` (default 1 MiB, before or after decoding) 413, one in a content encoding that is not read 415 and one
 * that cannot be decoded 400 (keyword `contentEncoding`), all in the same shape; the next handler is then not called.
 */
export function validateBody(name: string, options: BodyValidationOptions = {}): Middleware {
  const limit = limitOf(options);
  const maxErrors = maxErrorsOption(options.maxErrors);
  return (req, res, next) => {
    const run = async () => {
      const validators = await resolveValidators(options);
      // A body parser before this one has read the stream (and set req.body, or left it undefined for a body it
      // does not parse, which then fails validation).
      if (req.readableEnded === true) return checkValue(validators, name, req.body, maxErrors);
      let bytes: Uint8Array;
      try {
        const length = req.headers["content-length"];
        // Stopping over the limit must not destroy the request: that resets the socket before the 413 is sent.
        const chunks = req.iterator?.({ destroyOnReturn: false }) ?? req;
        bytes = await readBody(chunks, limit, {
          contentLength: typeof length === "string" ? length : undefined,
          contentEncoding: req.headers["content-encoding"],
        });
      } catch (error) {
        if (error instanceof BodyRefusedError) return error.refusal;
        throw error;
      }
      const check = checkBytes(validators, name, bytes, limit, maxErrors);
      if (check.ok) {
        req.body = check.data;
        req.rawBody = bytes;
      }
      return check;
    };
    run().then(
      (check) => (check.ok ? next() : answer(res, check)),
      (error: unknown) => next(error),
    );
  };
}

/**
 * Middleware checking a whole request against what the OpenAPI document pairs with `route` (`"POST /notifications"`,
 * the document's path as written, or an operationId): the body against the schema it names (read as `validateBody`
 * reads it: strictly, up to `limit`; an empty body is no body), each declared parameter read from the URL, the
 * headers and the cookies by its style and checked against its schema, and the credential present. A valid request
 * goes on with `req.body` the parsed body; otherwise it is answered `{ errors }` with pointers naming the part
 * (`/body/from`, `/query/limit`, `/header/Authorization`): 401 when the credential is missing, else 400 (413, 415
 * as `validateBody`). An unknown route passes a `TypeError` to `next` on the first request.
 */
export function validateRoute(route: string, options: RouteValidationOptions = {}): Middleware {
  const limit = limitOf(options);
  const maxErrors = maxErrorsOption(options.maxErrors);
  return (req, res, next) => {
    const run = async () => {
      const routes = await resolveRoutes(options);
      let body: unknown;
      if (req.readableEnded === true) body = req.body;
      else {
        let bytes: Uint8Array;
        try {
          const length = req.headers["content-length"];
          const chunks = req.iterator?.({ destroyOnReturn: false }) ?? req;
          bytes = await readBody(chunks, limit, {
            contentLength: typeof length === "string" ? length : undefined,
            contentEncoding: req.headers["content-encoding"],
          });
        } catch (error) {
          if (error instanceof BodyRefusedError) return error.refusal;
          throw error;
        }
        const parsed = routeBody(bytes);
        if (!parsed.ok) return parsed;
        body = parsed.data;
        req.body = body;
        req.rawBody = bytes;
      }
      const target = req.url ?? "/";
      const at = target.indexOf("?");
      const path = at === -1 ? target : target.slice(0, at);
      const check = routes.validateRouteRequest(route, {
        body,
        headers: req.headers,
        query: at === -1 ? "" : target.slice(at + 1),
        path,
      });
      return check.valid ? ({ ok: true } as const) : invalid(check.status, check.errors, maxErrors);
    };
    run().then(
      (check) => {
        if (check.ok) return next();
        res.statusCode = check.status;
        res.setHeader("content-type", JSON_CONTENT_TYPE);
        if ("closeConnection" in check || check.status === 413) res.setHeader("connection", "close");
        res.end(errorText(check.body));
      },
      (error: unknown) => next(error),
    );
  };
}

/** What body-parser (`express.json()`) puts on its errors. */
interface ParserError {
  type?: unknown;
  status?: unknown;
  limit?: unknown;
}

/**
 * Error middleware answering the errors of `express.json()` in the shape of `validateBody`'s: a body that is not
 * JSON 400, one over the parser's limit 413, an unsupported charset or encoding 415. Other errors go on to the
 * next error handler. Install it after the routes: `app.use(jsonErrors())`.
 */
export function jsonErrors(): ErrorMiddleware {
  return (error, _req, res, next) => {
    const type = (error as ParserError | null)?.type;
    let status: number;
    let problem: ValidationError;
    if (type === "entity.parse.failed")
      [status, problem] = [400, { pointer: "", message: "invalid JSON", keyword: "json" }];
    else if (type === "entity.too.large") {
      const limit = (error as ParserError).limit;
      [status, problem] = [
        413,
        typeof limit === "number"
          ? tooLargeError(limit)
          : { pointer: "", message: "body exceeds the size limit", keyword: "maxBytes" },
      ];
    } else if (type === "encoding.unsupported")
      [status, problem] = [415, UNSUPPORTED_ENCODING.body.errors[0] as ValidationError];
    else if (type === "charset.unsupported")
      [status, problem] = [415, { pointer: "", message: "unsupported body encoding", keyword: "json" }];
    else return next(error);
    res.statusCode = status;
    res.setHeader("content-type", JSON_CONTENT_TYPE);
    res.end(errorText({ errors: [problem] }));
  };
}

declare global {
  // Express's own request type (`@types/express`) gets the bytes `validateBody` keeps: `req.rawBody`.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The body's bytes as received, set by `validateBody` (docs/validating.md#express-specfirstexpress). */
      rawBody?: Uint8Array;
    }
  }
}
