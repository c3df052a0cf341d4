/**
 * The verdicts on an API's examples (generator/model/examples.ts plans them), in the validators' worker thread:
 * - an example of a schema file, by that file's validator in the API's compiled module, the code the run is about
 *   to write (`validators.compiled.ts`), evaluated as it is: the same answers and messages the package gives, and
 *   no compilation;
 * - an example of a subschema or of an inline schema, by AJV over the API's expanded schemas (compiling only what
 *   those schemas reach).
 * Each verdict is null (valid) or the errors, as the validators report them.
 */
import { createHash } from "node:crypto";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { escapePointerSegment, type JsonObject } from "../../../runtime/json/json-text.js";
import { ruleMessage, toErrors } from "../../../runtime/validation/error-messages.js";
import type { ValidationError } from "../../../runtime/validation/result.js";
import type { CompiledValidator } from "../../../runtime/validation/validator-set.js";
import type { ExampleChecks } from "../../model/examples.js";
import { AJV_OPTIONS } from "./ajv-options.js";
import { STANDALONE_EXPORT } from "./ajv-internals.js";

// ajv-formats is CommonJS: its default export is the plugin function.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** The build's root: this module is `<build>/generator/emit/validators/check-examples.js`. */
const BUILD = new URL("../../../", import.meta.url);

/** `import * as x`, `import x` (a default) or `import { a as x, … }` (index.ts `withNamedImports`). */
const IMPORT = /^import (?:(\* as )?(\w+)|\{ ([^}]*) \}) from "([^"]+)";$/gm;

/** The last module evaluated, by the hash of its code (watch mode checks against the same module run after run). */
let loaded: { hash: string; exports: Promise<Record<string, CompiledValidator>> } | undefined;

/**
 * The compiled module's exports, from its code (written at `path`): its imports (the run time, relative to `path`,
 * and AJV's helpers) are loaded, and the rest runs as a function of them. A function, not an imported module: a
 * module once imported stays loaded for the life of the thread, one per rule edit in watch mode.
 */
function evaluate(code: string, path: string): Promise<Record<string, CompiledValidator>> {
  const hash = createHash("sha256").update(code).digest("hex");
  if (loaded?.hash !== hash) {
    const at = new URL(path, BUILD);
    const imports = [...code.matchAll(IMPORT)].map(([, namespace, name, named, specifier]) => ({
      namespace: namespace !== undefined,
      // the bindings of `import { a as x }`: [a, x]
      bindings: named?.split(", ").map((binding) => binding.split(" as ") as [string, string]),
      name: name as string,
      specifier: specifier as string,
    }));
    const body = code.replace(IMPORT, "").replace(STANDALONE_EXPORT, "const $1 = exports.$1 =");
    if (/^(import|export)\b/m.test(body))
      throw new Error(`${path}: an import or export of a form check-examples.ts does not read`);
    const exports = (async () => {
      const modules = await Promise.all(
        imports.map(async ({ namespace, bindings, specifier }) => {
          const module = (await import(
            specifier.startsWith(".") ? new URL(specifier, at).href : import.meta.resolve(specifier)
          )) as Record<string, unknown>;
          if (bindings !== undefined) return bindings.map(([exported]) => module[exported]);
          return [namespace ? module : module.default];
        }),
      );
      const names = imports.flatMap(({ name, bindings }) => bindings?.map(([, local]) => local) ?? [name]);
      const values: Record<string, CompiledValidator> = {};
      new Function("exports", ...names, `"use strict";\n${body}`)(values, ...modules.flat());
      return values;
    })();
    loaded = { hash, exports };
  }
  return loaded.exports;
}

/** Verdicts on `checks.byValidator`, by the validators of the compiled module `code` (written at `path`). */
export async function checkByValidators(
  code: string,
  path: string,
  checks: ExampleChecks["byValidator"],
): Promise<(ValidationError[] | null)[]> {
  if (checks.length === 0) return [];
  const module = await evaluate(code, path);
  return checks.map(({ validator, value }) => {
    const validate = module[validator];
    if (validate === undefined)
      return [{ pointer: "", message: `${path} has no validator ${validator}`, keyword: "$ref" }];
    return validate(value) ? null : toErrors(validate.errors, {});
  });
}

/** An AJV error in the validators' words (runtime/validation/error-messages.ts), at the property it is about. */
function asValidationError(error: ErrorObject): ValidationError {
  const property =
    (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
    (error.params as { additionalProperty?: string }).additionalProperty;
  const pointer =
    property === undefined ? error.instancePath : `${error.instancePath}/${escapePointerSegment(property)}`;
  return {
    pointer,
    message: ruleMessage(error.keyword, error.schema) ?? error.message ?? error.keyword,
    keyword: error.keyword,
  };
}

/** Verdicts on `checks.byAjv`, by AJV over `schemas` (the API's expanded schema files). */
export function checkByAjv(schemas: JsonObject[], checks: ExampleChecks["byAjv"]): (ValidationError[] | null)[] {
  if (checks.length === 0) return [];
  // strict off: the schemas carry the project's annotations (x-secret, x-content-type, ...), which change no verdict.
  const ajv = new Ajv2020({ ...AJV_OPTIONS, strict: false, validateSchema: false, verbose: true });
  addFormats(ajv);
  for (const schema of schemas) ajv.addSchema(schema);
  return checks.map(({ schema, value }) => {
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      return [{ pointer: "", message: `its schema cannot be compiled: ${(error as Error).message}`, keyword: "$ref" }];
    }
    return validate(value) ? null : (validate.errors ?? []).map(asValidationError);
  });
}
