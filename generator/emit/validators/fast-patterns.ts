/**
 * Cheaper equivalent checks for known expensive `pattern`s. The published schemas keep their portable pattern (and
 * every error quotes it); only the generated code tests a value with an equivalent regular expression that V8 runs
 * in fewer steps.
 *
 * The node address (schemas/messaging/node-address.schema.json) was about two thirds of `validate()` on a message:
 * each domain label `[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?` makes the engine count up to 61 and step back a
 * character, and `(?:label\.)+label` takes the last label twice (into the group, then back out of it). The fast form
 * writes the domain as `label(?:\.label)+` (the same strings) and a label as letter-or-digit runs joined by hyphen
 * runs, which cannot step back, without the 63-character bound. The instance is `.+` and the end `$`: in ECMA-262
 * the schema's `[^\n\r\u2028\u2029]+` and `$(?!\n)`, which it writes out for other dialects. The bound cannot matter
 * while the whole value has at most 65 characters (a non-empty name and `@` come before the domain), so a longer value
 * goes to the schema's own regular expression. test/fast-patterns.test.ts checks each entry against its pattern over
 * generated strings and the fixtures, and that each entry's pattern is still one of the shipped schemas'.
 */
import { PATTERN_CONSTANT } from "./ajv-internals.js";

/** One known pattern and its equivalent for values of at most `maxLength` UTF-16 code units. */
export interface FastPattern {
  /** The schema's `pattern`, exactly as written. */
  pattern: string;
  /** A regular expression (same flags) that matches exactly the values `pattern` matches, up to `maxLength`. */
  fast: string;
  maxLength: number;
}

const LABEL = "[A-Za-z0-9]+(?:-+[A-Za-z0-9]+)*";

export const FAST_PATTERNS: readonly FastPattern[] = [
  {
    pattern:
      "^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/[^\\n\\r\\u2028\\u2029]+)?$(?!\\n)",
    fast: `^[^@/]+@${LABEL}(?:\\.${LABEL})+(?:/.+)?$`,
    maxLength: 65,
  },
];

/**
 * The standalone `code` of a unit with each known pattern's constant (`PATTERN_CONSTANT`) an object whose `test` runs the fast form on
 * values up to its bound and the schema's regular expression on longer ones. The call sites (`pattern.test(v)`) and
 * the error messages are AJV's, unchanged.
 */
export function withFastPatterns(code: string): string {
  return code.replace(PATTERN_CONSTANT, (line, name: string, literal: string, flags: string) => {
    const known = FAST_PATTERNS.find((entry) => entry.pattern === (JSON.parse(literal) as string));
    if (known === undefined) return line;
    return (
      `const ${name} = ((fast, exact) => ({test: (value) => value.length <= ${known.maxLength} ? fast.test(value) : exact.test(value)}))` +
      `(new RegExp(${JSON.stringify(known.fast)}, ${flags}), new RegExp(${literal}, ${flags}));`
    );
  });
}
