/**
 * AJV's internals: the one file of the generator that reaches past AJV's public API. That API is `ajv/dist/2020`
 * (`Ajv2020`, the custom-keyword context `KeywordCxt`, the code builders `_`, `str`, `nil` and `Name`) and
 * `ajv/dist/standalone`. AJV has no option for what the validator emitter changes in its code. So the emitter
 * reads AJV's private modules, swaps two of their functions while a unit compiles, and rewrites the standalone
 * code with the regular expressions below, each of which describes a shape of AJV's output.
 *
 * ajv is pinned to one exact version in package.json for this file's sake. test/ajv-internals.test.ts checks every
 * assumption made here against the installed AJV, and names the one an upgrade broke; this file is the one to update
 * (then `npm run generate`, and review the diff of generated/).
 */
import { createRequire } from "node:module";
import type { Ajv2020, Code, CodeGen, KeywordCxt, Name } from "ajv/dist/2020.js";
import type { JsonObject } from "../../../runtime/json/json-text.js";

/** AJV's private modules this file reads, by specifier (test/ajv-internals.test.ts loads each one). */
export const AJV_PRIVATE_MODULES = {
  resolve: "ajv/dist/compile/resolve.js",
  codegen: "ajv/dist/compile/codegen/index.js",
  util: "ajv/dist/compile/util.js",
  names: "ajv/dist/compile/names.js",
  errors: "ajv/dist/compile/errors.js",
  code: "ajv/dist/vocabularies/code.js",
  ref: "ajv/dist/vocabularies/core/ref.js",
} as const;

/**
 * What AJV gives an error reporter, the parts read here: a keyword's context (a `KeywordCxt`, or for a `type` error a
 * plain object with these fields), with its error params and the compilation state, which AJV's types do not show.
 */
export interface ReportingContext {
  gen: CodeGen;
  keyword: string;
  schema: unknown;
  $data?: string | false;
  params: Record<string, unknown>;
  it: {
    errorPath: Code | string;
    createErrors?: boolean;
    compositeRule?: boolean;
    allErrors?: boolean;
    validateName: Name;
    schemaEnv: { $async?: boolean };
  };
}

/** AJV's code of a keyword's error: `reportError` (the keyword fails) and `reportExtraError` (one more error). */
export type ErrorReporter = (
  cxt: ReportingContext,
  error?: ErrorDefinition,
  errorPaths?: { instancePath?: Code | string },
  overrideAllErrors?: boolean,
) => void;

/** What a keyword says about its error (AJV's `KeywordErrorDefinition`, the part read here). */
export interface ErrorDefinition {
  message: string | Code | ((cxt: KeywordCxt) => string | Code);
}

/** AJV's code of a call to another compiled function (`callValidateCode`): `f(data, {instancePath, …})`. */
export type CallCode = (cxt: KeywordCxt, func: Code | Name, context?: Code, passSchema?: boolean) => Code;

/** What this file reads of each private module. */
interface PrivateModules {
  resolve: { inlineRef: (schema: JsonObject, limit: number) => boolean };
  codegen: { getProperty: (key: string) => Code; strConcat: (a: Code | Name, b: Code | string) => Code };
  util: {
    getErrorPath: (dataProp: Name | string | number, type: number) => Code | string;
    escapeJsonPointer: (text: string) => string;
    Type: { Str: number };
  };
  names: { default: Record<"instancePath" | "errors" | "vErrors", Name> };
  errors: { reportError: ErrorReporter; reportExtraError: ErrorReporter; keywordError: ErrorDefinition };
  code: { callValidateCode: CallCode };
  ref: { callRef: (cxt: KeywordCxt, validate: Name) => void };
}

// The CommonJS module objects themselves, through which AJV's keywords call one another: a swap must change the
// object AJV reads (an ES import would give a copy of the exports, or `exports.default`, depending on the loader).
const require = createRequire(import.meta.url);
const loaded: Partial<PrivateModules> = {};

/**
 * The error of a run stopped by an assumption of this file that the installed AJV breaks (`what` it changed), saying
 * what to do.
 */
export function ajvChanged(what: string, cause?: unknown): Error {
  const { version } = require("ajv/package.json") as { version: string };
  return new Error(
    `AJV ${version} changed ${what}: update generator/emit/validators/ajv-internals.ts ` +
      "(test/ajv-internals.test.ts checks each of its assumptions)",
    cause === undefined ? undefined : { cause },
  );
}

/** A private module, loaded on first use; a module the installed AJV no longer has stops the run saying so. */
function privateModule<Key extends keyof PrivateModules>(key: Key): PrivateModules[Key] {
  if (loaded[key] !== undefined) return loaded[key];
  const specifier = AJV_PRIVATE_MODULES[key];
  try {
    return (loaded[key] = require(specifier) as PrivateModules[Key]);
  } catch (error) {
    throw ajvChanged(`its modules (${specifier} is gone)`, error);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Private functions and values, read as they are

/**
 * Whether AJV inlines a referenced `schema` into its referrer's code under the option `inlineRefs: limit`
 * (compile/resolve.ts `inlineRef`): a small leaf schema, without `$ref`, of at most `limit` keywords.
 */
export const inlinesReference = (schema: JsonObject, limit: number): boolean =>
  privateModule("resolve").inlineRef(schema, limit);

/** The code of a property access as AJV writes it: `.type` for an identifier, `["x-y"]` otherwise. */
export const propertyAccess = (key: string): Code => privateModule("codegen").getProperty(key);

/** `a + b` as AJV joins the code of two strings (two constants become one literal). */
export const stringConcat = (a: Code | Name, b: Code | string): Code => privateModule("codegen").strConcat(a, b);

/** The code of the instance path of a property `property` (a name of the payload or a constant) below its object. */
export const propertyErrorPath = (property: Name | string): Code | string => {
  const { getErrorPath, Type } = privateModule("util");
  return getErrorPath(property, Type.Str);
};

/** A JSON pointer segment as AJV escapes it (`~` → `~0`, `/` → `~1`). */
export const escapeJsonPointer = (text: string): string => privateModule("util").escapeJsonPointer(text);

/**
 * The variables of AJV's generated functions: the instance path, the error count and the error array (each read
 * from AJV's table of names when used).
 */
export const AJV_NAMES: Readonly<Record<"instancePath" | "errors" | "vErrors", Name>> = {
  get instancePath() {
    return privateModule("names").default.instancePath;
  },
  get errors() {
    return privateModule("names").default.errors;
  },
  get vErrors() {
    return privateModule("names").default.vErrors;
  },
};

/** The error AJV reports for a keyword whose definition gives none ("must pass … keyword validation"). */
export const defaultKeywordError = (): ErrorDefinition => privateModule("errors").keywordError;

/**
 * AJV's code for a call to a referenced schema's function `validate`, as its `$ref` keyword writes it
 * (vocabularies/core/ref.ts `callRef`): the callee's errors joined to the caller's, its instance path below the
 * caller's.
 */
export const callReferencedFunction = (cxt: KeywordCxt, validate: Name): void =>
  privateModule("ref").callRef(cxt, validate);

/**
 * The value of `code` when it is the code of a string constant (AJV writes a constant as its JSON literal:
 * `"type"`); undefined for any other code (a variable of the payload, a computed name).
 */
export function stringConstant(code: Code | Name | string): string | undefined {
  const text = String(code);
  if (!text.startsWith('"')) return undefined;
  try {
    return JSON.parse(text) as string;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Functions swapped while a unit compiles (AJV compiles synchronously; each is put back after)

/**
 * Runs `compile` with AJV's two error reporters (compile/errors.ts `reportError` and `reportExtraError`, which
 * every keyword calls through the module object) replaced by `reporters`.
 */
export function withErrorReporters<T>(
  reporters: { reportError: ErrorReporter; reportExtraError: ErrorReporter },
  compile: () => T,
): T {
  const errorsModule = privateModule("errors");
  const original = { reportError: errorsModule.reportError, reportExtraError: errorsModule.reportExtraError };
  Object.assign(errorsModule, reporters);
  try {
    return compile();
  } finally {
    Object.assign(errorsModule, original);
  }
}

/**
 * Runs `compile` with AJV's code of a call to another function (vocabularies/code.ts `callValidateCode`, which
 * `$ref` and `callReferencedFunction` reach through the module object) replaced by `replace(AJV's own)`.
 */
export function withCallCode<T>(replace: (ajvCallCode: CallCode) => CallCode, compile: () => T): T {
  const codeModule = privateModule("code");
  const original = codeModule.callValidateCode;
  codeModule.callValidateCode = replace(original);
  try {
    return compile();
  } finally {
    codeModule.callValidateCode = original;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One AJV instance's internal state

/**
 * Names every module-level value of `ajv`'s code with `suffix` (`validate0` → `validate0_Batching`, `pattern2` →
 * `pattern2_Batching`). AJV numbers them per instance and has no option for it; its scope makes every such name with
 * `_newName`.
 */
export function suffixModuleNames(ajv: Ajv2020, suffix: string): void {
  const scope = ajv.scope as unknown as { _newName(prefix: string): string };
  const numbered = scope._newName.bind(scope);
  scope._newName = (prefix) => `${numbered(prefix)}_${suffix}`;
}

/**
 * Turns off `ajv`'s run-time tracking of evaluated properties and items and of dynamic scopes. Ajv2020's constructor
 * sets the options `unevaluated` and `dynamicRef` whatever it is given, so they are set after it.
 */
export function withoutEvaluationTracking(ajv: Ajv2020): void {
  Object.assign(ajv.opts, { unevaluated: false, dynamicRef: false });
}

/**
 * Replaces the code of `ajv`'s `pattern` keyword (this instance's copy of its definition, in `ajv.RULES`) by
 * `code`, which is given AJV's own code to call.
 */
export function replacePatternCode(
  ajv: Ajv2020,
  code: (cxt: KeywordCxt, ajvCode: (cxt: KeywordCxt) => void) => void,
): void {
  const rule = (ajv.RULES.all as Record<string, { definition: { code: (cxt: KeywordCxt) => void } } | true>).pattern;
  if (rule === undefined || rule === true) throw ajvChanged("its rules (no pattern keyword in ajv.RULES.all)");
  const { definition } = rule;
  const ajvCode = definition.code;
  definition.code = (cxt) => code(cxt, ajvCode);
}

/**
 * Runs AJV's code of a keyword (`run`) with its failure condition (AJV's `pattern` reports `!pattern0.test(data)`
 * through `cxt.fail$data`) rewritten by `rewrite`. Returns the condition AJV reported, or undefined if it reported
 * none.
 */
export function withFailureCondition(
  cxt: KeywordCxt,
  rewrite: (failure: Code) => Code,
  run: () => void,
): Code | undefined {
  let reported: Code | undefined;
  const fail$data = cxt.fail$data.bind(cxt);
  cxt.fail$data = (failure) => {
    reported = failure;
    fail$data(rewrite(failure));
  };
  try {
    run();
  } finally {
    cxt.fail$data = fail$data;
  }
  return reported;
}

// ---------------------------------------------------------------------------------------------------------------
// AJV's messages

/** Where AJV's compile error says it happened: `at "<$id>#<pointer>"` (the `$id` and the pointer captured). */
export const COMPILE_ERROR_LOCATION = /at "([^"#]*)#?([^"]*)"/;
/** The same location, with its leading space, as it is cut from the message. */
export const COMPILE_ERROR_LOCATION_TEXT = / at "[^"]*"/;

// ---------------------------------------------------------------------------------------------------------------
// The shapes of AJV's standalone code (`code: { source: true, esm: true, optimize: true, lines: true }`), which the
// emitter rewrites. A module-level name is `<prefix><n>_<unit>` (`suffixModuleNames`).

/** The line a standalone module starts with. */
export const STRICT_MODE_LINE = /^"use strict";/;

/** An export of the standalone ES module: `export const validateBatching = validate0_Batching;`. */
export const STANDALONE_EXPORT = /^export const (\w+) =/gm;

/** A module the code requires (AJV's run-time helpers, `require("ajv/dist/runtime/ucs2length").default`). */
export const REQUIRE_CALL = /require\("([^"]+)"\)/g;

/**
 * A module-level constant naming a function of a run-time module, once the requires are hoisted as `runtime<n>`
 * (index.ts `hoistRequires`): `const func1_Batching = runtime0.pushError;`.
 */
export const RUNTIME_FUNCTION_ALIAS = /^const (func\d+_\w+) = (runtime\d+\.\w+);\n/gm;

/**
 * A module-level constant, one line: a pattern, the formats table, a function (AJV's prefixes `pattern`, `formats`,
 * `func`), or the emitter's property keys (property-keys.ts).
 */
export const UNIT_CONSTANT = /^const ((?:pattern|formats|func|propertyKeys)\d+_\w+) = (.+);\n/gm;

/** A regular expression as AJV writes one, with a global or sticky flag (`lastIndex` would be shared). */
export const STATEFUL_REGEXP = /new RegExp\("(?:[^"\\\n]|\\.)*", "[^"]*[gy][^"]*"\)/;

/** A pattern's constant: `const pattern3_Message = new RegExp("<JSON string>", "u");`. */
export const PATTERN_CONSTANT = /^const (pattern\d+_\w+) = new RegExp\(("(?:[^"\\\n]|\\.)*"), ("u?")\);$/gm;

/** A schema's constant, one line, its value the schema as JSON: `const schema0_Config = {…};`. */
export const SCHEMA_CONSTANT = /^const (schema\d+_\w+) = (.*);\n/gm;

/**
 * AJV's check of a key of an object closed by `additionalProperties: false` whose `properties` list more than 8
 * names: `<hasOwnProperty>.call(<schema constant>.properties…, key0)`, the path to the object's subschema as `.name`
 * and `["name"]` segments (`PROPERTY_PATH_SEGMENT`).
 */
export const OWN_PROPERTY_CHECK =
  /\.call\((schema\d+_(\w+))((?:\.\w+|\["(?:[^"\\]|\\.)*"\])*)\.properties, (key\d+)\)/g;
/** One segment of AJV's code of a property path (`propertyAccess`): `.name` or `["name"]`. */
export const PROPERTY_PATH_SEGMENT = /\.(\w+)|\[("(?:[^"\\]|\\.)*")\]/g;

/**
 * AJV's check of an optional property typed as a string or a boolean, its error pushed by the run time
 * (error-objects.ts), once the requires are hoisted: the value's expression, its JSON type, the run-time module and
 * the pointer's suffix.
 *
 *     if(data.name !== undefined){
 *     if(typeof data.name !== "string"){
 *     vErrors = runtime0.pushStringTypeError(vErrors, instancePath+"/name");
 *     }
 *     }
 */
export const OPTIONAL_TYPED_PROPERTY =
  /^if\((data\d*(?:\.[A-Za-z_$][\w$]*|\["(?:[^"\\\n]|\\.)*"\])) !== undefined\)\{\nif\(typeof \1 !== "(string|boolean)"\)\{\nvErrors = (runtime\d+)\.push(String|Boolean)TypeError\(vErrors, instancePath\+("(?:[^"\\\n]|\\.)*")\);\n\}\n\}$/gm;

/**
 * The parameter list of every generated function (the unit compiled without `dynamicRef`), and the `sourceURL`
 * comment that may follow it.
 */
export const CONTEXT_PARAMETER =
  /, \{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}\)\{\n(\/\*# sourceURL="[^"\n]*" \*\/;\n)?/g;
/** The names of AJV's call context besides the instance path. */
export const CONTEXT_NAMES = /\b(?:parentData|parentDataProperty|rootData|dynamicAnchors)\b/;

/** AJV's merge of a failed callee's errors into the caller's: a new array (`concat`) per call. */
export const CONCAT_ERRORS = /^vErrors = vErrors === null \? ([\w.]+)\.errors : vErrors\.concat\(\1\.errors\);$/gm;
/**
 * A call written by plain-calls.ts `withPlainCalls`, `(f(data) || prefix(f, pointer))`, as AJV puts it in an `if`
 * whose first line merges the callee's errors (`CONCAT_ERRORS`).
 */
export const CALL_THEN_APPEND =
  /^if\(!\(\(([\w.]+)\((.+)\) \|\| \w+\(\1, (.+)\)\)\)\)\{\nvErrors = vErrors === null \? \1\.errors : vErrors\.concat\(\1\.errors\);$/gm;

/**
 * The lines of AJV's error count `errors`: declared, added to per error, set after a callee's errors are merged.
 * `ERROR_COUNT_RESULT` is the function's result.
 */
export const ERROR_COUNT_LINES = /^(?:let errors = 0;|errors\+\+;|errors = vErrors\.length;)\n/gm;
export const ERROR_COUNT_RESULT = /^return errors === 0;$/gm;
/** Any other read of the count: a composite rule (`anyOf`, `oneOf`, `if`, `contains`) compares and resets it. */
export const ERROR_COUNT_READ = /(?<![.\w])errors\b/;
/** A composite rule's reset of the error list to an earlier length. */
export const ERROR_LIST_RESET = /(?<!let )\bvErrors = null\b|\bvErrors\.length = /;

/** AJV's instance path of an item of an array below a function's root: `"<head>" + i<N>`, then maybe ` + "<tail>"`. */
export const ITEM_PATH = /^("(?:[^"\\]|\\.)*") ?\+ ?(i\d+)(?: ?\+ ?("(?:[^"\\]|\\.)*"))?$/;
/** An instance path that is one constant string: `"/filter"`. */
export const CONSTANT_PATH = /^"(?:[^"\\]|\\.)*"$/;
