import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inDocument, ruleMessage, toErrors, type PatternHints } from "../runtime/validation/error-messages.js";
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
