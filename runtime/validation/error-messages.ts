import { escapePointerSegment } from "../json/json-text.js";
import type { ValidationError } from "./result.js";

/**
 * The words of validation errors. The generated validators build each error object as `{ pointer, message,
 * keyword }` with its message already written (generator/emit/validators/error-objects.ts calls `ruleMessage` while
 * AJV compiles them), its pointer the one its check wrote (`ReportedError`), so an invalid payload costs one object
 * per error and one copy of the errors returned. What is left for run time is here: the pattern hints (they come
 * from descriptions, which must not reach the compiled code), naming the document an error was checked against,
 * item pointers, nesting a failed callee's errors below the caller's pointer (`NestedErrors`), and `toErrors`, which
 * builds the pointers, drops, merges and deduplicates.
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
 * An error as a generated validator builds it: `relative` is its pointer as the check that reported it wrote it, from
 * the root of the data that validator was called on; `pointer` is the same, or, once a caller copied the error into
 * its own list (`appendCalleeErrors`, a few errors only), with the caller's pointer in front (so it always ends with
 * `relative`). `toErrors` returns the errors without `relative`.
 */
export interface ReportedError extends ValidationError {
  readonly relative: string;
}

/**
 * A generated validator's errors: its own, those of the validators it called when they were few (copied), and one
 * `NestedErrors` for each call that failed with more.
 */
export type ReportedErrors = (ReportedError | NestedErrors)[];

/**
 * A failed callee's list of at most this many errors, none nested, is copied into its caller's with the caller's
 * pointer put in front of each (the errors of most invalid payloads: a few, a level or two down, compared cheaply
 * once flat); a longer one goes in as one `NestedErrors`. A caller's work on its callee's errors is bounded either
 * way, so an invalid tree n levels deep costs O(errors + n), where prefixing every error at every level cost
 * O(errors × n) (docs/validating.md#errors).
 */
const COPIED_ERRORS = 4;

/** Whether `errors` are few enough to copy into a caller's list (`COPIED_ERRORS`), none nested. */
function fewToCopy(errors: ReportedErrors): errors is ReportedError[] {
  if (errors.length > COPIED_ERRORS) return false;
  for (let i = 0; i < errors.length; i++) if (errors[i] instanceof NestedErrors) return false;
  return true;
}

/**
 * The errors of a failed call to another schema's validator, below the caller's pointer `prefix`: a caller handles
 * its callee's errors as this one object, whatever their number and depth, and `toErrors` puts the callers' pointers
 * in front of each, once.
 */
export class NestedErrors {
  /** The document a dispatch names in the messages of these errors (`nameDocument`); an outer one wins. */
  document: string | undefined;
  readonly prefix: string;
  readonly errors: ReportedErrors;
  /** Errors of this keyword are left out (a lenient validator's, `withoutKeyword`). */
  readonly dropped: string | undefined;

  constructor(prefix: string, errors: ReportedErrors, dropped?: string) {
    this.document = undefined;
    this.prefix = prefix;
    this.errors = errors;
    this.dropped = dropped;
  }
}

/**
 * A list of errors `toErrors` walks, with where its data is: `place` is the list whose prefix last moved the pointer
 * (itself, or its parent's place for a call on the same data), so two errors of one place have one pointer exactly
 * when the parts their checks wrote are equal.
 */
class Level {
  /** The index of the next error to read in `errors`. */
  next = 0;
  readonly place: Level;
  readonly pointer: string;
  /** `hashPointer` of `pointer`; -1 until needed (`placeHash`). */
  hash: number;

  constructor(
    readonly errors: ReportedErrors,
    readonly parent: Level | undefined,
    readonly prefix: string,
    readonly document: string | undefined,
    readonly dropped: readonly string[],
  ) {
    if (parent === undefined) {
      this.place = this;
      this.pointer = prefix;
      this.hash = hashPointer(POINTER_HASH_SEED, prefix);
    } else if (prefix !== "") {
      this.place = this;
      this.pointer = parent.pointer + prefix;
      this.hash = -1;
    } else {
      this.place = parent.place;
      this.pointer = parent.pointer;
      this.hash = -1;
    }
  }
}

/**
 * A seed per process for the hashes of pointers, which only pick the pointers worth comparing whole: no payload can
 * be written to make many pointers collide.
 */
const POINTER_HASH_SEED = Math.floor(Math.random() * 2 ** 30);

/**
 * `hash` continued over the characters of `text` (FNV-1a, kept to 30 bits: a small integer, which V8 stores unboxed):
 * the hash of a pointer does not depend on where it was cut.
 */
function hashPointer(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) & 0x3fffffff;
  return hash;
}

/** The hash of `place.pointer`, computing those of the places above it that lack one (iteratively: any depth). */
function placeHash(place: Level): number {
  if (place.hash !== -1) return place.hash;
  const above = place.parent!.place;
  if (above.hash !== -1) return (place.hash = hashPointer(above.hash, place.prefix));
  const pending: Level[] = [place];
  let known = above;
  while (known.hash === -1) {
    pending.push(known);
    known = known.parent!.place;
  }
  let hash = known.hash;
  for (let i = pending.length - 1; i >= 0; i--) hash = pending[i]!.hash = hashPointer(hash, pending[i]!.prefix);
  return hash;
}

/**
 * Up to this many errors kept, a repeated (pointer, message) pair is found by comparing with each; beyond it (a
 * hostile payload can make thousands), through tables, so the cost stays linear.
 */
const LINEAR_DEDUPE = 16;

/**
 * Beyond this many errors kept with pointers of one length (the items of a wide array, the nodes of a wide tree),
 * those errors are found through the hashes of their pointers rather than compared one by one.
 */
const LENGTH_CHAIN = 8;

/** The key of the pointer `relative` below a place of hash `placeHash`: its hash. */
const pointerKey = (placeHash: number, relative: string): number => hashPointer(placeHash, relative);

/**
 * An empty open-addressing table for `entries` entries: at most half full, its size a power of 2. A slot holds an
 * entry or nothing (a hole, which V8 allocates without writing each slot).
 */
function emptyTable(entries: number): (number | undefined)[] {
  let size = 32;
  while (size < 2 * entries) size *= 2;
  return new Array<number | undefined>(size);
}

/** The first empty slot of `table` from the slot of `key`. */
function freeSlot(table: readonly (number | undefined)[], key: number): number {
  const mask = table.length - 1;
  let slot = key & mask;
  while (table[slot] !== undefined) slot = (slot + 1) & mask;
  return slot;
}

/** No indexes (shared, never written: `KeptErrors` makes its own arrays once it needs them). */
const NO_INDEXES: number[] = [];

/**
 * The errors kept by `toErrors`, with what tells their pointers apart cheaply: each one's place and the part of its
 * pointer its check wrote (`relative`). Past `LINEAR_DEDUPE` errors, a table by pointer length finds the errors a new
 * one may repeat (a length is known without reading the pointer, and the errors of a deep tree have pointers of many
 * lengths); the errors of a length met more than `LENGTH_CHAIN` times go into a table by the hash of their pointer
 * (`pointerKey`), so hashing pointers is paid only for them.
 */
class KeptErrors {
  readonly errors: ValidationError[] = [];
  /** Of each error kept, its place and the part of its pointer its check wrote: `[place, relative, place, …]`. */
  readonly parts: (Level | string)[] = [];
  /** The next error kept with a pointer of the same length, of those followed by one (made once one is). */
  nextOfLength: Map<number, number> | undefined;
  /** By length: the index of the first error kept of that length, or -1 - that index once they are in `byKey`. */
  byLength: (number | undefined)[] | undefined;
  lengths = 0;
  /** By key: an index in `keyed`, the errors entered in the order they were kept, of `keys` (made once needed). */
  byKey: (number | undefined)[] | undefined;
  keyed: number[] = NO_INDEXES;
  keys: number[] = NO_INDEXES;

  /** The error being looked for: its pointer and its parts, and its key once needed (-1 until then). */
  place!: Level;
  relative = "";
  pointer = "";
  key = -1;

  /** Starts looking for an error at `pointer`, `relative` below `place`. */
  look(place: Level, relative: string, pointer: string): void {
    this.place = place;
    this.relative = relative;
    this.pointer = pointer;
    this.key = -1;
  }

  private keyAt(k: number): number {
    return pointerKey(placeHash(this.parts[2 * k] as Level), this.parts[2 * k + 1] as string);
  }

  private lookedKey(): number {
    if (this.key === -1) this.key = pointerKey(placeHash(this.place), this.relative);
    return this.key;
  }

  /**
   * Whether kept error `k` is at the pointer looked for. One place: the parts their checks wrote are compared (flat
   * strings, mostly). Otherwise the keys, and only when they match the whole pointers, which a caller's prefix made
   * into strings V8 copies flat to compare.
   */
  private samePointer(k: number): boolean {
    if (this.errors[k]!.pointer.length !== this.pointer.length) return false;
    if (this.parts[2 * k] === this.place) return this.parts[2 * k + 1] === this.relative;
    return this.keyAt(k) === this.lookedKey() && this.errors[k]!.pointer === this.pointer;
  }

  /** Whether kept error `k` already says what the error looked for says, merging two `type` rules. */
  private covers(k: number, message: string, keyword: string): boolean {
    const kept = this.errors[k]!;
    // (messages are shared strings, so most of these comparisons are of identical strings)
    if (kept.message === message) return this.samePointer(k);
    return keyword === "type" && kept.keyword === "type" && this.samePointer(k) && mergeTypes(kept, message);
  }

  /** Keeps the error looked for, unless an error kept covers it (those at its pointer are met in the order kept). */
  add(message: string, keyword: string): void {
    const byLength = this.byLength;
    if (byLength === undefined) return this.addAmongFew(message, keyword);
    const length = this.pointer.length;
    const mask = byLength.length - 1;
    let slot = length & mask;
    let first = byLength[slot];
    while (first !== undefined && this.errors[first < 0 ? -1 - first : first]!.pointer.length !== length)
      first = byLength[(slot = (slot + 1) & mask)];
    if (first === undefined) {
      // the first error of its length (in a deep tree, most are)
      const k = this.keep(message, keyword);
      if (2 * (this.lengths + 1) <= byLength.length) {
        byLength[slot] = k;
        this.lengths++;
      } else this.enterByLength(k);
    } else if (first >= 0) this.addOfLength(slot, first, message, keyword);
    else this.addByKey(message, keyword);
  }

  /** `add` while few errors are kept: compared with each. */
  private addAmongFew(message: string, keyword: string): void {
    const count = this.errors.length;
    for (let k = 0; k < count; k++) if (this.covers(k, message, keyword)) return;
    this.keep(message, keyword);
    if (count + 1 === LINEAR_DEDUPE) for (let k = 0; k <= count; k++) this.enterByLength(k);
  }

  /** `add` of an error whose length is that of `first` and those after it, in `byLength` at `slot`. */
  private addOfLength(slot: number, first: number, message: string, keyword: string): void {
    let last = first;
    if (this.covers(last, message, keyword)) return;
    let chain = 1;
    for (let k = this.nextOfLength?.get(last); k !== undefined; k = this.nextOfLength!.get(k), chain++) {
      if (this.covers(k, message, keyword)) return;
      last = k;
    }
    (this.nextOfLength ??= new Map()).set(last, this.keep(message, keyword));
    if (chain === LENGTH_CHAIN) this.enterByKey(slot, first);
  }

  /** `add` of an error whose length is that of errors in `byKey`. */
  private addByKey(message: string, keyword: string): void {
    const byKey = this.byKey!;
    const mask = byKey.length - 1;
    const key = this.lookedKey();
    let slot = key & mask;
    for (let entry = byKey[slot]; entry !== undefined; entry = byKey[(slot = (slot + 1) & mask)])
      if (this.keys[entry] === key && this.covers(this.keyed[entry]!, message, keyword)) return;
    this.enterKey(this.keep(message, keyword), key);
  }

  /** Keeps the error looked for; its index. */
  private keep(message: string, keyword: string): number {
    const k = this.errors.length;
    // (stores at the end, which the optimizing compiler inlines where it calls a built-in for `push`)
    this.errors[k] = { pointer: this.pointer, message, keyword };
    this.parts[2 * k] = this.place;
    this.parts[2 * k + 1] = this.relative;
    return k;
  }

  /** Enters kept error `k` by its length: the first of its length, or after the others (the table made or grown). */
  private enterByLength(k: number): void {
    const length = this.errors[k]!.pointer.length;
    let byLength = this.byLength;
    if (byLength !== undefined) {
      const mask = byLength.length - 1;
      let slot = length & mask;
      for (let first = byLength[slot]; first !== undefined; first = byLength[(slot = (slot + 1) & mask)]) {
        if (this.errors[first < 0 ? -1 - first : first]!.pointer.length !== length) continue;
        if (first < 0) return this.enterKey(k, this.keyAt(k));
        let last = first;
        let chain = 1;
        for (let next = this.nextOfLength?.get(last); next !== undefined; next = this.nextOfLength!.get(next), chain++)
          last = next;
        (this.nextOfLength ??= new Map()).set(last, k);
        if (chain === LENGTH_CHAIN) this.enterByKey(slot, first);
        return;
      }
    }
    if (byLength === undefined || 2 * (this.lengths + 1) > byLength.length) {
      const entries = byLength?.filter((entry) => entry !== undefined) ?? [];
      byLength = this.byLength = emptyTable(2 * (this.lengths + 1));
      for (const entry of entries)
        byLength[freeSlot(byLength, this.errors[entry < 0 ? -1 - entry : entry]!.pointer.length)] = entry;
    }
    byLength[freeSlot(byLength, length)] = k;
    this.lengths++;
  }

  /** Moves the errors of one length (in `byLength` at `slot`), from `first` on, into `byKey`. */
  private enterByKey(slot: number, first: number): void {
    this.byLength![slot] = -1 - first;
    for (let k: number | undefined = first; k !== undefined; k = this.nextOfLength!.get(k))
      this.enterKey(k, this.keyAt(k));
  }

  /** Enters kept error `k`, of `key`, in `byKey`, after those entered before it. */
  private enterKey(k: number, key: number): void {
    if (this.keyed === NO_INDEXES) {
      this.keyed = [];
      this.keys = [];
    }
    const entry = this.keyed.length;
    this.keyed[entry] = k;
    this.keys[entry] = key;
    let byKey = this.byKey;
    if (byKey !== undefined && 2 * (entry + 1) <= byKey.length) {
      byKey[freeSlot(byKey, key)] = entry;
      return;
    }
    byKey = this.byKey = emptyTable(2 * (entry + 1));
    for (let e = 0; e <= entry; e++) byKey[freeSlot(byKey, this.keys[e]!)] = e;
  }
}

/**
 * The errors `validate()` returns, from those of a generated validator's call (`check.errors`: its own errors and,
 * nested, those of the validators it called). Each nested error gets its callers' pointers in front (the walk is a
 * loop, so any depth) and the document its outermost dispatch names. `if` errors ("must match then schema") only
 * repeat the error inside the branch, so they are dropped; repeated (pointer, message) pairs are reported once; a
 * pattern's message gets its hint. Two `type` rules failing at one pointer (a text/plain message's number `content`
 * breaks "a string" of the text/plain document and "a string or an object" of the field) are one error naming what
 * satisfies both ("must be a string"). Linear in the errors and the depth of the calls.
 */
export function toErrors(errors: ReportedErrors | null | undefined, hints: PatternHints): ValidationError[] {
  if (errors == null) return [];
  if (errors.length <= LINEAR_DEDUPE && isFlat(errors)) return flatErrors(errors, hints);
  const few: FewErrors = [];
  if (collectFew(errors, "", FEW_ROOT, undefined, NO_KEYWORDS, 0, hints, few)) return fewErrors(few);
  const kept = new KeptErrors();
  let level = new Level(errors, undefined, "", undefined, NO_KEYWORDS);
  for (;;) {
    const list = level.errors;
    if (level.next === list.length) {
      if (level.parent === undefined) break;
      level = level.parent;
      continue;
    }
    const error = list[level.next++]!;
    if (error instanceof NestedErrors) {
      const dropped = error.dropped === undefined ? level.dropped : [...level.dropped, error.dropped];
      level = new Level(error.errors, level, error.prefix, level.document ?? error.document, dropped);
      continue;
    }
    const keyword = error.keyword;
    if (keyword === "if" || (level.dropped.length !== 0 && level.dropped.includes(keyword))) continue;
    let message = level.document === undefined ? error.message : inDocument(error.message, level.document);
    if (keyword === "pattern") message = withHint(message, hints);
    const place = level.place;
    const relative = error.pointer;
    kept.look(place, relative, place.pointer.length === 0 ? relative : place.pointer + relative);
    kept.add(message, keyword);
  }
  return kept.errors;
}

const NO_KEYWORDS: readonly string[] = [];

/** Whether none of `errors` is nested (one validator's own errors). */
function isFlat(errors: ReportedErrors): errors is ReportedError[] {
  for (let i = 0; i < errors.length; i++) if (errors[i] instanceof NestedErrors) return false;
  return true;
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

/**
 * `toErrors` of a few errors, none nested (one validator's own, and those it copied from its callees): each compared
 * with those kept. The list, which the validator's call made, is compacted in place and returned.
 */
function flatErrors(errors: ReportedError[], hints: PatternHints): ValidationError[] {
  let count = 0;
  next: for (let i = 0; i < errors.length; i++) {
    const error = errors[i]!;
    const keyword = error.keyword;
    if (keyword === "if") continue;
    if (keyword === "pattern") error.message = withHint(error.message, hints);
    const message = error.message;
    for (let k = 0; k < count; k++) {
      const kept = errors[k]!;
      if (
        kept.message === message
          ? samePointer(kept, error)
          : keyword === "type" && kept.keyword === "type" && kept.pointer === error.pointer && mergeTypes(kept, message)
      )
        continue next;
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
 * An error kept by `collectFew`, with its place (the nested list whose prefix last moved the pointer), its pointer
 * below that place, and the part its check wrote.
 */
interface FewError extends ValidationError {
  readonly place: object;
  readonly below: string;
  readonly relative: string;
}
type FewErrors = FewError[];

/** The place of the errors of the list `toErrors` is given. */
const FEW_ROOT = {};
/** `collectFew` walks nested lists this deep at most (by recursion: a few frames of the stack). */
const FEW_LEVELS = 32;

/**
 * `toErrors` of a few errors, the usual case (a message's errors, some in its content document): the nested lists
 * walked by recursion, each error compared with those kept (two of one place by the parts their checks wrote). False,
 * with `few` to be dropped, past `LINEAR_DEDUPE` errors or `FEW_LEVELS` levels: the walk of `toErrors` takes those.
 */
function collectFew(
  list: ReportedErrors,
  at: string,
  place: object,
  document: string | undefined,
  dropped: readonly string[],
  depth: number,
  hints: PatternHints,
  few: FewErrors,
): boolean {
  next: for (let i = 0; i < list.length; i++) {
    const error = list[i]!;
    if (error instanceof NestedErrors) {
      if (depth === FEW_LEVELS) return false;
      const prefix = error.prefix;
      const walked = collectFew(
        error.errors,
        prefix === "" ? at : at + prefix,
        prefix === "" ? place : error,
        document ?? error.document,
        error.dropped === undefined ? dropped : [...dropped, error.dropped],
        depth + 1,
        hints,
        few,
      );
      if (!walked) return false;
      continue;
    }
    const keyword = error.keyword;
    if (keyword === "if" || (dropped.length !== 0 && dropped.includes(keyword))) continue;
    let message = document === undefined ? error.message : inDocument(error.message, document);
    if (keyword === "pattern") message = withHint(message, hints);
    const below = error.pointer;
    const relative = error.relative;
    const pointer = at.length === 0 ? below : at + below;
    for (let k = 0; k < few.length; k++) {
      const kept = few[k]!;
      if (kept.message !== message && (keyword !== "type" || kept.keyword !== "type")) continue;
      // (two pointers of one length whose checks wrote parts of one length that differ end differently)
      const same =
        kept.pointer.length === pointer.length &&
        (kept.relative.length !== relative.length || kept.relative === relative) &&
        (kept.place === place ? kept.below === below : kept.pointer === pointer);
      if (same && (kept.message === message || mergeTypes(kept, message))) continue next;
    }
    if (few.length === LINEAR_DEDUPE) return false;
    few.push({ pointer, message, keyword, place, below, relative });
  }
  return true;
}

/** The errors `collectFew` kept, as `validate()` returns them (in the same array). */
function fewErrors(few: FewErrors): ValidationError[] {
  const errors = few as ValidationError[];
  for (let i = 0; i < few.length; i++) {
    const { pointer, message, keyword } = few[i]!;
    errors[i] = { pointer, message, keyword };
  }
  return errors;
}

/**
 * Called by a generated validator for each error it reports: the error `{ pointer, message, keyword }` appended to
 * the validator's list, which is made on the first error (`null` until then), and the list returned. One shared
 * function in place of the same object literal and append at each of the validators' hundreds of checks keeps the
 * generated code, which every process parses before its first validation, smaller
 * (generator/emit/validators/error-objects.ts). Only the error path calls it.
 */
export function pushError(
  errors: ReportedErrors | null,
  pointer: string,
  message: string,
  keyword: string,
): ReportedErrors {
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
  return (errors: ReportedErrors | null, pointer: string, index?: number, tail?: string): ReportedErrors =>
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
  errors: ReportedErrors | null,
  value: unknown,
  pointer: string,
  suffix: string,
): ReportedErrors | null {
  return value === undefined || typeof value === "string" ? errors : pushStringTypeError(errors, pointer + suffix);
}

/** `checkOptionalString` for a property typed as a boolean: `pushBooleanTypeError`'s error when it is not one. */
export function checkOptionalBoolean(
  errors: ReportedErrors | null,
  value: unknown,
  pointer: string,
  suffix: string,
): ReportedErrors | null {
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
export function pushUnknownProperty(errors: ReportedErrors | null, pointer: string, key: string): ReportedErrors {
  unknownPropertyMessage ??= ruleMessage("additionalProperties", false) as string;
  return pushError(errors, `${pointer}/${escapePointerSegment(key)}`, unknownPropertyMessage, "additionalProperties");
}

/**
 * Called by a generated validator after a call to another schema's validator failed: the callee's errors (already
 * below the caller's pointer, `withPointerPrefix`) appended to the caller's list (copied when few, `COPIED_ERRORS`,
 * else as one `NestedErrors`), or the callee's list itself when the caller has none yet; the list returned. Only the
 * error path calls it (generator/emit/validators/plain-calls.ts).
 */
export function appendErrors(errors: ReportedErrors | null, calleeErrors: ReportedErrors): ReportedErrors {
  if (errors === null) return calleeErrors;
  if (fewToCopy(calleeErrors)) for (let i = 0; i < calleeErrors.length; i++) errors.push(calleeErrors[i]!);
  else errors.push(new NestedErrors("", calleeErrors));
  return errors;
}

/**
 * Called by a generated validator when a call to another schema's validator failed: the callee's errors (pointers
 * from its own root) put below the caller's pointer `prefix` (each one's pointer when few, `COPIED_ERRORS`, else the
 * list nested as one `NestedErrors`), and the call counts as failed. Only the error path builds these pointers
 * (generator/emit/validators/plain-calls.ts).
 */
export function withPointerPrefix(callee: { errors?: ReportedErrors | null }, prefix: string): false {
  const errors = callee.errors;
  if (errors == null || prefix === "") return false;
  if (fewToCopy(errors)) for (let i = 0; i < errors.length; i++) errors[i]!.pointer = prefix + errors[i]!.pointer;
  else callee.errors = [new NestedErrors(prefix, errors)];
  return false;
}

/**
 * Called by a generated validator after a call to another schema's validator failed: `withPointerPrefix` of the
 * callee's errors, then `appendErrors` of them, in one call at each of the validators' calls (one argument list of
 * code instead of two, generator/emit/validators/plain-calls.ts); the list returned. Only the error path calls it.
 */
export function appendCalleeErrors(
  errors: ReportedErrors | null,
  callee: { errors?: ReportedErrors | null },
  prefix: string,
): ReportedErrors {
  const calleeErrors = callee.errors!;
  if (fewToCopy(calleeErrors)) {
    if (prefix !== "")
      for (let i = 0; i < calleeErrors.length; i++) calleeErrors[i]!.pointer = prefix + calleeErrors[i]!.pointer;
    if (errors === null) return calleeErrors;
    for (let i = 0; i < calleeErrors.length; i++) errors.push(calleeErrors[i]!);
    return errors;
  }
  if (errors === null && prefix === "") return calleeErrors;
  const nested = new NestedErrors(prefix, calleeErrors);
  if (errors === null) {
    // (room for one more entry, the caller's own error that often follows: a list made of one entry has room for
    // that one alone, and the next push copies it into a new one)
    const list: ReportedErrors = [nested, nested];
    list.pop();
    return list;
  }
  errors.push(nested);
  return errors;
}

/**
 * Called by a generated validator at the end of a dispatch branch that selects a document (generator/emit/validators/
 * compile-dispatch.ts): the branch's errors, `errors[from .. to)`, name `document` in their messages (`inDocument`);
 * nested ones when `toErrors` builds them, where the outermost dispatch's document wins.
 */
export function nameDocument(errors: ReportedErrors | null, from: number, to: number, document: string): void {
  for (let i = from; i < to; i++) {
    const error = errors![i]!;
    if (error instanceof NestedErrors) error.document = document;
    else error.message = inDocument(error.message, document);
  }
}

/**
 * Called by a lenient validator that is the plain one with its errors of one keyword dropped
 * (generator/emit/validators/units.ts `lenientByDroppingErrors`): the plain validator's errors without those of
 * `keyword`, in their order (`toErrors` leaves them out), or null when none is left (the payload is valid for the
 * lenient validator).
 */
export function withoutKeyword(errors: ReportedErrors | null | undefined, keyword: string): ReportedErrors | null {
  if (errors == null) return null;
  // a loop over the nested lists, each with the keywords left out there
  const lists: [ReportedErrors, readonly string[]][] = [[errors, [keyword]]];
  for (let entry = lists.pop(); entry !== undefined; entry = lists.pop()) {
    const [list, dropped] = entry;
    for (const error of list) {
      if (!(error instanceof NestedErrors)) {
        if (!dropped.includes(error.keyword)) return [new NestedErrors("", errors, keyword)];
      } else lists.push([error.errors, error.dropped === undefined ? dropped : [...dropped, error.dropped]]);
    }
  }
  return null;
}
