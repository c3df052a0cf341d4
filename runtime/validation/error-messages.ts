import { escapePointerSegment } from "../json/json-text.js";
import type { ValidationError } from "./result.js";

/** The part of an AJV error object the messages are built from. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /**
   * Set by the generated validators on an error inside a field whose document depends on another field (`content`
   * of a select message): the value that selected the document (`application/vnd.lime.select+json`), always one of
   * the schema's own cases, never a value of the payload.
   */
  document?: string;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const FORMAT_NAMES: Readonly<Record<string, string>> = { "date-time": "an ISO 8601 date-time (e.g. 2026-12-01T13:30:00Z)" };

/** Patterns longer than this are not quoted in messages: the hint says what they check. */
const LONG_PATTERN = 200;

/** Pattern → what it checks in plain words (from the description of the field it belongs to). */
export type PatternHints = Readonly<Record<string, string>>;

/**
 * Messages depend only on the schema (keyword and params), so each distinct one is built once and reused: the error
 * path then allocates no string per error. The caches hold one entry per distinct rule of the schemas (a `const`
 * value, a pattern, a format, a type list), never anything of the payload.
 */
const typeMessages = new Map<string, string>();
const typeLists = new Map<string, readonly string[]>();
const enumMessages = new WeakMap<object, string>();
const constMessages = new Map<unknown, string>();
const formatMessages = new Map<string, string>();
const patternMessages = new WeakMap<PatternHints, Map<string, string>>();
/** document → message → the message naming the document; and each such message → [message, document]. */
const documentMessages = new Map<string, Map<string, string>>();
const namedDocuments = new Map<string, readonly [message: string, document: string]>();

/** `message` followed by the document it was checked as: "must be an integer (checked as the … document)". */
function inDocument(message: string, document: string): string {
  let byMessage = documentMessages.get(document);
  if (byMessage === undefined) {
    byMessage = new Map();
    documentMessages.set(document, byMessage);
  }
  let named = byMessage.get(message);
  if (named === undefined) {
    named = `${message} (checked as the ${document} document)`;
    byMessage.set(message, named);
    namedDocuments.set(named, [message, document]);
  }
  return named;
}

/** The message of a `type` rule allowing `types` (AJV's comma-separated list), and the reverse: message → its list. */
function typeMessage(types: string): string {
  let message = typeMessages.get(types);
  if (message === undefined) {
    const list = types.split(",");
    message = `must be ${list.map(article).join(" or ")}`;
    typeMessages.set(types, message);
    typeLists.set(message, list);
  }
  return message;
}

function patternMessage(pattern: string, hints: PatternHints): string {
  let byPattern = patternMessages.get(hints);
  if (byPattern === undefined) {
    byPattern = new Map();
    patternMessages.set(hints, byPattern);
  }
  let message = byPattern.get(pattern);
  if (message === undefined) {
    const hint = Object.hasOwn(hints, pattern) ? hints[pattern] : undefined;
    // A long pattern (the media-type spelling rule lists every known type in both cases) is named by its hint only.
    message = hint === undefined ? `must match the pattern ${pattern}` : pattern.length > LONG_PATTERN ? `must match its pattern (${hint})` : `must match the pattern ${pattern} (${hint})`;
    byPattern.set(pattern, message);
  }
  return message;
}

function constMessage(value: unknown): string {
  // a primitive `const` of a schema is cached by value; an object or array one (rare) is built each time
  const cacheable = value === null || typeof value !== "object";
  let message = cacheable ? constMessages.get(value) : undefined;
  if (message === undefined) {
    message = `must be ${JSON.stringify(value)}`;
    if (cacheable) constMessages.set(value, message);
  }
  return message;
}

function formatMessage(format: string): string {
  let message = formatMessages.get(format);
  if (message === undefined) {
    message = `must be ${FORMAT_NAMES[format] ?? `a valid ${format}`}`;
    formatMessages.set(format, message);
  }
  return message;
}

function messageOf(error: AjvError, hints: PatternHints): string {
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return "is not allowed here (unknown property)";
    case "type":
      return typeMessage(String(params.type));
    case "enum": {
      const allowed = params.allowedValues as unknown[];
      let message = enumMessages.get(allowed);
      if (message === undefined) {
        message = `must be one of ${allowed.join(", ")}`;
        enumMessages.set(allowed, message);
      }
      return message;
    }
    case "false schema":
      // `"status": false` in a command request, `"id": false` in an observe command: the field must be absent.
      return "is not allowed here";
    case "const":
      return constMessage(params.allowedValue);
    case "pattern":
      return patternMessage(String(params.pattern), hints);
    case "format":
      return formatMessage(String(params.format));
    default:
      return error.message ?? `breaks the "${error.keyword}" rule`;
  }
}

/** The JSON types both lists allow (`integer` is a `number`), in the order of the first. */
function commonTypes(first: readonly string[], second: readonly string[]): string[] {
  const allows = (list: readonly string[], type: string) => list.includes(type) || (type === "integer" && list.includes("number"));
  const common = first.filter((type) => allows(second, type));
  for (const type of second) if (type === "integer" && first.includes("number") && !common.includes("integer")) common.push(type);
  return common;
}

/** `/<escaped name>` of each property a schema requires (a name from the schema, never from the payload). */
const requiredSegments = new Map<unknown, string>();

function requiredSegment(name: unknown): string {
  let segment = requiredSegments.get(name);
  if (segment === undefined) {
    segment = `/${escapePointerSegment(String(name))}`;
    requiredSegments.set(name, segment);
  }
  return segment;
}

/**
 * Up to this many errors, a repeated (pointer, message) pair is found by comparing with the errors kept so far;
 * beyond it (a hostile payload can make thousands), by a Map keyed by pointer, so the cost stays linear.
 */
const LINEAR_DEDUPE = 16;

/**
 * When `error` (a `type` error already kept) and a second `type` rule at its pointer allowing `types` have JSON
 * types in common, narrows `error` to them and returns true.
 */
function mergeTypes(error: ValidationError, types: string, document: string | undefined): boolean {
  const [own, ownDocument] = namedDocuments.get(error.message) ?? [error.message, document];
  const common = commonTypes(typeLists.get(own) ?? [], typeLists.get(typeMessage(types)) ?? []);
  if (common.length === 0) return false;
  const merged = typeMessage(common.join(","));
  error.message = ownDocument === undefined ? merged : inDocument(merged, ownDocument);
  return true;
}

/** Whether `kept` already says what a new error would (its pointer and message), merging two `type` rules. */
function covers(kept: ValidationError, pointer: string, message: string, error: AjvError): boolean {
  // (messages are shared strings from the caches above, so most of these comparisons are of identical strings)
  if (kept.message === message) return kept.pointer === pointer;
  return error.keyword === "type" && kept.keyword === "type" && kept.pointer === pointer && mergeTypes(kept, String(error.params.type), error.document);
}

/**
 * Turns AJV's errors into `{ pointer, message, keyword }`. The message names the rule in plain words and is built
 * from the schema only: it never quotes the payload, so no secret value can reach an error or a log. A missing or
 * unknown property is reported at the property's own pointer. `if` errors ("must match then schema") only repeat
 * the error inside the branch, so they are dropped; repeated (pointer, message) pairs are reported once. Two
 * `type` rules failing at one pointer (a text/plain message's number `content` breaks "a string" of the text/plain
 * document and "a string or an object" of the field) are one error naming what satisfies both ("must be a string").
 * An error tagged with a `document` says which document it was checked against.
 * This runs on every invalid payload: messages come from caches and the common case allocates only the results.
 */
export function toErrors(ajvErrors: readonly AjvError[] | null | undefined, hints: PatternHints): ValidationError[] {
  const errors: ValidationError[] = [];
  if (ajvErrors == null) return errors;
  // pointer → the errors kept there, once there are too many errors to compare with each
  let byPointer: Map<string, ValidationError[]> | undefined;
  next: for (let i = 0; i < ajvErrors.length; i++) {
    const error = ajvErrors[i]!;
    const keyword = error.keyword;
    if (keyword === "if") continue;
    let pointer = error.instancePath;
    if (keyword === "required") pointer += requiredSegment(error.params.missingProperty);
    else if (keyword === "additionalProperties") pointer += `/${escapePointerSegment(String(error.params.additionalProperty))}`;
    const document = error.document;
    const message = document === undefined ? messageOf(error, hints) : inDocument(messageOf(error, hints), document);
    const entry = { pointer, message, keyword };
    if (byPointer === undefined) {
      const count = errors.length;
      for (let k = 0; k < count; k++) if (covers(errors[k]!, pointer, message, error)) continue next;
      errors.push(entry);
      if (count + 1 === LINEAR_DEDUPE) {
        byPointer = new Map();
        for (const kept of errors) {
          const here = byPointer.get(kept.pointer);
          if (here === undefined) byPointer.set(kept.pointer, [kept]);
          else here.push(kept);
        }
      }
      continue;
    }
    const here = byPointer.get(pointer);
    if (here === undefined) byPointer.set(pointer, [entry]);
    else {
      for (const kept of here) if (covers(kept, pointer, message, error)) continue next;
      here.push(entry);
    }
    errors.push(entry);
  }
  return errors;
}
