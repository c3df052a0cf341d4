import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendCalleeErrors,
  inDocument,
  nameDocument,
  pushError,
  ruleMessage,
  toErrors,
  withoutKeyword,
  type PatternHints,
  type ReportedErrors,
} from "../runtime/validation/error-messages.js";
import type { ValidationError } from "../runtime/validation/result.js";

// `toErrors` turns a compiled validator's error list into the errors `validate()` returns (docs/validating.md
// "Errors"): `if` errors dropped, a pattern's hint added (keeping the document a message names), a repeated
// (pointer, message) pair reported once, and two `type` errors at one pointer with JSON types in common merged into
// the first. Its speed (docs/performance.md "Validators") must not change what it returns: these tests hold it to
// those rules, written out plainly below, on generated error lists.

const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);

const LONG = `^(?:${"[aA]".repeat(60)})$`;
const HINTS: PatternHints = { "^a+$": "letters a", [LONG]: "the spelling of a", "~0$": "a tilde" };
const PATTERNS = ["^a+$", "^b+$", LONG, "~0$"];
const DOCUMENTS = ["text/plain", "application/vnd.lime.select+json"];
const TYPES = ["string", "object", "array", "integer", "number", "boolean", "null"];
const SEGMENTS = ["content", "options", "0", "1", "12", "order", "to", "messenger.seq", "a~1b", ""];

// --- The rules, written out (strings compared by content: no representation of a string matters here) ---

const SUFFIX = /^(.*) \(checked as the (.*) document\)$/s;
const named = (message: string): [base: string, document: string | undefined] => {
  const match = SUFFIX.exec(message);
  return match === null ? [message, undefined] : [match[1]!, match[2]!];
};
const naming = (base: string, document: string | undefined) =>
  document === undefined ? base : `${base} (checked as the ${document} document)`;

function hinted(message: string, hints: PatternHints): string {
  const [base, document] = named(message);
  const prefix = "must match the pattern ";
  if (!base.startsWith(prefix)) return message;
  const pattern = base.slice(prefix.length);
  if (!Object.hasOwn(hints, pattern)) return message;
  const hint = hints[pattern];
  return naming(pattern.length > 200 ? `must match its pattern (${hint})` : `${base} (${hint})`, document);
}

const typesOf = (base: string) =>
  base
    .slice("must be ".length)
    .split(" or ")
    .map((words) => words.replace(/^an? /, ""));

/** The message of `kept` once a second `type` error with `message` at its pointer is merged in, or undefined. */
function merged(kept: string, message: string): string | undefined {
  const [keptBase, keptDocument] = named(kept);
  const [base, document] = named(message);
  const first = typesOf(keptBase);
  const second = typesOf(base);
  const allows = (list: string[], type: string) =>
    list.includes(type) || (type === "integer" && list.includes("number"));
  const common = first.filter((type) => allows(second, type));
  if (second.includes("integer") && first.includes("number") && !common.includes("integer")) common.push("integer");
  if (common.length === 0) return undefined;
  const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
  return naming(`must be ${common.map(article).join(" or ")}`, keptDocument ?? document);
}

function documented(errors: readonly ValidationError[], hints: PatternHints): ValidationError[] {
  const kept: ValidationError[] = [];
  next: for (const error of errors) {
    if (error.keyword === "if") continue;
    const message = error.keyword === "pattern" ? hinted(error.message, hints) : error.message;
    for (const earlier of kept) {
      if (earlier.pointer !== error.pointer) continue;
      if (earlier.message === message) continue next;
      if (earlier.keyword === "type" && error.keyword === "type") {
        const narrowed = merged(earlier.message, message);
        if (narrowed !== undefined) {
          earlier.message = narrowed;
          continue next;
        }
      }
    }
    kept.push({ pointer: error.pointer, message, keyword: error.keyword });
  }
  return kept;
}

// --- Generated error lists, as the compiled validators make them ---

/**
 * A pointer, as the validators would build it, with its `relative` part: the part the check that reported it wrote
 * (its callers then put their pointers in front, one after the other: `pointer` ends with `relative`). Each is a
 * string built by concatenation, part by part (V8 keeps such strings as trees of their parts), or read whole (a
 * flat string, as `itemPointer` makes).
 */
const pointer = fc
  .tuple(fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 5 }), fc.boolean(), fc.nat(5), fc.nat(5))
  .map(([segments, built, cut, start]) => {
    const text = (list: string[]) => list.map((segment) => `/${segment}`).join("");
    const whole = (list: string[]) => JSON.parse(JSON.stringify(text(list))) as string;
    const parts = (list: string[]) => list.reduce((sum, segment) => sum + "/" + segment, "");
    const from = Math.min(start, segments.length);
    const relative = built ? parts(segments.slice(from)) : whole(segments.slice(from));
    const at = Math.min(cut, from);
    const callers = built
      ? parts(segments.slice(0, at)) + parts(segments.slice(at, from))
      : whole(segments.slice(0, from));
    return { at: callers + relative, relative };
  });

const typeMessage = fc
  .uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })
  .map((types) => ({ message: ruleMessage("type", types.length === 1 ? types[0] : types)!, keyword: "type" }));
const rule = fc.oneof(
  { weight: 4, arbitrary: typeMessage },
  fc.constantFrom(
    { message: ruleMessage("required", true)!, keyword: "required" },
    { message: ruleMessage("enum", ["x", "y"])!, keyword: "enum" },
    { message: 'must match "then" schema', keyword: "if" },
  ),
  fc.constantFrom(...PATTERNS).map((pattern) => ({ message: ruleMessage("pattern", pattern)!, keyword: "pattern" })),
);
const error = fc
  .tuple(pointer, rule, fc.option(fc.constantFrom(...DOCUMENTS), { nil: undefined }))
  .map(([{ at, relative }, { message, keyword }, document]) => ({
    pointer: at,
    relative,
    // a dispatch branch names its document when its errors are made, before `toErrors` adds a hint
    message: document === undefined ? message : inDocument(message, document),
    keyword,
  }));

describe("toErrors", () => {
  it(`returns the errors the rules give, in order, on generated lists: repeats, merges, hints, pointers built or read whole (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.array(error, { maxLength: 40 }), (errors) => {
        const expected = documented(
          errors.map(({ pointer, message, keyword }) => ({ pointer, message, keyword })),
          HINTS,
        );
        expect(
          toErrors(
            errors.map((e) => ({ ...e })),
            HINTS,
          ),
        ).toEqual(expected);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("keeps one error of a pair with the same pointer and message, whether each pointer was built or read whole", () => {
    const built = (index: number) => "/content" + ("/options/" + String(index) + "/order");
    const read = (index: number) => JSON.parse(`"/content/options/${index}/order"`) as string;
    const message = inDocument(ruleMessage("type", "integer")!, DOCUMENTS[1]!);
    const errors = [built(1), read(1), built(2), read(2), built(1)].map((at) => ({
      pointer: at,
      message,
      keyword: "type",
      relative: at.slice("/content".length),
    }));
    expect(toErrors(errors, HINTS).map((e) => e.pointer)).toEqual([
      "/content/options/1/order",
      "/content/options/2/order",
    ]);
  });

  it("compares pointers whole when the parts their checks wrote differ in length", () => {
    // A caller's own error at `/content/x` and a callee's at its `/x`, below `/content`: one pointer.
    const message = ruleMessage("type", "string")!;
    const errors = [
      { pointer: "/content/x", message, keyword: "type", relative: "/content/x" },
      { pointer: "/content" + "/x", message, keyword: "type", relative: "/x" },
      { pointer: "/content" + "/y", message, keyword: "type", relative: "/y" },
      { pointer: "/contenT" + "/y", message, keyword: "type", relative: "/y" },
    ];
    expect(toErrors(errors, HINTS)).toEqual([
      { pointer: "/content/x", message, keyword: "type" },
      { pointer: "/content/y", message, keyword: "type" },
      { pointer: "/contenT/y", message, keyword: "type" },
    ]);
  });

  it("returns each error as { pointer, message, keyword }, without the part its check wrote", () => {
    const errors = [{ pointer: "/a/b", message: ruleMessage("required", true)!, keyword: "required", relative: "/b" }];
    expect(toErrors(errors, HINTS).map((e) => Object.keys(e))).toEqual([["pointer", "message", "keyword"]]);
  });

  it("adds a pattern's hint to a message naming a document, and names a long pattern by its hint only", () => {
    const errors = [
      { pointer: "/to", message: inDocument(ruleMessage("pattern", "^a+$")!, "text/plain"), keyword: "pattern" },
      { pointer: "/type", message: ruleMessage("pattern", LONG)!, keyword: "pattern" },
      { pointer: "/from", message: ruleMessage("pattern", "^b+$")!, keyword: "pattern" },
    ].map((error) => ({ ...error, relative: error.pointer }));
    expect(toErrors(errors, HINTS).map((e) => e.message)).toEqual([
      "must match the pattern ^a+$ (letters a) (checked as the text/plain document)",
      "must match its pattern (the spelling of a)",
      "must match the pattern ^b+$",
    ]);
  });
});

// --- Nested lists, as the compiled validators make them (docs/validating.md#errors) ---

/**
 * A validator's error list: its own errors and, for each failed call, the callee's list below the caller's
 * pointer; a dispatch branch may name a document on some of its entries, and a lenient validator leaves a keyword
 * out. Pointers, prefixes and documents come from few values, so that pointers cut at different places (a caller's
 * own `/content/options` and a callee's `/options` below `/content`) meet, and many pointers of one length meet at
 * different places (past the 16 errors compared one by one and the 8 of one length, into the tables).
 */
type Entry =
  | { leaf: { pointer: string; message: string; keyword: string }; document: string | undefined }
  | { prefix: string; entries: Entry[]; document: string | undefined };

const PREFIXES = ["", "/content", "/content/options", "/options", "/1", "/2", "/12", "/a~1b"];
const LEAF_POINTERS = ["", "/content", "/options", "/options/1", "/1", "/2", "/order", "/content/options/1"];
const leafError = fc
  .tuple(fc.constantFrom(...LEAF_POINTERS), rule, fc.option(fc.constantFrom(...DOCUMENTS), { nil: undefined }))
  .map(([at, { message, keyword }, document]) => ({
    pointer: at,
    message: document === undefined ? message : inDocument(message, document),
    keyword,
  }));
const documentOf = fc.option(fc.constantFrom(...DOCUMENTS), { nil: undefined, freq: 4 });
const { entries: nestedEntries } = fc.letrec<{ entries: Entry[]; entry: Entry }>((tie) => ({
  entries: fc.array(tie("entry"), { maxLength: 6 }),
  entry: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.tuple(leafError, documentOf).map(([leaf, document]) => ({ leaf, document })),
    fc
      .tuple(fc.constantFrom(...PREFIXES), tie("entries"), documentOf)
      .map(([prefix, entries, document]) => ({ prefix, entries, document })),
  ),
}));
/** Many errors: a wide list of nested lists, each with a few entries. */
const wideEntries = fc.array(
  fc
    .tuple(fc.constantFrom(...PREFIXES), fc.array(fc.tuple(leafError, documentOf), { maxLength: 4 }))
    .map(([prefix, leaves]): Entry => ({
      prefix,
      entries: leaves.map(([leaf, document]) => ({ leaf, document })),
      document: undefined,
    })),
  { minLength: 20, maxLength: 80 },
);

/** The list a validator would hold: built with the run-time calls the generated code makes. */
function reported(entries: readonly Entry[]): ReportedErrors | null {
  let list: ReportedErrors | null = null;
  for (const entry of entries) {
    const from = list?.length ?? 0;
    if ("leaf" in entry) list = pushError(list, entry.leaf.pointer, entry.leaf.message, entry.leaf.keyword);
    else {
      const callee = reported(entry.entries);
      if (callee === null) continue;
      list = appendCalleeErrors(list, { errors: callee }, entry.prefix);
    }
    if (entry.document !== undefined) nameDocument(list, from, list.length, entry.document);
  }
  return list;
}

/** The errors of `entries` one after the other, each pointer whole and named by its outermost document. */
function flat(entries: readonly Entry[], at = "", outer?: string): ValidationError[] {
  return entries.flatMap((entry) => {
    const document = outer ?? entry.document;
    if ("prefix" in entry) {
      // a failed call only: a callee without errors was not called in error
      return flat(entry.entries, at + entry.prefix, document);
    }
    const { pointer, message, keyword } = entry.leaf;
    return [
      {
        pointer: at + pointer,
        message: document === undefined ? message : naming(named(message)[0], document),
        keyword,
      },
    ];
  });
}

describe("toErrors on nested lists", () => {
  it(`returns the errors of the flat list the nesting stands for: pointers joined, outermost document named, then the rules (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.oneof(nestedEntries, wideEntries), (entries) => {
        expect(toErrors(reported(entries), HINTS)).toEqual(documented(flat(entries), HINTS));
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });

  it(`a lenient validator's list leaves out one keyword at every depth, and is null when nothing else is left (seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.oneof(nestedEntries, wideEntries),
        fc.constantFrom("type", "enum", "pattern"),
        (entries, keyword) => {
          const kept = flat(entries).filter((error) => error.keyword !== keyword);
          const lenient = withoutKeyword(reported(entries), keyword);
          expect(lenient === null).toBe(kept.length === 0);
          expect(toErrors(lenient, HINTS)).toEqual(documented(kept, HINTS));
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});
