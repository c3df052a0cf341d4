/**
 * One validator unit (units.ts) compiled by AJV into standalone code, in a fresh AJV instance: the code depends on
 * the unit's data and nothing else, so the generate command caches it by that data. The units of an API are
 * joined into one module (index.ts `compiledValidatorsModule`).
 */
import { _, Ajv2020, Name } from "ajv/dist/2020.js";
import type { KeywordCxt } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import standaloneCodeModule from "ajv/dist/standalone/index.js";
import { locatePointer } from "../../../runtime/json/json-text.js";
import { formats } from "../../../runtime/validation/formats.js";
import { GenerationFailed } from "../../problems.js";
import type { SchemaFile } from "../../load/schemas.js";
import { runtimeImport } from "../../model/output-paths.js";
import { AJV_OPTIONS } from "./ajv-options.js";
import { addDispatchKeyword } from "./compile-dispatch.js";
import { withValidationErrorObjects, withoutErrorCount } from "./error-objects.js";
import { withFastPatterns } from "./fast-patterns.js";
import { shortcutDispatchedPatterns } from "./known-values.js";
import { plainSignatures, withPlainCalls } from "./plain-calls.js";
import { withPropertyKeys } from "./property-keys.js";
import { CALL, LENIENT_DROPS, baseId, type ValidatorUnit } from "./units.js";
import {
  COMPILE_ERROR_LOCATION,
  COMPILE_ERROR_LOCATION_TEXT,
  callReferencedFunction,
  suffixModuleNames,
  withoutEvaluationTracking,
} from "./ajv-internals.js";

// ajv and ajv-formats are CommonJS packages whose default export is the function.
const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** AJV names a schema location in its compile errors as `at "<$id>#<pointer>"`; map that back to file and pointer. */
function compileProblem(files: readonly SchemaFile[], error: Error): GenerationFailed {
  const match = COMPILE_ERROR_LOCATION.exec(error.message);
  const file = files.find((f) => f.schema.$id === baseId(match?.[1] ?? ""));
  const pointer = decodeURIComponent(match?.[2] ?? "");
  const message = error.message.replace(COMPILE_ERROR_LOCATION_TEXT, "");
  if (file === undefined) return new GenerationFailed([{ file: files[0]?.file ?? "schemas/", pointer: "", message }]);
  return new GenerationFailed([{ file: file.file, pointer, message, ...locatePointer(file.text, pointer) }]);
}

/** The suffix of the module-level names of a unit's code: `Batching` for `validateBatching`. */
const unitTag = (unit: ValidatorUnit) => unit.functionName.replace(/^validate/, "");

/**
 * The code of a lenient twin derived from the plain validator (units.ts `lenientByDroppingErrors`): it calls the
 * plain validator and keeps its errors but those of keyword `LENIENT_DROPS`, in AJV's shape of a validator (a
 * boolean, the errors on the function).
 */
function derivedLenientCode(unit: ValidatorUnit, plain: string): string {
  const self = `validate0_${unitTag(unit)}`;
  const errorMessages = runtimeImport(unit.module, "validation/error-messages.js");
  return (
    `export const ${unit.functionName} = ${self};\n` +
    `function ${self}(data){\n` +
    `const errors = ${plain}(data) ? null : require(${JSON.stringify(errorMessages)}).withoutKeyword(${plain}.errors, ${JSON.stringify(LENIENT_DROPS)});\n` +
    `${self}.errors = errors;\n` +
    `return errors === null;\n` +
    `}\n`
  );
}

/**
 * The unit's validator as an ES module's code (`export const <functionName> = …`), its run-time helpers still
 * `require`d (index.ts hoists them). `files`: the unit's files, to locate a compile error.
 */
export function compileValidatorUnit(unit: ValidatorUnit, files: SchemaFile[]): string {
  if (unit.dropsErrorsOf !== undefined) return derivedLenientCode(unit, unit.dropsErrorsOf);
  // The formats' checks, in the generated code: the run time's own (runtime/validation/formats.ts) when it has every
  // format the unit uses, else ajv-formats' table (which `addFormats` names when the option `code.formats` is unset).
  const runtimeFormats = unit.formats.every((format) => Object.hasOwn(formats, format))
    ? { formats: _`require(${runtimeImport(unit.module, "validation/formats.js")}).formats` }
    : {};
  // The check stage has validated each schema against the draft 2020-12 meta-schema (compiling the meta-schema
  // again in each unit's instance would cost 25 ms a unit).
  const ajv = new Ajv2020({
    ...AJV_OPTIONS,
    validateSchema: false,
    code: { source: true, esm: true, optimize: true, lines: true, ...runtimeFormats },
  });
  // Ajv2020 always generates the bookkeeping for `unevaluated*` and `$dynamicRef` (a copy of the evaluated
  // properties per composite rule, on every call). When no schema uses those keywords it only costs time.
  if (!unit.tracked) withoutEvaluationTracking(ajv);
  // The module-level values of the unit's code are named after the unit (`validate0_Batching`, `pattern2_Batching`),
  // so that the units of an API share one module without a clash.
  suffixModuleNames(ajv, unitTag(unit));
  const errorMessages = runtimeImport(unit.module, "validation/error-messages.js");
  addDispatchKeyword(ajv, errorMessages);
  shortcutDispatchedPatterns(ajv, unit.schemas);
  // Another unit's function, by its export name: AJV's code for a referenced schema (its errors joined to the
  // caller's, its instance path below the caller's).
  ajv.addKeyword({
    keyword: CALL,
    schemaType: "string",
    code: (cxt: KeywordCxt) => callReferencedFunction(cxt, new Name(String(cxt.schema))),
  });
  addFormats(ajv, unit.formats as Parameters<typeof addFormats>[1] & string[]);
  ajv.addKeyword({ keyword: "x-secret", schemaType: "boolean" });
  try {
    for (const schema of unit.schemas) ajv.addSchema(schema);
    const compile = () =>
      withValidationErrorObjects(
        { jsonText: runtimeImport(unit.module, "json/json-text.js"), errorMessages, pointersFromRoot: !unit.tracked },
        () => standaloneCode(ajv, { [unit.functionName]: String(unit.schemas[0]?.$id) }),
      );
    return withoutErrorCount(
      withPropertyKeys(
        withFastPatterns(
          unit.tracked ? compile() : plainSignatures(withPlainCalls(errorMessages, compile), errorMessages),
        ),
      ),
    );
  } catch (error) {
    throw compileProblem(files, error as Error);
  }
}

/** Loads AJV ahead of the first compile (a worker thread is asked to when watch mode starts): this module imports it. */
export function preloadValidators(): void {}
