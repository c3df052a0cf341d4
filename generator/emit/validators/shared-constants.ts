/**
 * One declaration per distinct module-level constant of an API's compiled validators.
 *
 * Each unit is compiled by its own AJV instance (compile-unit.ts), so each declares the values its code needs under
 * its own names (`pattern1_Message`, `pattern0_Notification`, `func1_Batching` …), and units that check the same
 * rule declare the same value again: the messaging validators built the media-type regular expression twelve times,
 * the node address's nine times. Every copy is parsed and built when the module loads (docs/performance.md, Cold
 * start). Joined into one module (index.ts `compiledValidatorsModule`), a constant whose initializer is the text of
 * an earlier one's is dropped and its name replaced by the earlier name. No validator changes a constant (a regular
 * expression without the `g` or `y` flag keeps no `lastIndex` between calls; the others are functions and key tables
 * the code only reads), so sharing one changes no result.
 */
import { STATEFUL_REGEXP, UNIT_CONSTANT } from "./ajv-internals.js";

/**
 * `code` (the joined units of one API) with each distinct constant (`UNIT_CONSTANT`) declared once, under its first
 * name. A stateful regular expression (`STATEFUL_REGEXP`: its `lastIndex` would be shared) keeps its own copy.
 */
export function withSharedConstants(code: string): string {
  const firstName = new Map<string, string>();
  const renamed = new Map<string, string>();
  const declared = code.replace(UNIT_CONSTANT, (line, name: string, initializer: string) => {
    if (STATEFUL_REGEXP.test(initializer)) return line;
    const first = firstName.get(initializer);
    if (first === undefined) {
      firstName.set(initializer, name);
      return line;
    }
    renamed.set(name, first);
    return "";
  });
  if (renamed.size === 0) return code;
  const reference = new RegExp(`\\b(?:${[...renamed.keys()].join("|")})\\b`, "g");
  return declared.replace(reference, (name) => renamed.get(name)!);
}
