/**
 * Route-level validation: a request checked against what its OpenAPI document pairs with the route (`POST
 * /notifications`, or its operationId `sendNotification`): the request body against the schema the document names
 * for it, the declared parameters (required ones present, each read by its style and checked against its schema),
 * and the presence of the credential. The tables are generated (`routes` of `generated/<api>/validators.ts`); the
 * middleware's `validateRoute` (runtime/middleware) uses this. docs/validating.md#route-level-validation.
 */
import {
  parameterPointer,
  percentEncode,
  pathTemplate,
  queryPairsOf,
  readParameters,
  type ParameterDescriptor,
  type ParameterLocation,
} from "../http/parameters.js";
import { toErrors, type PatternHints } from "./error-messages.js";
import type { ValidationError, Validates } from "./result.js";
import type { CompiledValidator } from "./validator-set.js";

/** How an operation's credential travels, for a presence check (never its value). */
export interface RouteCredential {
  /** The security scheme's name: the client option (`accessKey`). */
  scheme: string;
  in: "header" | "query";
  /** The header or query parameter (`Authorization`). */
  name: string;
  /** What the value starts with (`Key `, `Bearer `, `Basic `); "" for a key sent as given. */
  prefix: string;
}

/** One operation of an API as a route: what its document pairs with it. */
export interface RouteEntry {
  /** Upper-case HTTP method. */
  method: string;
  /** The path as in the document (a template when it has parameters). */
  path: string;
  operationId: string;
  /** Validator name of the request body's schema; null for an operation without a request body. */
  body: string | null;
  bodyRequired: boolean;
  parameters: readonly ParameterDescriptor[];
  /** Checks `{ path, query, header, cookie }` against the parameters' schemas (compiled by AJV); absent without parameters. */
  checkParameters?: CompiledValidator;
  /** Null when the operation takes no credential. */
  credential: RouteCredential | null;
}

/** A request's parts, as a service has them. */
export interface RouteRequest {
  /** The parsed body (undefined for none). */
  body?: unknown;
  /** Header values by name (any case; a repeated header as an array), or a web `Headers`. */
  headers?: Readonly<Record<string, string | readonly string[] | undefined>> | HeadersLike | undefined;
  /** The raw query string (`?a=1&b=2` or `a=1`), a `URLSearchParams`, or values by name (Express's `req.query`). */
  query?: string | URLSearchParams | Readonly<Record<string, unknown>> | undefined;
  /**
   * The request's path (`/v1/acme/items/sku-1`, still percent-encoded; it may carry a prefix before the route's,
   * a router's mount point), or the path parameters' decoded values by name (a router's `params`).
   */
  path?: string | Readonly<Record<string, string | undefined>> | undefined;
}

/** The part of a web `Headers` the check reads. */
export interface HeadersLike {
  forEach(callback: (value: string, name: string) => void): void;
}

/** What a request carried of its parameters, read by their styles and typed (`{ query: { limit: 20 } }`). */
export type RouteParameters = { [L in ParameterLocation]: Record<string, unknown> };

/** Valid: the parameters as read. Invalid: every error, `pointer` naming the part (`/body/from`, `/query/limit`). */
export type RouteCheck =
  | { valid: true; route: RouteEntry; parameters: RouteParameters }
  | {
      valid: false;
      route: RouteEntry;
      errors: ValidationError[];
      /** 401 when the credential is missing, else 400. */
      status: 400 | 401;
    };

export interface RouteValidator {
  readonly routes: readonly RouteEntry[];
  /**
   * The route `METHOD /path` (the document's path, templated: `GET /v1/{tenant}/items/{sku}`) or an operationId.
   * @throws TypeError naming the known routes when there is none.
   */
  findRoute(route: string): RouteEntry;
  /** Checks a request against the route's body schema, parameters and credential. */
  validateRouteRequest(route: string | RouteEntry, request: RouteRequest): RouteCheck;
  /**
   * Checks parameter values as a caller gives them (`{ path, query, header, cookie }`, typed: `limit: 20`) against the
   * parameters' schemas; the errors, none when valid. A client with `validate: true` checks a call's `params` so.
   */
  validateParameters(route: string | RouteEntry, values: Partial<RouteParameters>): ValidationError[];
}

/** `/body` + a pointer into the body. */
const inBody = (error: ValidationError): ValidationError => ({ ...error, pointer: `/body${error.pointer}` });

/** Header values by lower-case name, a repeated one joined with `, `. */
function headersOf(headers: RouteRequest["headers"]): Record<string, string> {
  const found: Record<string, string> = {};
  if (headers === undefined) return found;
  const add = (value: string, name: string) => {
    const key = name.toLowerCase();
    found[key] = found[key] === undefined ? value : `${found[key]}, ${value}`;
  };
  if (typeof (headers as HeadersLike).forEach === "function" && !Array.isArray(headers)) {
    (headers as HeadersLike).forEach(add);
    return found;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (typeof value === "string") add(value, name);
    else if (Array.isArray(value)) for (const item of value as readonly string[]) add(item, name);
  }
  return found;
}

/** The query as one raw string. */
function queryOf(query: RouteRequest["query"]): string {
  if (query === undefined) return "";
  if (typeof query === "string") return query;
  if (query instanceof URLSearchParams) return query.toString();
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === "string") params.append(name, value);
    else if (Array.isArray(value))
      for (const item of value as unknown[]) if (typeof item === "string") params.append(name, item);
  }
  return params.toString();
}

/** Header values under the names the document declares them by (a caller may write `x-request-id`). */
function headerValuesByName(route: RouteEntry, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    const declared = route.parameters.find(
      (parameter) => parameter.in === "header" && parameter.name.toLowerCase() === name.toLowerCase(),
    );
    values[declared?.name ?? name] = value;
  }
  return values;
}

/** The raw text of each path parameter: matched from the request's path (its end), or the values given, encoded. */
function pathValuesOf(route: RouteEntry, path: RouteRequest["path"]): Record<string, string> {
  if (path === undefined) return {};
  if (typeof path !== "string")
    return Object.fromEntries(
      Object.entries(path).flatMap(([name, value]) => (value === undefined ? [] : [[name, percentEncode(value)]])),
    );
  const template = pathTemplate(route.path);
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  for (let at = 0; at !== -1; at = bare.indexOf("/", at + 1)) {
    const found = template.match(bare.slice(at));
    if (found !== undefined) return found;
  }
  return {};
}

function credentialProblem(
  credential: RouteCredential,
  headers: Record<string, string>,
  query: string,
): ValidationError | undefined {
  const value =
    credential.in === "header"
      ? headers[credential.name.toLowerCase()]
      : queryPairsOf(query).find(([name]) => name === credential.name)?.[1];
  const present = value !== undefined && value.trim() !== "";
  if (present && (credential.prefix === "" || value.toLowerCase().startsWith(credential.prefix.toLowerCase())))
    return undefined;
  const pointer = parameterPointer(credential);
  if (!present) {
    const where = `${credential.in} ${credential.in === "header" ? credential.name : `parameter ${credential.name}`}`;
    return {
      pointer,
      message: `is required: the credential of security scheme ${credential.scheme} (${where}${credential.prefix === "" ? "" : `, ${credential.prefix}<key>`})`,
      keyword: "credential",
    };
  }
  return { pointer, message: `must start with ${JSON.stringify(credential.prefix)}`, keyword: "credential" };
}

/**
 * Finds a route by `METHOD /path` (the method in any case, spaces around it) or by operationId (the first API's
 * when two share one); a name seen once is looked up directly after.
 */
function routeFinder(routes: readonly RouteEntry[]): (name: string) => RouteEntry {
  const byKey = new Map<string, RouteEntry>();
  for (const route of routes) {
    byKey.set(`${route.method} ${route.path}`, route);
    if (!byKey.has(route.operationId)) byKey.set(route.operationId, route);
  }
  return (name) => {
    const known = byKey.get(name);
    if (known !== undefined) return known;
    const [method = "", ...rest] = name.trim().split(/\s+/);
    const found = byKey.get(rest.length === 0 ? name.trim() : `${method.toUpperCase()} ${rest.join(" ")}`);
    if (found === undefined)
      throw new TypeError(
        `Unknown route ${JSON.stringify(name)}; expected METHOD /path or an operationId of: ${routes.map((route) => `${route.method} ${route.path}`).join(", ")}`,
      );
    byKey.set(name, found);
    return found;
  };
}

/**
 * The route validator over `routes` and the validators their bodies name. `patternHints`: the wording of pattern
 * errors (the validator set's).
 */
export function createRouteValidator(
  routes: readonly RouteEntry[],
  validators: Validates,
  patternHints: PatternHints = {},
): RouteValidator {
  const findRoute = routeFinder(routes);
  /** The parameters' schema errors of `values`. */
  const parameterErrors = (route: RouteEntry, values: RouteParameters): ValidationError[] => {
    const check = route.checkParameters;
    if (check === undefined) return [];
    try {
      if (check(values)) return [];
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return [{ pointer: "", message: "is nested too deeply to validate", keyword: "depth" }];
    }
    return toErrors(check.errors, patternHints);
  };
  return Object.freeze({
    routes,
    findRoute,
    validateParameters(name: string | RouteEntry, values: Partial<RouteParameters>): ValidationError[] {
      const route = typeof name === "string" ? findRoute(name) : name;
      return parameterErrors(route, {
        path: values.path ?? {},
        query: values.query ?? {},
        header: headerValuesByName(route, values.header ?? {}),
        cookie: values.cookie ?? {},
      });
    },
    validateRouteRequest(name: string | RouteEntry, request: RouteRequest): RouteCheck {
      const route = typeof name === "string" ? findRoute(name) : name;
      const errors: ValidationError[] = [];
      const headers = headersOf(request.headers);
      const query =
        request.query === undefined || typeof request.query === "string"
          ? (request.query ?? "")
          : queryOf(request.query);
      const missing = route.credential === null ? undefined : credentialProblem(route.credential, headers, query);
      if (missing !== undefined) errors.push(missing);
      // An operation without parameters reads none (the common case: no allocation per request).
      const read =
        route.parameters.length === 0
          ? { values: { path: {}, query: {}, header: {}, cookie: {} }, problems: [] }
          : readParameters(route.parameters, { path: pathValuesOf(route, request.path), query, headers });
      errors.push(...read.problems);
      errors.push(...parameterErrors(route, read.values));
      if (route.body === null) {
        if (request.body !== undefined)
          errors.push({
            pointer: "/body",
            message: "must be absent: the operation takes no request body",
            keyword: "body",
          });
      } else if (request.body === undefined) {
        if (route.bodyRequired) errors.push({ pointer: "/body", message: "is required", keyword: "required" });
      } else {
        const result = validators.validate(route.body, request.body);
        if (!result.valid) errors.push(...result.errors.map(inBody));
      }
      if (errors.length === 0) return { valid: true, route, parameters: read.values };
      return {
        valid: false,
        route,
        errors,
        status: errors.some((error) => error.keyword === "credential") ? 401 : 400,
      };
    },
  });
}

/** One route validator over several APIs' (the aggregate `specfirst/validators`). */
export function combineRouteValidators(validators: readonly RouteValidator[]): RouteValidator {
  const owners = new Map<RouteEntry, RouteValidator>();
  for (const validator of validators) for (const route of validator.routes) owners.set(route, validator);
  const routes = validators.flatMap((validator) => validator.routes);
  const findRoute = routeFinder(routes);
  const ownerOf = (route: RouteEntry): RouteValidator => {
    const owner = owners.get(route);
    if (owner === undefined) throw new TypeError(`the route ${route.method} ${route.path} is no route of these APIs`);
    return owner;
  };
  return Object.freeze({
    routes,
    findRoute,
    validateParameters(name: string | RouteEntry, values: Partial<RouteParameters>): ValidationError[] {
      const route = typeof name === "string" ? findRoute(name) : name;
      return ownerOf(route).validateParameters(route, values);
    },
    validateRouteRequest(name: string | RouteEntry, request: RouteRequest): RouteCheck {
      const route = typeof name === "string" ? findRoute(name) : name;
      const owner = owners.get(route);
      if (owner === undefined) throw new TypeError(`the route ${route.method} ${route.path} is no route of these APIs`);
      return owner.validateRouteRequest(route, request);
    },
  });
}
