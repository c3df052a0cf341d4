/**
 * One call per optional property typed as a string or a boolean. For a property the schema types so and does not
 * require, AJV writes five lines at each site:
 *
 *     if(data.name !== undefined){
 *     if(typeof data.name !== "string"){
 *     vErrors = runtime0.pushStringTypeError(vErrors, instancePath+"/name");
 *     }
 *     }
 *
 * which become `vErrors = runtime0.checkOptionalString(vErrors, data.name, instancePath, "/name");`: the same test
 * and the same error (runtime/validation/error-messages.ts), in less than half the code, which every process parses
 * when the module loads and compiles in full when a function first runs (docs/performance.md, Cold start). The
 * pointer's two parts go apart and are joined on the error path only, so the valid path concatenates nothing, as
 * before; the optimizing compiler inlines the call. Only the exact five lines are rewritten: a site whose pointer
 * holds a loop index, or whose block does anything else, stays as AJV wrote it.
 */
import { OPTIONAL_TYPED_PROPERTY } from "./ajv-internals.js";

/**
 * `code` (the joined units of one API, their run-time imports hoisted) with each such site (`OPTIONAL_TYPED_PROPERTY`)
 * written as one call.
 */
export function withOptionalTypeChecks(code: string): string {
  return code.replace(
    OPTIONAL_TYPED_PROPERTY,
    (site, value: string, type: string, runtime: string, pusher: string, suffix: string) =>
      pusher.toLowerCase() === type
        ? `vErrors = ${runtime}.checkOptional${pusher}(vErrors, ${value}, instancePath, ${suffix});`
        : site,
  );
}
