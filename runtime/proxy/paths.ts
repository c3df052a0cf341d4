/**
 * Which declared operation a request is for, decided fail-closed: the proxy checks a request only at the exact
 * spelling of a declared path, and recognises every other spelling that an upstream router may read as that path (a
 * "variant"), so that `--enforce` can refuse it instead of forwarding it unchecked.
 *
 * A variant is found by reading the path the way the laxest common routers do, all at once: Express 5 (router 2,
 * case-insensitive and non-strict by default: `/MESSAGES`, `/messages/`), Fastify 5 (find-my-way: percent-decoded
 * paths, `ignoreTrailingSlash`, `ignoreDuplicateSlashes`, `caseSensitive: false`, `useSemicolonDelimiter`), Hono
 * (decoded paths, `strict: false`) and `new URL(req.url, base)` (dot segments, `%2e`, `\` as `/`, the fragment, a
 * leading `//` read as a host). The readings are a superset of theirs: percent-decoding repeated, matrix parameters
 * cut per segment and at the first `;`, a query or fragment cut after decoding too, Unicode compatibility forms and
 * case folded. A spelling that any reading maps onto a declared path, and that is not that path byte for byte, is a
 * variant. Found by test/proxy-routing.test.ts, which throws generated spellings at those routers.
 */
import { pathTemplate } from "../http/parameters.js";
import type { ProxyRoute } from "./routes.js";

/**
 * The operation a request is for: at its exact path (`exact`); at a variant spelling of its path or method
 * (`variant`, `reason` says which); at its exact path with a method the document does not declare there (`method`:
 * `allow` lists the declared ones); or none.
 */
export type RouteMatch =
  | { kind: "exact"; route: ProxyRoute }
  | { kind: "variant"; route: ProxyRoute; reason: string }
  | { kind: "method"; route: ProxyRoute; allow: readonly string[]; reason: string }
  | undefined;

/** The path of an origin-form request target (`/path?query`): everything before the first `?`. */
export function pathOf(target: string): string {
  const at = target.indexOf("?");
  return at === -1 ? target : target.slice(0, at);
}

/** The operation of `method` and `target` (an origin-form request target, as in `req.url`) among `routes`. */
export function matchRoute(routes: readonly ProxyRoute[], method: string, target: string): RouteMatch {
  const path = pathOf(target);
  const exact =
    routes.find((route) => route.method === method && route.path === path) ??
    mostLiteral(routes.filter((route) => route.method === method && fillsTemplate(route, path)));
  if (exact !== undefined) return { kind: "exact", route: exact };
  const atPath = routes.filter((route) => route.path === path || fillsTemplate(route, path));
  const upper = method.toUpperCase();
  if (atPath.length > 0 && !atPath.some((route) => route.method === upper)) {
    const allow = [...new Set(atPath.map((route) => route.method))];
    const reason = `method ${method} is not declared for ${path}: send ${allow.join(" or ")} ${path}`;
    return { kind: "method", route: atPath[0] as ProxyRoute, allow, reason };
  }
  const readings = readingsOf(path);
  const variant =
    routes.find((route) => route.method === upper && readings.has(fold(route.path))) ??
    mostLiteral(
      routes.filter(
        (route) =>
          route.method === upper &&
          route.path.includes("{") &&
          // The path as written counts too: a router may take `%2e%2e` or `a%2Fb` as a parameter's value.
          [fold(path), ...readings].some((reading) => pathTemplate(fold(route.path)).match(reading) !== undefined),
      ),
    ) ??
    routes.find((route) => readings.has(fold(route.path)));
  if (variant === undefined) return undefined;
  const what =
    variant.path === path
      ? `method ${method} is a variant of ${variant.method}`
      : `path ${shown(path)} is a variant of ${variant.path}`;
  return { kind: "variant", route: variant, reason: `${what}: send it as ${variant.method} ${variant.path}` };
}

/**
 * True when `path` fills the route's template (`/v1/acme/items/sku-1` for `/v1/{tenant}/items/{sku}`) with values no
 * router reads otherwise: none a dot segment (`.`, `..`, `%2e`), none holding an encoded `/` or `\` (`%2F`, `%5C`).
 * Such a path is a variant (an upstream router may resolve it to another path), found below.
 */
function fillsTemplate(route: ProxyRoute, path: string): boolean {
  const template = route.template ?? pathTemplate(route.path);
  if (template.literal) return false;
  const values = template.match(path);
  return (
    values !== undefined &&
    Object.values(values).every((value) => !/^(?:\.|%2e){1,2}$/i.test(value) && !/%2f|%5c/i.test(value))
  );
}

/** Of the routes whose templates a path fills, the one with the most literal text (a concrete path wins, as in OpenAPI). */
function mostLiteral(routes: readonly ProxyRoute[]): ProxyRoute | undefined {
  const literal = (route: ProxyRoute) => route.path.replace(/\{[^{}]+\}/g, "").length;
  return [...routes].sort((a, b) => literal(b) - literal(a))[0];
}

/** A path as quoted in a message: matrix parameters and a fragment elided (a session id may ride there). */
function shown(path: string): string {
  return path.replace(/;[^/]*/g, ";…").replace(/#.*$/s, "#…");
}

/** Case and Unicode compatibility forms folded, as a case-insensitive router (or a Unicode-aware regex) compares. */
function fold(path: string): string {
  return path.normalize("NFKC").toLowerCase();
}

/** Every path an upstream router may read `path` as (folded). */
function readingsOf(path: string): Set<string> {
  const readings = new Set<string>();
  let decoded = path;
  // Decoded up to three times: a router decodes once; more is a margin (a reading that matches is refused anyway).
  for (let round = 0; round < 4; round++) {
    const beforeFragment = cutAt(cutAt(decoded, "?"), "#");
    for (const reading of [beforeFragment, cutAt(beforeFragment, ";"), whatwgPath(decoded)])
      readings.add(fold(resolved(reading)));
    const next = percentDecoded(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return readings;
}

/**
 * The path `new URL(target, base)` gives, as a node:http service reads it: a target starting `//` (or `\\`) names a
 * host, and the path is what follows it (`//v1/configs/..` reads as `/`, with host `v1`).
 */
function whatwgPath(target: string): string {
  try {
    return new URL(target, "http://proxy.invalid").pathname;
  } catch {
    return target;
  }
}

function cutAt(text: string, delimiter: string): string {
  const at = text.indexOf(delimiter);
  return at === -1 ? text : text.slice(0, at);
}

/**
 * The path as WHATWG URL resolution and lax routers read it: `\` as `/`, tabs and newlines dropped, matrix
 * parameters cut from each segment, empty and `.` segments dropped, `..` removing the segment before it.
 */
function resolved(path: string): string {
  const segments: string[] = [];
  for (const raw of path
    .replace(/\\/g, "/")
    .replace(/[\t\n\r]/g, "")
    .split("/")) {
    const segment = cutAt(raw, ";");
    const dot = segment.toLowerCase().replace(/%2e/g, ".");
    if (dot === "" || dot === ".") continue;
    if (dot === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/** `%XX` sequences decoded as UTF-8 (invalid sequences become U+FFFD); anything else kept. */
function percentDecoded(text: string): string {
  if (!text.includes("%")) return text;
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
    new TextDecoder().decode(Uint8Array.from(run.slice(1).split("%"), (hex) => Number.parseInt(hex, 16))),
  );
}
