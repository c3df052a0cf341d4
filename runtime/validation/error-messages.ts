import { escapePointerSegment } from "../json/json-text.js";
import type { ValidationError } from "./result.js";

/**
 * The words of validation errors. The generated validators build each error object as `{ pointer, message,
 * keyword }` with its message already written (generator/emit/validators/error-objects.ts calls `ruleMessage` while
 * AJV compiles them), and the part of the pointer its check wrote (`ReportedError`), so an invalid payload costs one
 * object per error and one copy of the errors returned. What is left for run time is here: the pattern hints (they
 * come from descriptions, which must not reach the compiled code), naming the document an error was checked
 * against, item pointers, and `toErrors`, which drops, merges and deduplicates.
 *
 * Every message is built from the schema only: none quotes the payload, so no secret value can reach an error or a
 * log. The caches below hold one entry per distinct rule of the schemas (and item pointers: the schema's text and
 * an index), never anything of the payload.
 */

/** Pattern → what it checks in plain words (from the description of the field it belongs to). */
export type PatternHints = Readonly<Record<string, string>>;

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const typeMessage = (types: readonly string[]) => `must be ${types.map(article).join(" or ")}`;
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  "date-time": "an ISO 8601 date-time (e.g. 2026-12-01T13:30:00Z)",
};
const PATTERN = "must match the pattern ";

/** Patterns longer than this are not quoted in messages: the hint says what they check. */
const LONG_PATTERN = 200;

/**
 * The message of a broken rule, from its keyword and the keyword's value in the schema; undefined for a keyword
 * these words do not cover (AJV's own message is used for those: "must be >= 0", "must NOT have fewer than 1
 * items"). Called when the validators are compiled, never at run time.
 */
export function ruleMessage(keyword: string, value: unknown): string | undefined {
  switch (keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return "is not allowed here (unknown property)";
    case "false schema":
      // `"status": false` in a command request, `"id": false` in an observe command: the field must be absent.
      return "is not allowed here";
    case "type":
      return typeMessage(Array.isArray(value) ? value.map(String) : [String(value)]);
    case "enum":
      return Array.isArray(value) ? `must be one of ${value.join(", ")}` : undefined;
    case "const":
      return `must be ${JSON.stringify(value)}`;
    case "pattern":
      return `${PATTERN}${String(value)}`;
    case "format":
      return `must be ${FORMAT_NAMES[String(value)] ?? `a valid ${String(value)}`}`;
    default:
      return undefined;
  }
}

/** document → message → the message naming the document; and each such message → [message, document]. */
const documentMessages = new Map<string, Map<string, string>>();
const namedDocuments = new Map<string, readonly [message: string, document: string]>();
let lastDocument: string | undefined;
let lastMessages: Map<string, string> | undefined;

/**
 * `message` followed by the document it was checked as: "must be an integer (checked as the … document)". Called
 * by the generated validators on the errors of a field whose document another field selects (`content` by `type`),
 * with a media type of the schema's own cases, never a value of the payload. A message that already names a
 * document (of a nested dispatch) names the outer one instead.
 */
export function inDocument(message: string, document: string): string {
  // (the errors of a branch are named one after the other, so the document is usually the last one named)
  let byMessage = document === lastDocument ? lastMessages : documentMessages.get(document);
  if (byMessage === undefined) {
    byMessage = new Map();
    documentMessages.set(document, byMessage);
  }
  lastDocument = document;
  lastMessages = byMessage;
  let named = byMessage.get(message);
  if (named === undefined) {
    const base = namedDocuments.get(message)?.[0];
    if (base !== undefined) return inDocument(base, document);
    named = `${message} (checked as the ${document} document)`;
    byMessage.set(message, named);
    namedDocuments.set(named, [message, document]);
  }
  return named;
}

/** Hints → compiled pattern message (plain, or naming a document) → the message with the pattern's hint, as met. */
const hintedMessages = new WeakMap<PatternHints, Map<string, string>>();

/** `message` with the hint of the pattern it quotes, keeping the document it names; itself when there is none. */
function withHint(message: string, hints: PatternHints): string {
  let hinted = hintedMessages.get(hints);
  if (hinted === undefined) {
    hinted = new Map();
    hintedMessages.set(hints, hinted);
  }
  let result = hinted.get(message);
  if (result === undefined) {
    const named = namedDocuments.get(message);
    result = named === undefined ? hintOf(message, hints) : inDocument(hintOf(named[0], hints), named[1]);
    hinted.set(message, result);
  }
  return result;
}

/** A pattern message with its hint; a long pattern (the media-type spelling rule lists every known type in both cases) is named by its hint only. */
function hintOf(message: string, hints: PatternHints): string {
  if (!message.startsWith(PATTERN)) return message;
  const pattern = message.slice(PATTERN.length);
  if (!Object.hasOwn(hints, pattern)) return message;
  return pattern.length > LONG_PATTERN
    ? `must match its pattern (${hints[pattern]})`
    : `${message} (${hints[pattern]})`;
}

/** The JSON types of a `type` message ("must be a string or an object" → string, object). */
const typeLists = new Map<string, readonly string[]>();

function typesOf(message: string): readonly string[] {
  let list = typeLists.get(message);
  if (list === undefined) {
    list = message
      .slice("must be ".length)
      .split(" or ")
      .map((words) => words.replace(/^an? /, ""));
    typeLists.set(message, list);
  }
  return list;
}

/** The JSON types both lists allow (`integer` is a `number`), in the order of the first. */
function commonTypes(first: readonly string[], second: readonly string[]): string[] {
  const allows = (list: readonly string[], type: string) =>
    list.includes(type) || (type === "integer" && list.includes("number"));
  const common = first.filter((type) => allows(second, type));
  for (const type of second)
    if (type === "integer" && first.includes("number") && !common.includes("integer")) common.push(type);
  return common;
}

/**
 * When `kept` (a `type` error) and a second `type` error at its pointer have JSON types in common, narrows `kept` to
 * them and returns true. Either may name a document; the merged message keeps it.
 */
function mergeTypes(kept: ValidationError, message: string): boolean {
  const [keptTypes, document] = namedDocuments.get(kept.message) ?? [kept.message, namedDocuments.get(message)?.[1]];
  const common = commonTypes(typesOf(keptTypes), typesOf(namedDocuments.get(message)?.[0] ?? message));
  if (common.length === 0) return false;
  kept.message = document === undefined ? typeMessage(common) : inDocument(typeMessage(common), document);
  return true;
}

/**
 * An error as a generated validator builds it: `relative` is its pointer as the check that reported it wrote it,
 * before any caller put its own pointer in front (`withPointerPrefix` only prepends, so `pointer` always ends with
 * `relative`). `toErrors` returns the errors without it.
 */
export interface ReportedError extends ValidationError {
  readonly relative: string;
}

/**
 * Whether two errors of one message are at one pointer. Two pointers of one length whose `relative` parts have one
 * length and differ end differently, so they differ: found without comparing the whole pointers, which a caller's
 * prefix made into strings V8 copies flat before it compares them (about 100 ns a pair; the items of one array
 * failing one rule, `/content/options/1/order` and `/2/order`, are the usual case). Item pointers are flat strings
 * (`itemPointer`), so comparing them is cheap.
 */
function samePointer(kept: ReportedError, error: ReportedError): boolean {
  if (kept.pointer.length !== error.pointer.length) return false;
  const keptEnd = kept.relative;
  const end = error.relative;
  if (keptEnd.length === end.length && keptEnd !== end) return false;
  return kept.pointer === error.pointer;
}

/** Whether `kept` already says what `error` says (its pointer and message), merging two `type` rules. */
function covers(kept: ReportedError, error: ReportedError): boolean {
  // (messages are shared strings, so most of these comparisons are of identical strings)
  if (kept.message === error.message) return samePointer(kept, error);
  return (
    error.keyword === "type" &&
    kept.keyword === "type" &&
    kept.pointer === error.pointer &&
    mergeTypes(kept, error.message)
  );
}

/**
 * Up to this many errors, a repeated (pointer, message) pair is found by comparing with the errors kept so far;
 * beyond it (a hostile payload can make thousands), by a Map keyed by pointer, so the cost stays linear.
 */
const LINEAR_DEDUPE = 16;

/**
 * The errors `validate()` returns, from those of a generated validator's call (`check.errors`, an array that call
 * made: it is compacted in place and returned, each error as `{ pointer, message, keyword }`). `if` errors ("must
 * match then schema") only repeat the error inside the branch, so they are dropped; repeated (pointer, message)
 * pairs are reported once; a pattern's message gets its hint. Two `type` rules failing at one pointer (a text/plain message's number `content` breaks "a string" of the
 * text/plain document and "a string or an object" of the field) are one error naming what satisfies both ("must be
 * a string").
 */
export function toErrors(errors: ReportedError[] | null | undefined, hints: PatternHints): ValidationError[] {
  if (errors == null) return [];
  let count = 0;
  // pointer → the errors kept there, once there are too many errors to compare with each
  let byPointer: Map<string, ReportedError[]> | undefined;
  next: for (let i = 0; i < errors.length; i++) {
    const error = errors[i]!;
    const keyword = error.keyword;
    if (keyword === "if") continue;
    if (keyword === "pattern") error.message = withHint(error.message, hints);
    if (byPointer === undefined) {
      for (let k = 0; k < count; k++) if (covers(errors[k]!, error)) continue next;
      errors[count++] = error;
      if (count === LINEAR_DEDUPE) {
        byPointer = new Map();
        for (let k = 0; k < count; k++) {
          const kept = errors[k]!;
          const here = byPointer.get(kept.pointer);
          if (here === undefined) byPointer.set(kept.pointer, [kept]);
          else here.push(kept);
        }
      }
      continue;
    }
    const here = byPointer.get(error.pointer);
    if (here === undefined) byPointer.set(error.pointer, [error]);
    else {
      for (const kept of here) if (covers(kept, error)) continue next;
      here.push(error);
    }
    errors[count++] = error;
  }
  if (count < errors.length) errors.length = count;
  // the errors as `validate()` returns them, without `relative`
  const result = errors as ValidationError[];
  for (let i = 0; i < count; i++) {
    const { pointer, message, keyword } = errors[i]!;
    result[i] = { pointer, message, keyword };
  }
  return result;
}

/**
 * Called by a generated validator for each error it reports: the error `{ pointer, message, keyword }` appended to
 * the validator's list, which is made on the first error (`null` until then), and the list returned. One shared
 * function in place of the same object literal and append at each of the validators' hundreds of checks keeps the
 * generated code, which every process parses before its first validation, smaller
 * (generator/emit/validators/error-objects.ts). Only the error path calls it.
 */
export function pushError(
  errors: ReportedError[] | null,
  pointer: string,
  message: string,
  keyword: string,
): ReportedError[] {
  const error: ReportedError = { pointer, message, keyword, relative: pointer };
  if (errors === null) return [error];
  errors.push(error);
  return errors;
}

/** How many items of each array the item pointers are kept for (`itemPointer`). */
const ITEM_POINTER_INDEXES = 64;

/** head → tail → index → the item pointer, for the first `ITEM_POINTER_INDEXES` items. */
const itemPointers = new Map<string, Map<string, string[]>>();
let lastItemHead: string | undefined;
let lastItemTail: string | undefined;
let lastItemPointers: string[] = [];

/**
 * Called by a generated validator for the pointer of an error about an item of an array, `head` + `index` + `tail`
 * (`/options/` + 2 + `/order`), the head and tail written in the generated code. The pointer of one of the first 64
 * items is made once and kept, as one flat string: `toErrors` compares the pointers of two items failing one rule
 * (`samePointer`), and a string made by concatenation is a tree V8 copies flat before comparing it. The cache holds
 * the schema's own text and indexes, never anything of the payload; it is bounded by the generated code's sites.
 */
export function itemPointer(head: string, index: number, tail = ""): string {
  if (index >= ITEM_POINTER_INDEXES) return head + String(index) + tail;
  // (the items of one array are usually reported one after the other, by one site)
  if (head !== lastItemHead || tail !== lastItemTail) {
    let byTail = itemPointers.get(head);
    if (byTail === undefined) itemPointers.set(head, (byTail = new Map()));
    let pointers = byTail.get(tail);
    if (pointers === undefined) byTail.set(tail, (pointers = []));
    lastItemHead = head;
    lastItemTail = tail;
    lastItemPointers = pointers;
  }
  // (`join` makes one flat string, where `+` would make a tree of the three)
  return (lastItemPointers[index] ??= [head, index, tail].join(""));
}

/** The JSON types a `type` rule names, each with a `push<Type>TypeError` below. */
export const JSON_TYPES = ["string", "object", "array", "integer", "number", "boolean", "null"] as const;

/**
 * `pushError` of the `type` error "must be <type>" at `pointer`: one per JSON type, so a check passes its pointer
 * alone; or, for an item of an array, its pointer's parts, `itemPointer(pointer, index, tail)`. The message is
 * written at the first such error, not when the module loads: a process that never sees an invalid payload never
 * runs `ruleMessage` (docs/performance.md, Cold start).
 */
const typeErrorPusher = (type: (typeof JSON_TYPES)[number]) => {
  let message: string | undefined;
  return (errors: ReportedError[] | null, pointer: string, index?: number, tail?: string): ReportedError[] =>
    pushError(
      errors,
      index === undefined ? pointer : itemPointer(pointer, index, tail),
      (message ??= ruleMessage("type", type) as string),
      "type",
    );
};

/**
 * Called by a generated validator for a value of the wrong JSON type under a `type` rule naming one type (370 of
 * the 455 error sites of the Config validators): the same error as `pushError(errors, pointer, ruleMessage("type",
 * type), "type")`, with two arguments fewer at each site, code every process parses before its first validation
 * (generator/emit/validators/error-objects.ts).
 */
export const pushStringTypeError = /* @__PURE__ */ typeErrorPusher("string");
export const pushObjectTypeError = /* @__PURE__ */ typeErrorPusher("object");
export const pushArrayTypeError = /* @__PURE__ */ typeErrorPusher("array");
export const pushIntegerTypeError = /* @__PURE__ */ typeErrorPusher("integer");
export const pushNumberTypeError = /* @__PURE__ */ typeErrorPusher("number");
export const pushBooleanTypeError = /* @__PURE__ */ typeErrorPusher("boolean");
export const pushNullTypeError = /* @__PURE__ */ typeErrorPusher("null");

/**
 * Called by a generated validator for a property it types as a string and does not require: the errors as they were
 * when `value` (the property's value, `undefined` when absent) is absent or a string, otherwise with
 * `pushStringTypeError`'s error at `pointer` + `suffix` (joined on the error path only). One call in place of AJV's
 * two nested tests at each of these sites keeps the generated code smaller
 * (generator/emit/validators/optional-type-checks.ts).
 */
export function checkOptionalString(
  errors: ReportedError[] | null,
  value: unknown,
  pointer: string,
  suffix: string,
): ReportedError[] | null {
  return value === undefined || typeof value === "string" ? errors : pushStringTypeError(errors, pointer + suffix);
}

/** `checkOptionalString` for a property typed as a boolean: `pushBooleanTypeError`'s error when it is not one. */
export function checkOptionalBoolean(
  errors: ReportedError[] | null,
  value: unknown,
  pointer: string,
  suffix: string,
): ReportedError[] | null {
  return value === undefined || typeof value === "boolean" ? errors : pushBooleanTypeError(errors, pointer + suffix);
}

/** `ruleMessage("additionalProperties", false)`, written at the first unknown key (as `typeErrorPusher`'s messages). */
let unknownPropertyMessage: string | undefined;

/**
 * Called by a generated validator for each key of the payload an object closed by `additionalProperties: false`
 * does not list: `pushError` of the error about that key (`pointer`, the object's, then the key as a pointer
 * segment). One call in place of the pointer concatenation, message and keyword at each of the closed objects keeps
 * the generated code smaller (generator/emit/validators/error-objects.ts).
 */
export function pushUnknownProperty(errors: ReportedError[] | null, pointer: string, key: string): ReportedError[] {
  unknownPropertyMessage ??= ruleMessage("additionalProperties", false) as string;
  return pushError(errors, `${pointer}/${escapePointerSegment(key)}`, unknownPropertyMessage, "additionalProperties");
}

/**
 * Called by a generated validator after a call to another schema's validator failed: the callee's errors (already
 * below the caller's pointer, `withPointerPrefix`) appended to the caller's list, or the callee's list itself when
 * the caller has none yet; the list returned. Only the error path calls it (generator/emit/validators/plain-calls.ts).
 */
export function appendErrors(errors: ReportedError[] | null, calleeErrors: ReportedError[]): ReportedError[] {
  if (errors === null) return calleeErrors;
  for (let i = 0; i < calleeErrors.length; i++) errors.push(calleeErrors[i]!);
  return errors;
}

/**
 * Called by a generated validator when a call to another schema's validator failed: the callee's errors (pointers
 * from its own root) get the caller's pointer `prefix` in front, and the call counts as failed. Only the error path
 * builds these strings (generator/emit/validators/plain-calls.ts).
 */
export function withPointerPrefix(callee: { errors?: ReportedError[] | null }, prefix: string): false {
  const errors = callee.errors;
  if (errors != null && prefix !== "")
    for (let i = 0; i < errors.length; i++) errors[i]!.pointer = prefix + errors[i]!.pointer;
  return false;
}

/**
 * Called by a generated validator after a call to another schema's validator failed: `withPointerPrefix` of the
 * callee's errors, then `appendErrors` of them, in one call at each of the validators' calls (one argument list of
 * code instead of two, generator/emit/validators/plain-calls.ts); the list returned. Only the error path calls it.
 */
export function appendCalleeErrors(
  errors: ReportedError[] | null,
  callee: { errors?: ReportedError[] | null },
  prefix: string,
): ReportedError[] {
  withPointerPrefix(callee, prefix);
  return appendErrors(errors, callee.errors!);
}

/**
 * Called by a lenient validator that is the plain one with its errors of one keyword dropped
 * (generator/emit/validators/units.ts `lenientByDroppingErrors`): the plain validator's errors without those of
 * `keyword`, in their order, or null when none is left (the payload is valid for the lenient validator).
 */
export function withoutKeyword(errors: ReportedError[] | null | undefined, keyword: string): ReportedError[] | null {
  const kept = errors?.filter((error) => error.keyword !== keyword) ?? [];
  return kept.length === 0 ? null : kept;
}
