import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAST_PATTERNS, withFastPatterns, type FastPattern } from "../generator/emit/validators/fast-patterns.js";
import { FIXTURES, ROOT } from "./helpers/fixtures.js";

// docs/performance.md: the generated validators test a known expensive pattern with an equivalent cheaper check.

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? jsonFiles(file) : name.endsWith(".json") ? [file] : [];
  });
}

/** Every `pattern` keyword value and every string of a JSON value. */
function collect(value: unknown, patterns: Set<string>, strings: Set<string>): void {
  if (typeof value === "string") strings.add(value);
  else if (Array.isArray(value)) for (const item of value) collect(item, patterns, strings);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "pattern" && typeof item === "string") patterns.add(item);
      strings.add(key);
      collect(item, patterns, strings);
    }
  }
}

const shippedPatterns = new Set<string>();
for (const file of jsonFiles(path.join(ROOT, "schemas")))
  collect(JSON.parse(readFileSync(file, "utf8")), shippedPatterns, new Set());
const fixtureStrings = new Set<string>();
for (const file of [
  ...jsonFiles(path.join(FIXTURES, "validators")),
  ...jsonFiles(path.join(ROOT, "bench", "payloads")),
]) {
  collect(JSON.parse(readFileSync(file, "utf8")), new Set(), fixtureStrings);
}

/** The pattern's constant as AJV writes it, rewritten by the generator and evaluated: the check the validators run. */
function emittedCheck(pattern: string, flags: string): { test(value: string): boolean } {
  const code = withFastPatterns(
    `const pattern0_Unit = new RegExp(${JSON.stringify(pattern)}, ${JSON.stringify(flags)});`,
  );
  return new Function(`${code}\nreturn pattern0_Unit;`)() as { test(value: string): boolean };
}

const letter = fc.constantFrom(..."aZ09-.@/", "\n", "\r", "\u2028", "é", "😀", "\ud800", "#", " ");
const label = (max: number) =>
  fc.oneof(
    { arbitrary: fc.constantFrom("sms", "example", "net", "a", "9", "a-b", "xn--p1ai", "a".repeat(63)), weight: 3 },
    fc.string({ unit: fc.constantFrom(..."aZ9aZ9-"), maxLength: max }),
    fc.constantFrom("-", "a-", "-a", "b".repeat(64)),
  );
/** Values shaped like the node address (`name@label.label/instance`), with each part sometimes wrong. */
const addressLike = fc
  .tuple(
    fc.oneof(
      fc.string({ unit: fc.constantFrom(..."a1+ "), minLength: 1, maxLength: 6 }),
      fc.string({ unit: letter, maxLength: 6 }),
    ),
    fc.constantFrom("@", "@", "@", "", "@@", "/@"),
    fc.array(label(70), { minLength: 0, maxLength: 4 }),
    fc.constantFrom(".", ".", ".", "..", "-."),
    fc.constantFrom("", "", "/x", "/", "/x", "/a/b@c", "/\n", "/😀", "/\ud800", "\n"),
  )
  .map(([name, at, labels, separator, instance]) => `${name}${at}${labels.join(separator)}${instance}`);
const anyText = fc.string({ unit: letter, maxLength: 80 });

describe.each(FAST_PATTERNS.map((entry) => [entry.pattern, entry] as const))(
  "the fast form of %s",
  (_pattern: string, entry: FastPattern) => {
    it("is the pattern of a shipped schema (an entry the schemas no longer use is dead)", () => {
      expect(shippedPatterns.has(entry.pattern)).toBe(true);
    });

    for (const flags of ["u", ""]) {
      const exact = new RegExp(entry.pattern, flags);
      const fast = new RegExp(entry.fast, flags);
      const emitted = emittedCheck(entry.pattern, flags);

      it(`matches what the pattern matches, up to its bound (flags "${flags}"), on generated values`, () => {
        fc.assert(
          fc.property(fc.oneof(addressLike, anyText), (value) => {
            if (value.length <= entry.maxLength) expect(fast.test(value)).toBe(exact.test(value));
            expect(emitted.test(value)).toBe(exact.test(value));
          }),
          { numRuns: 10_000 },
        );
      });

      it(`agrees with the pattern on every string of the fixtures and bench payloads (flags "${flags}")`, () => {
        let matched = 0;
        for (const value of fixtureStrings) {
          expect(emitted.test(value), value).toBe(exact.test(value));
          if (exact.test(value)) matched++;
        }
        expect(matched).toBeGreaterThan(10);
      });

      it(`keeps the bound where it matters: a label of 64 characters (flags "${flags}")`, () => {
        const long = `name@${"a".repeat(64)}.example`;
        expect(exact.test(long)).toBe(false);
        expect(fast.test(long)).toBe(true); // why the fast form is used only up to maxLength
        expect(emitted.test(long)).toBe(false);
        expect(emitted.test(`n@${"a".repeat(63)}`)).toBe(false);
        expect(emitted.test(`n@${"a".repeat(61)}.b`)).toBe(true);
      });
    }
  },
);

describe("withFastPatterns", () => {
  it("leaves other patterns' constants as AJV wrote them", () => {
    const code =
      'const pattern2_Message = new RegExp("^[A-Za-z0-9]+$", "u");\nconst pattern3_Message = new RegExp("^a\\\\.b$", "u");';
    expect(withFastPatterns(code)).toBe(code);
  });

  it("is what the generated messaging validators run for the node address", () => {
    const compiled = readFileSync(path.join(ROOT, "generated", "messaging", "validators.compiled.ts"), "utf8");
    const [entry] = FAST_PATTERNS;
    expect(compiled).toContain(`new RegExp(${JSON.stringify(entry!.fast)}, "u")`);
    const plain = compiled
      .split("\n")
      .filter(
        (line) => /^const pattern\d+_\w+ = new RegExp\(/.test(line) && line.includes(JSON.stringify(entry!.pattern)),
      );
    expect(plain).toEqual([]);
  });
});
