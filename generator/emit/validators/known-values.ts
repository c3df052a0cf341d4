/**
 * Patterns that a dispatch has already answered. A message's `type` selects its content's schema (`x-dispatch`,
 * compile-dispatch.ts) and must also match two patterns (the RFC 6838 media-type grammar and the case-variant
 * spelling rule): once the dispatch has matched a declared media type, both can only pass, yet AJV runs both
 * regular expressions on every message (they were a fifth of `validate()` on a text message).
 *
 * So a `pattern` on a property that a dispatch of the unit reads (by that property's name) first compares the value
 * with the dispatch's case values that the pattern matches, decided here, when the validators compile, with the
 * same regular expression: `v !== "text/plain" && … && !pattern.test(v)`. A value equal to one of them passes, as the
 * regular expression would have said; any other value goes to the regular expression. The verdict and the errors
 * are unchanged for every value, whichever object the property belongs to.
 */
import { _, type Ajv2020 } from "ajv/dist/2020.js";
import type { JsonObject } from "../../../runtime/json/json-text.js";
import { mapDispatchedSchema } from "./compile-dispatch.js";
import { ajvChanged, replacePatternCode, stringConstant, withFailureCondition } from "./ajv-internals.js";

/** More case values than this are left to the regular expression (a long chain of comparisons costs as much). */
const MAX_SHORTCUTS = 16;

/** Property name → the case values of the dispatches on it, in the unit's schemas (dispatch branches included). */
function dispatchValues(schemas: readonly JsonObject[]): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const schema of schemas) {
    mapDispatchedSchema(schema, (node) => {
      const on = node["x-dispatch-on"];
      const cases = node["x-dispatch"];
      if (typeof on === "string" && typeof cases === "object" && cases !== null && !Array.isArray(cases)) {
        const known = values.get(on) ?? new Set<string>();
        for (const value of Object.keys(cases)) known.add(value);
        values.set(on, known);
      }
      return node;
    });
  }
  return values;
}

/** Makes the `pattern` keyword of `ajv` (this instance's definition only) skip its regular expression for known values. */
export function shortcutDispatchedPatterns(ajv: Ajv2020, schemas: readonly JsonObject[]): void {
  const values = dispatchValues(schemas);
  if (values.size === 0) return;
  replacePatternCode(ajv, (cxt, patternCode) => {
    const property = cxt.it.parentDataProperty;
    const known =
      property === undefined || typeof property === "number" ? undefined : values.get(stringConstant(property) ?? "");
    if (cxt.$data || typeof cxt.schema !== "string" || known === undefined) return patternCode(cxt);
    const regExp = new RegExp(cxt.schema, cxt.it.opts.unicodeRegExp === false ? "" : "u");
    const passing = [...known].filter((value) => regExp.test(value));
    if (passing.length === 0 || passing.length > MAX_SHORTCUTS) return patternCode(cxt);
    const { data } = cxt;
    const condition = passing.map((value) => _`${data} !== ${value}`).reduce((all, next) => _`${all} && ${next}`);
    // AJV's own code for the regular expression, behind the comparisons
    const tested = withFailureCondition(
      cxt,
      (failure) => _`${condition} && ${failure}`,
      () => patternCode(cxt),
    );
    if (tested === undefined) throw ajvChanged("its pattern keyword (no condition reported through fail$data)");
  });
}
