import { escapePointerSegment } from "../json/json-text.js";
import type { ValidationError } from "./result.js";

/** The part of an AJV error object the messages are built from. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
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
const enumMessages = new WeakMap<object, string>();
const constMessages = new Map<unknown, string>();
const formatMessages = new Map<string, string>();
const patternMessages = new WeakMap<PatternHints, Map<string, string>>();

function typeMessage(type: string): string {
  let message = typeMessages.get(type);
  if (message === undefined) {
    message = `must be ${type.split(",").map(article).join(" or ")}`;
    typeMessages.set(type, message);
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
 * beyond it (a hostile payload can make thousands), by a Set of keys, so the cost stays linear.
 */
const LINEAR_DEDUPE = 16;

const dedupeKey = (pointer: string, message: string) => `${pointer}\u0000${message}`;

/**
 * Turns AJV's errors into `{ pointer, message, keyword }`. The message names the rule in plain words and is built
 * from the schema only: it never quotes the payload, so no secret value can reach an error or a log. A missing or
 * unknown property is reported at the property's own pointer. `if` errors ("must match then schema") only repeat
 * the error inside the branch, so they are dropped; repeated (pointer, message) pairs are reported once. Two
 * `type` rules failing at one pointer (a text/plain message's number `content` breaks "a string" of the text/plain
 * document and "a string or an object" of the field) are one error naming what satisfies both ("must be a string").
 */
export function toErrors(ajvErrors: readonly AjvError[] | null | undefined, hints: PatternHints): ValidationError[] {
  const errors: ValidationError[] = [];
  if (ajvErrors == null) return errors;
  let seen: Set<string> | undefined;
  // The JSON types each `type` error allows, to merge a second `type` error at the same pointer into it.
  let typeLists: Map<ValidationError, string[]> | undefined;
  for (let i = 0; i < ajvErrors.length; i++) {
    const error = ajvErrors[i]!;
    const keyword = error.keyword;
    if (keyword === "if") continue;
    let pointer = error.instancePath;
    if (keyword === "required") pointer += requiredSegment(error.params.missingProperty);
    else if (keyword === "additionalProperties") pointer += `/${escapePointerSegment(String(error.params.additionalProperty))}`;
    if (keyword === "type") {
      const types = String(error.params.type).split(",");
      const earlier = errors.find((known) => known.pointer === pointer && known.keyword === "type");
      const common = earlier === undefined ? [] : commonTypes(typeLists?.get(earlier) ?? [], types);
      if (earlier !== undefined && common.length > 0) {
        typeLists?.set(earlier, common);
        earlier.message = `must be ${common.map(article).join(" or ")}`;
        seen?.add(dedupeKey(pointer, earlier.message));
        continue;
      }
      const message = messageOf(error, hints);
      if (errors.some((known) => known.pointer === pointer && known.message === message)) continue;
      const entry = { pointer, message, keyword };
      (typeLists ??= new Map()).set(entry, types);
      seen?.add(dedupeKey(pointer, message));
      errors.push(entry);
      continue;
    }
    const message = messageOf(error, hints);
    const count = errors.length;
    if (count > 0) {
      if (seen === undefined && count < LINEAR_DEDUPE) {
        let repeated = false;
        for (let k = 0; k < count; k++) {
          const known = errors[k]!;
          // messages are shared strings from the caches above, so equal ones are usually the same string
          if (known.message === message && known.pointer === pointer) {
            repeated = true;
            break;
          }
        }
        if (repeated) continue;
      } else {
        if (seen === undefined) {
          seen = new Set();
          for (const known of errors) seen.add(dedupeKey(known.pointer, known.message));
        }
        const key = dedupeKey(pointer, message);
        if (seen.has(key)) continue;
        seen.add(key);
      }
    }
    errors.push({ pointer, message, keyword });
  }
  return errors;
}
