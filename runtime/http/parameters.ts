/**
 * The parameters of an operation (path, query, header, cookie) on the wire, by the OpenAPI rules of `style` and
 * `explode` (OpenAPI 3.1 section 4.8.12.4, "Style Values"): written by the client (`writeParameters`), read back by
 * the route validator, the middleware and the sandbox (`readParameters`), and a templated path matched
 * (`matchPathTemplate`). One home for every rule of a parameter's wire form; docs/client.md#parameters.
 */

export type ParameterLocation = "path" | "query" | "header" | "cookie";
export type ParameterStyle = "simple" | "label" | "matrix" | "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
/** A JSON Schema type a parameter's schema allows. */
export type ParameterType = "string" | "number" | "integer" | "boolean" | "array" | "object" | "null";

/** One parameter of an operation, as data (`generated/<api>/client.ts`, `generated/<api>/validators.ts`). */
export interface ParameterDescriptor {
  name: string;
  in: ParameterLocation;
  /** Always true for a path parameter. */
  required: boolean;
  style: ParameterStyle;
  explode: boolean;
  /** Query only: reserved characters (RFC 3986 `:/?#[]@!$&'()*+,;=`) are sent as they are. */
  allowReserved?: boolean;
  /** The types its schema allows (every type when it does not say): how a wire value is read back. */
  types: readonly ParameterType[];
  /** For an array: the types its items allow. */
  itemTypes?: readonly ParameterType[];
}

/** A value a parameter may take: a primitive, an array of primitives, or an object of primitives. */
export type ParameterValue =
  | string
  | number
  | boolean
  | null
  | readonly (string | number | boolean)[]
  | Readonly<Record<string, string | number | boolean>>;

/** The parameters of one call or one request, by location, each by name. */
export interface ParameterValues {
  path?: Readonly<Record<string, unknown>> | undefined;
  query?: Readonly<Record<string, unknown>> | undefined;
  header?: Readonly<Record<string, unknown>> | undefined;
  cookie?: Readonly<Record<string, unknown>> | undefined;
}

/** A problem with one parameter: its pointer (`/query/limit`), in plain words, never quoting the value. */
export interface ParameterProblem {
  pointer: string;
  message: string;
  keyword: string;
}

export const PARAMETER_LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

/** `/query/limit`: where a parameter's problems point. */
export const parameterPointer = (parameter: Pick<ParameterDescriptor, "in" | "name">): string =>
  `/${parameter.in}/${parameter.name.replace(/~/g, "~0").replace(/\//g, "~1")}`;

/**
 * Percent-encodes a text for a URL: every byte but RFC 3986's unreserved characters (letters, digits, `-._~`), and
 * with `allowReserved` its reserved ones too, as UTF-8.
 */
export function percentEncode(text: string, allowReserved = false): string {
  const encoded = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return allowReserved
    ? encoded.replace(/%(3A|2F|3F|23|5B|5D|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/g, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    : encoded;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A primitive as text: strings as they are, numbers and booleans as JSON writes them. */
function primitiveText(value: unknown, where: string): string {
  if (typeof value === "string") return value;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  throw new TypeError(`${where} must be a string, a finite number, a boolean, or an array or object of those`);
}

/** The value's parts: `[name, value]` pairs of an object, the items of an array, or the one primitive. */
function partsOf(
  value: unknown,
  where: string,
):
  | { kind: "primitive"; text: string }
  | { kind: "array"; items: string[] }
  | { kind: "object"; entries: [string, string][] } {
  if (Array.isArray(value))
    return { kind: "array", items: value.map((item, index) => primitiveText(item, `${where}[${index}]`)) };
  if (isRecord(value))
    return {
      kind: "object",
      entries: Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, primitiveText(item, `${where}.${key}`)]),
    };
  return { kind: "primitive", text: primitiveText(value, where) };
}

/** A path parameter's segment text (simple, label or matrix), percent-encoded. */
function pathText(parameter: ParameterDescriptor, value: unknown, where: string): string {
  const parts = partsOf(value, where);
  const enc = (text: string) => percentEncode(text);
  const name = enc(parameter.name);
  const { style, explode } = parameter;
  if (parts.kind === "primitive") {
    if (style === "label") return `.${enc(parts.text)}`;
    if (style === "matrix") return `;${name}=${enc(parts.text)}`;
    return enc(parts.text);
  }
  if (parts.kind === "array") {
    const items = parts.items.map(enc);
    if (style === "label") return `.${items.join(explode ? "." : ",")}`;
    if (style === "matrix")
      return explode ? items.map((item) => `;${name}=${item}`).join("") : `;${name}=${items.join(",")}`;
    return items.join(",");
  }
  const pairs = parts.entries.map(([key, item]) => [enc(key), enc(item)] as const);
  const flat = pairs.flatMap(([key, item]) => [key, item]).join(",");
  const joined = (separator: string) => pairs.map(([key, item]) => `${key}=${item}`).join(separator);
  if (style === "label") return explode ? `.${joined(".")}` : `.${flat}`;
  if (style === "matrix") return explode ? `;${joined(";")}` : `;${name}=${flat}`;
  return explode ? joined(",") : flat;
}

/** A query parameter's `name=value` pairs (form, spaceDelimited, pipeDelimited, deepObject), percent-encoded. */
function queryPairs(parameter: ParameterDescriptor, value: unknown, where: string): string[] {
  const parts = partsOf(value, where);
  const reserved = parameter.allowReserved === true;
  const enc = (text: string) => percentEncode(text, reserved);
  const name = percentEncode(parameter.name);
  const { style, explode } = parameter;
  if (parts.kind === "primitive") return [`${name}=${enc(parts.text)}`];
  if (parts.kind === "array") {
    if (explode) return parts.items.map((item) => `${name}=${enc(item)}`);
    const separator = style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "%7C" : ",";
    return [`${name}=${parts.items.map(enc).join(separator)}`];
  }
  if (style === "deepObject") return parts.entries.map(([key, item]) => `${name}%5B${enc(key)}%5D=${enc(item)}`);
  if (explode) return parts.entries.map(([key, item]) => `${percentEncode(key)}=${enc(item)}`);
  return [`${name}=${parts.entries.flatMap(([key, item]) => [enc(key), enc(item)]).join(",")}`];
}

/** A header's value (simple): not percent-encoded; refused when a header cannot carry it. */
function headerText(parameter: ParameterDescriptor, value: unknown, where: string): string {
  const parts = partsOf(value, where);
  const text =
    parts.kind === "primitive"
      ? parts.text
      : parts.kind === "array"
        ? parts.items.join(",")
        : parts.entries.map(([key, item]) => (parameter.explode ? `${key}=${item}` : `${key},${item}`)).join(",");
  if (/[^\t\x20-\x7e\x80-\xff]/.test(text))
    throw new TypeError(
      `${where} cannot be sent in a header: it holds a line break, a control character or a character beyond U+00FF`,
    );
  return text;
}

/** A cookie's `name=value` pairs (form), percent-encoded. */
function cookiePairs(parameter: ParameterDescriptor, value: unknown, where: string): string[] {
  const parts = partsOf(value, where);
  const name = percentEncode(parameter.name);
  if (parts.kind === "primitive") return [`${name}=${percentEncode(parts.text)}`];
  if (parts.kind === "array")
    return parameter.explode
      ? parts.items.map((item) => `${name}=${percentEncode(item)}`)
      : [`${name}=${parts.items.map((item) => percentEncode(item)).join(",")}`];
  return parameter.explode
    ? parts.entries.map(([key, item]) => `${percentEncode(key)}=${percentEncode(item)}`)
    : [`${name}=${parts.entries.flatMap(([key, item]) => [percentEncode(key), percentEncode(item)]).join(",")}`];
}

/** What a request carries of its parameters: the path with its template filled, the query, headers and a cookie. */
export interface WrittenParameters {
  path: string;
  /** `a=1&b=2`, or "" for none. */
  query: string;
  headers: Record<string, string>;
  /** The `Cookie` header's value, or "" for none. */
  cookie: string;
}

/** Looks a parameter's value up in the values of its location (a header's name case-insensitively). */
function valueOf(parameter: ParameterDescriptor, values: ParameterValues): unknown {
  const group = values[parameter.in];
  if (!isRecord(group)) return undefined;
  if (parameter.in !== "header") return Object.hasOwn(group, parameter.name) ? group[parameter.name] : undefined;
  const lower = parameter.name.toLowerCase();
  const key = Object.keys(group).find((name) => name.toLowerCase() === lower);
  return key === undefined ? undefined : group[key];
}

/**
 * The problems of a call's parameters before anything is written: a required one missing (`keyword: "required"`),
 * or one the operation does not declare (`keyword: "parameter"`). Fail closed: a parameter the document does not
 * know is not sent silently.
 */
export function parameterProblems(
  parameters: readonly ParameterDescriptor[],
  values: ParameterValues,
): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  for (const parameter of parameters) {
    if (parameter.required && valueOf(parameter, values) === undefined)
      problems.push({ pointer: parameterPointer(parameter), message: "is required", keyword: "required" });
  }
  for (const location of PARAMETER_LOCATIONS) {
    const group = values[location];
    if (group === undefined) continue;
    if (!isRecord(group)) {
      problems.push({ pointer: `/${location}`, message: "must be an object of parameter values", keyword: "type" });
      continue;
    }
    for (const name of Object.keys(group)) {
      const declared = parameters.some(
        (parameter) =>
          parameter.in === location &&
          (location === "header" ? parameter.name.toLowerCase() === name.toLowerCase() : parameter.name === name),
      );
      if (!declared && group[name] !== undefined)
        problems.push({
          pointer: parameterPointer({ in: location, name }),
          message: `is not a ${location} parameter of this operation`,
          keyword: "parameter",
        });
    }
  }
  return problems;
}

/**
 * Writes a call's parameters where the document puts them: each `{name}` of `pathTemplate` replaced by its
 * percent-encoded value, the query pairs, the headers and the cookie. A value left undefined is not sent; a value
 * that cannot be written (a nested object, a header with a line break) throws a `TypeError` naming the parameter,
 * never quoting the value. Call `parameterProblems` first: a missing path parameter throws here too.
 */
export function writeParameters(
  pathTemplate: string,
  parameters: readonly ParameterDescriptor[],
  values: ParameterValues,
): WrittenParameters {
  const query: string[] = [];
  const cookies: string[] = [];
  const headers: Record<string, string> = {};
  const pathValues = new Map<string, string>();
  for (const parameter of parameters) {
    const value = valueOf(parameter, values);
    if (value === undefined) continue;
    const where = `params.${parameter.in}.${parameter.name}`;
    if (parameter.in === "path") pathValues.set(parameter.name, pathText(parameter, value, where));
    else if (parameter.in === "query") query.push(...queryPairs(parameter, value, where));
    else if (parameter.in === "header") headers[parameter.name] = headerText(parameter, value, where);
    else cookies.push(...cookiePairs(parameter, value, where));
  }
  const path = pathTemplate.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const text = pathValues.get(name);
    if (text === undefined) throw new TypeError(`params.path.${name} is required`);
    return text;
  });
  return { path, query: query.join("&"), headers, cookie: cookies.join("; ") };
}

/** A path template as a matcher: literal segments compared byte for byte, each `{name}` one segment or more. */
export interface PathTemplate {
  template: string;
  /** The names of its parameters, in order. */
  names: readonly string[];
  /** The raw (still percent-encoded) text of each parameter when `path` matches, else undefined. */
  match(path: string): Record<string, string> | undefined;
  /** True when the template has no parameter. */
  literal: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const templates = new Map<string, PathTemplate>();

/**
 * The matcher of a templated path (`/v1/{tenant}/items/{sku}`): a parameter takes the text up to the next `/` (one
 * non-empty run without `/`, `?` or `#`), so `/v1/acme/items/sku-1` gives `{ tenant: "acme", sku: "sku-1" }`.
 */
export function pathTemplate(template: string): PathTemplate {
  const known = templates.get(template);
  if (known !== undefined) return known;
  const names: string[] = [];
  const source = template
    .split(/(\{[^{}]+\})/)
    .map((piece) => {
      const name = /^\{([^{}]+)\}$/.exec(piece)?.[1];
      if (name === undefined) return escapeRegExp(piece);
      names.push(name);
      return "([^/?#]+)";
    })
    .join("");
  const pattern = new RegExp(`^${source}$`);
  const compiled: PathTemplate = {
    template,
    names,
    literal: names.length === 0,
    match(path) {
      const found = pattern.exec(path);
      if (found === null) return undefined;
      return Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? ""]));
    },
  };
  templates.set(template, compiled);
  return compiled;
}

/** `%XX` decoded as UTF-8; undefined for a text that is not valid percent-encoding of UTF-8. */
function percentDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A wire text read as the types a parameter allows: a number, a boolean or null where the schema wants one. */
function typed(text: string, types: readonly ParameterType[]): unknown {
  if (types.includes("string") || types.length === 0) return text;
  if (
    (types.includes("integer") || types.includes("number")) &&
    /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)
  )
    return Number(text);
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("null") && text === "null") return null;
  // Left as text: the parameter's validator reports the type it expected.
  return text;
}

const structured = (parameter: ParameterDescriptor): "array" | "object" | undefined =>
  parameter.types.length === 1 && (parameter.types[0] === "array" || parameter.types[0] === "object")
    ? parameter.types[0]
    : undefined;

/** Items split at `separator`, each decoded (`decode`) and typed by the array's item types. */
function arrayOf(
  texts: readonly string[],
  parameter: ParameterDescriptor,
  decode: (text: string) => string | undefined,
): unknown[] | undefined {
  const items: unknown[] = [];
  for (const text of texts) {
    const decoded = decode(text);
    if (decoded === undefined) return undefined;
    items.push(typed(decoded, parameter.itemTypes ?? []));
  }
  return items;
}

/** `k,v,k2,v2` or `k=v,k2=v2` pairs as an object of texts. */
function objectOf(
  texts: readonly string[],
  exploded: boolean,
  decode: (text: string) => string | undefined,
): Record<string, string> | undefined {
  const entries: [string, string][] = [];
  if (exploded) {
    for (const text of texts) {
      const at = text.indexOf("=");
      const key = decode(at === -1 ? text : text.slice(0, at));
      const value = decode(at === -1 ? "" : text.slice(at + 1));
      if (key === undefined || value === undefined) return undefined;
      entries.push([key, value]);
    }
  } else {
    for (let index = 0; index + 1 < texts.length; index += 2) {
      const key = decode(texts[index] as string);
      const value = decode(texts[index + 1] as string);
      if (key === undefined || value === undefined) return undefined;
      entries.push([key, value]);
    }
  }
  return Object.fromEntries(entries);
}

/** A path parameter's value from its raw segment text (simple, label, matrix). */
function readPathValue(parameter: ParameterDescriptor, raw: string): unknown {
  let text = raw;
  const { style, explode } = parameter;
  const kind = structured(parameter);
  if (style === "label") {
    if (!text.startsWith(".")) return undefined;
    text = text.slice(1);
    const separator = explode ? "." : ",";
    if (kind === "array") return arrayOf(text.split(separator), parameter, percentDecode);
    if (kind === "object") return objectOf(text.split(explode ? "." : ","), explode, percentDecode);
  } else if (style === "matrix") {
    const prefix = `;${percentEncode(parameter.name)}=`;
    if (kind === "array" && explode) {
      const pieces = text.split(";").slice(1);
      if (!pieces.every((piece) => `;${piece}`.startsWith(prefix))) return undefined;
      return arrayOf(
        pieces.map((piece) => piece.slice(prefix.length - 1)),
        parameter,
        percentDecode,
      );
    }
    if (kind === "object" && explode) return objectOf(text.split(";").slice(1), true, percentDecode);
    if (!text.startsWith(prefix)) return undefined;
    text = text.slice(prefix.length);
    if (kind === "array") return arrayOf(text.split(","), parameter, percentDecode);
    if (kind === "object") return objectOf(text.split(","), false, percentDecode);
  } else {
    if (kind === "array") return arrayOf(text.split(","), parameter, percentDecode);
    if (kind === "object") return objectOf(text.split(","), explode, percentDecode);
  }
  const decoded = percentDecode(text);
  return decoded === undefined ? undefined : typed(decoded, parameter.types);
}

/** Query pairs `[name, value]` of a raw query string, decoded as a form is (`+` is a space). */
export function queryPairsOf(query: string): [string, string][] {
  const text = query.startsWith("?") ? query.slice(1) : query;
  return [...new URLSearchParams(text)];
}

/** A query parameter's value from the decoded query pairs. */
function readQueryValue(parameter: ParameterDescriptor, pairs: readonly [string, string][]): unknown {
  const kind = structured(parameter);
  const same = (text: string) => text;
  if (kind === "object" && parameter.style === "deepObject") {
    const prefix = `${parameter.name}[`;
    const entries = pairs
      .filter(([name]) => name.startsWith(prefix) && name.endsWith("]"))
      .map(([name, value]) => [name.slice(prefix.length, -1), value] as const);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  const own = pairs.filter(([name]) => name === parameter.name).map(([, value]) => value);
  if (kind === "object" && parameter.explode) {
    // Each property is a pair of its own: every pair whose name is no other declared parameter's is the caller's to judge.
    return undefined;
  }
  if (own.length === 0) return undefined;
  if (kind === "array") {
    if (parameter.explode) return arrayOf(own, parameter, same);
    const separator = parameter.style === "spaceDelimited" ? " " : parameter.style === "pipeDelimited" ? "|" : ",";
    return arrayOf(
      own.flatMap((text) => text.split(separator)),
      parameter,
      same,
    );
  }
  if (kind === "object") return objectOf((own[0] as string).split(","), false, same);
  return typed(own[own.length - 1] as string, parameter.types);
}

/** What a request gave of the parameters' locations, as the frameworks hand it over. */
export interface RequestParameterParts {
  /** The raw text of each path parameter (still percent-encoded), by name. */
  path: Readonly<Record<string, string>>;
  /** The raw query string (with or without its `?`). */
  query: string;
  /** Header values by lower-case name (repeated headers joined with `, `). */
  headers: Readonly<Record<string, string>>;
}

/**
 * The parameters of a request, read back by the rules they were written with: `{ path, query, header, cookie }`,
 * each value typed as its schema says where the wire text allows it (`"20"` → `20` for an integer), the rest left
 * as text for the validator to judge. A text that is not valid percent-encoding is a problem of its own.
 */
export function readParameters(
  parameters: readonly ParameterDescriptor[],
  parts: RequestParameterParts,
): { values: Required<{ [L in ParameterLocation]: Record<string, unknown> }>; problems: ParameterProblem[] } {
  const values = { path: {}, query: {}, header: {}, cookie: {} } as Required<{
    [L in ParameterLocation]: Record<string, unknown>;
  }>;
  const problems: ParameterProblem[] = [];
  let pairs: [string, string][] | undefined;
  let cookies: Map<string, string> | undefined;
  for (const parameter of parameters) {
    let value: unknown;
    if (parameter.in === "path") {
      const raw = parts.path[parameter.name];
      if (raw === undefined) continue;
      value = readPathValue(parameter, raw);
      if (value === undefined) {
        problems.push({
          pointer: parameterPointer(parameter),
          message: `is not written as a ${parameter.style} path parameter of valid percent-encoded UTF-8`,
          keyword: "style",
        });
        continue;
      }
    } else if (parameter.in === "query") {
      pairs ??= queryPairsOf(parts.query);
      value = readQueryValue(parameter, pairs);
    } else if (parameter.in === "header") {
      const text = parts.headers[parameter.name.toLowerCase()];
      if (text === undefined) continue;
      const kind = structured(parameter);
      const items = text.split(",").map((item) => item.trim());
      value =
        kind === "array"
          ? arrayOf(items, parameter, (item) => item)
          : kind === "object"
            ? objectOf(items, parameter.explode, (item) => item)
            : typed(text, parameter.types);
    } else {
      cookies ??= cookiesOf(parts.headers.cookie ?? "");
      const text = cookies.get(parameter.name);
      if (text === undefined) continue;
      const decoded = percentDecode(text);
      value = decoded === undefined ? undefined : typed(decoded, parameter.types);
    }
    if (value !== undefined) values[parameter.in][parameter.name] = value;
  }
  return { values, problems };
}

/** The cookies of a `Cookie` header, by name (the first of a repeated name). */
function cookiesOf(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const piece of header.split(";")) {
    const at = piece.indexOf("=");
    if (at === -1) continue;
    const name = piece.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, piece.slice(at + 1).trim());
  }
  return cookies;
}
