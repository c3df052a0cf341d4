/**
 * Calls between the generated validators that allocate nothing on the valid path.
 *
 * AJV's functions take a context object, `f(data, { instancePath, parentData, parentDataProperty, rootData } = {})`:
 * each call to another schema's function builds one (with the callee's instance path, a string concatenation), and a
 * call from the outside allocates the default `{}`. The validators use none of it but the instance path, which only
 * the errors need. So here a function takes the data alone, its error pointers start at its own root, and a caller
 * whose callee failed puts its own pointer in front of each of the callee's errors (runtime `withPointerPrefix`):
 * the concatenation happens on the error path only, and the pointers are AJV's own.
 *
 * As with the error objects (error-objects.ts), AJV has no option for it: while a unit compiles, AJV's code of a call
 * is replaced (ajv-internals.ts `withCallCode`); `plainSignatures` then rewrites the functions' parameter lists in
 * the standalone code. A unit with tracked keywords (`unevaluated*`, `$dynamicRef`, units.ts) passes evaluated properties and
 * dynamic anchors through the context: it keeps AJV's calls.
 */
import { _, nil } from "ajv/dist/2020.js";
import { withPointerPrefix } from "../../../runtime/validation/error-messages.js";
import { pointerBelowRoot } from "./error-objects.js";
import {
  AJV_NAMES,
  CALL_THEN_APPEND,
  CONCAT_ERRORS,
  CONTEXT_NAMES,
  CONTEXT_PARAMETER,
  ajvChanged,
  withCallCode,
} from "./ajv-internals.js";

/**
 * Runs `compile` (AJV compiling a unit, synchronously) with calls to other schemas' functions as
 * `(f(data) || prefix(f, <caller's pointer>))`: `prefix` (the run-time `withPointerPrefix`, which the code imports
 * from `errorMessagesModule`, its specifier relative to the compiled module) moves the callee's error pointers below
 * the caller's and returns false.
 */
export function withPlainCalls<T>(errorMessagesModule: string, compile: () => T): T {
  return withCallCode(
    (ajvCallCode) => (cxt, func, context, passSchema) => {
      // A custom keyword's `validate` function (passSchema) or a call with `this` is AJV's (the units have neither).
      if (passSchema === true || (context !== undefined && context !== nil))
        return ajvCallCode(cxt, func, context, passSchema);
      const prefix = cxt.gen.scopeValue("func", {
        ref: withPointerPrefix,
        code: _`require(${errorMessagesModule}).withPointerPrefix`,
      });
      return _`(${func}(${cxt.data}) || ${prefix}(${func}, ${pointerBelowRoot(cxt.gen, cxt.it.errorPath)}))`;
    },
    compile,
  );
}

/**
 * The standalone `code` of a unit compiled `withPlainCalls`, its functions taking the data alone (each one's
 * pointers start at `""`), and a failed callee's errors pushed onto the caller's array by the run-time
 * `appendErrors` (imported from `errorMessagesModule`) rather than concatenated into a new one: where the call's
 * `if` only appends them, by `appendCalleeErrors` (the call then is `f(data)` alone, and the pointer goes with the
 * errors). Refuses code that still reads AJV's context (`CONTEXT_NAMES`).
 */
export function plainSignatures(code: string, errorMessagesModule: string): string {
  const rewritten = code
    .replace(CONTEXT_PARAMETER, `){\n$1const ${AJV_NAMES.instancePath} = "";\n`)
    .replace(
      CALL_THEN_APPEND,
      `if(!$1($2)){\nvErrors = require(${JSON.stringify(errorMessagesModule)}).appendCalleeErrors(vErrors, $1, $3);`,
    )
    .replace(
      CONCAT_ERRORS,
      `vErrors = require(${JSON.stringify(errorMessagesModule)}).appendErrors(vErrors, $1.errors);`,
    );
  if (CONTEXT_NAMES.test(rewritten))
    throw ajvChanged("its code of a call: a generated validator still reads the call context (parentData, rootData)");
  return rewritten;
}
