/**
 * The error objects of the generated validators are built in the shape `validate()` returns, `{ pointer, message,
 * keyword }`, with the message already written (runtime/validation/error-messages.ts `ruleMessage`) and the part of
 * the pointer the check wrote (`relative`, which `toErrors` drops): an invalid payload then costs one small object
 * per error, where AJV's shape (instancePath, schemaPath, params, message) would have to be built and then converted.
 *
 * AJV has no option for the shape of its error objects. While the validators compile, its two reporting functions
 * are replaced by ones that build this shape (ajv-internals.ts `withErrorReporters`). Everything else of AJV's error handling
 * (counting, `allErrors`, composite rules, `createErrors: false` inside conditions) is as AJV does it.
 *
 * The pointer is AJV's `instancePath`; for `required` and `additionalProperties` it goes on to the property
 * (`/content`, `/input/kafka/consumer_grop`), escaped as a JSON pointer segment. Keywords `ruleMessage` has no words
 * for keep AJV's message code ("must be >= 0").
 */
import { _, Name, str } from "ajv/dist/2020.js";
import type { Code, CodeGen, KeywordCxt } from "ajv/dist/2020.js";
import * as errorMessages from "../../../runtime/validation/error-messages.js";
import { escapePointerSegment } from "../../../runtime/json/json-text.js";
import {
  AJV_NAMES as N,
  CONSTANT_PATH,
  ERROR_COUNT_LINES,
  ERROR_COUNT_READ,
  ERROR_COUNT_RESULT,
  ERROR_LIST_RESET,
  ITEM_PATH,
  defaultKeywordError,
  escapeJsonPointer,
  propertyErrorPath,
  stringConcat,
  stringConstant,
  withErrorReporters,
  type ErrorDefinition,
  type ErrorReporter,
  type ReportingContext,
} from "./ajv-internals.js";

const { JSON_TYPES, itemPointer, ruleMessage } = errorMessages;

/**
 * Message of a `type` error naming one JSON type → the run-time function that reports it from the pointer alone
 * (`pushStringTypeError` …, runtime/validation/error-messages.ts), chosen by the message so that the error is the
 * one `pushError` would build.
 */
const TYPE_ERROR_PUSHERS = new Map(
  JSON_TYPES.map((type) => [ruleMessage("type", type), `push${type[0]!.toUpperCase()}${type.slice(1)}TypeError`]),
);

/**
 * An error's fields, as code: `{ pointer, message, keyword }` in that order in every error object, and for an item
 * of an array the parts of its pointer (`item`). For a key of the payload an `additionalProperties: false` object
 * does not list, the object's pointer and the key in place of the pointer (the run time escapes the key,
 * `pushUnknownProperty`).
 */
type ErrorFields = { message: string | Code; keyword: string } & (
  | { pointer: Code; item?: ItemPath; unknownKey?: undefined }
  | { pointer?: undefined; unknownKey: { object: Code; key: Name } }
);

/**
 * What `withValidationErrorObjects` was given for the unit that compiles: the specifiers of runtime/json/json-text.js
 * and runtime/validation/error-messages.js from the compiled module, and whether its functions' pointers start at
 * `""` (the unit compiles with plain calls, plain-calls.ts).
 */
interface ErrorObjectsContext {
  jsonText: string;
  errorMessages: string;
  pointersFromRoot: boolean;
}
let runtimeModules: ErrorObjectsContext = { jsonText: "", errorMessages: "", pointersFromRoot: false };

/** The pointer of an item of an array, `head` + `index` + `tail` (`/options/` + i0 + `/order`). */
interface ItemPath {
  head: string;
  index: Name;
  tail: string;
}

/** `path` as an item's, where the unit's functions' pointers start at `""`; undefined for any other path. */
function itemPath(path: Code | string): ItemPath | undefined {
  if (!runtimeModules.pointersFromRoot) return undefined;
  const item = ITEM_PATH.exec(String(path));
  if (item === null) return undefined;
  const [, head, index, tail] = item;
  return {
    head: JSON.parse(head!) as string,
    index: new Name(index!),
    tail: tail === undefined ? "" : (JSON.parse(tail) as string),
  };
}

/**
 * The code of an error's pointer. An item's is a call to the run-time `itemPointer`, which keeps it as one flat
 * string for the first items, so that `toErrors` compares two such pointers cheaply.
 */
function pointerCode(gen: CodeGen, fields: { pointer: Code; item?: ItemPath }): Code {
  if (fields.item === undefined) return fields.pointer;
  const call = gen.scopeValue("func", {
    ref: itemPointer,
    code: _`require(${runtimeModules.errorMessages}).itemPointer`,
  });
  return _`${call}(${itemArguments(fields.item)})`;
}

/**
 * The code of the pointer `path` below the function's root, for the prefix of a call to another schema's validator
 * (plain-calls.ts): an item's from the run-time `itemPointer` (kept flat for the first items: no string built per
 * call), a constant as it is, where the pointers start at `""`; otherwise AJV's `instancePath` followed by `path`.
 */
export function pointerBelowRoot(gen: CodeGen, path: Code | string): Code {
  const item = itemPath(path);
  if (item !== undefined) return pointerCode(gen, { pointer: _`""`, item });
  if (runtimeModules.pointersFromRoot && typeof path !== "string" && CONSTANT_PATH.test(String(path))) return path;
  return stringConcat(N.instancePath, path);
}

/** `head, index` and `, tail` when there is one (the run time's `tail` defaults to `""`). */
const itemArguments = ({ head, index, tail }: ItemPath): Code =>
  tail === "" ? _`${head}, ${index}` : _`${head}, ${index}, ${tail}`;

/**
 * `/<name>` of the property a `required` or `additionalProperties` error is about: a constant, or, for a name of
 * the payload, code escaping it with the run-time `escapePointerSegment` (which skips the two regular expressions
 * AJV's own escaping runs when, as usual, there is nothing to escape).
 */
function propertySegment(gen: CodeGen, property: unknown): Code | string {
  if (property instanceof Name) {
    const escape = gen.scopeValue("func", {
      ref: escapePointerSegment,
      code: _`require(${runtimeModules.jsonText}).escapePointerSegment`,
    });
    return _`"/" + ${escape}(${property})`;
  }
  // a constant name arrives as the code of a string literal
  const text = String(property);
  return `/${escapeJsonPointer(stringConstant(text) ?? text)}`;
}

/** The pointer, message and keyword of the error a keyword reports (undefined where AJV creates no error objects). */
function errorFields(
  cxt: ReportingContext,
  error: ErrorDefinition,
  errorPaths: { instancePath?: Code | string } = {},
): ErrorFields | undefined {
  const { gen, it, keyword } = cxt;
  if (it.createErrors === false) return undefined;
  let path = errorPaths.instancePath
    ? str`${it.errorPath}${propertyErrorPath(errorPaths.instancePath as Name | string)}`
    : it.errorPath;
  const property =
    keyword === "required"
      ? cxt.params.missingProperty
      : keyword === "additionalProperties"
        ? cxt.params.additionalProperty
        : undefined;
  const written = cxt.$data ? undefined : ruleMessage(keyword, cxt.schema);
  const message =
    written ?? (typeof error.message === "function" ? error.message(cxt as unknown as KeywordCxt) : error.message);
  // a key of the payload a closed object does not list: `pushUnknownProperty` builds its pointer
  if (keyword === "additionalProperties" && property instanceof Name && written !== undefined)
    return { message, keyword, unknownKey: { object: stringConcat(N.instancePath, path), key: property } };
  if (property !== undefined) path = str`${path}${propertySegment(gen, property)}`;
  return { pointer: stringConcat(N.instancePath, path), item: itemPath(path), message, keyword };
}

// ajv/lib/compile/errors.ts, with the error objects above in place of AJV's (the validators are never `$async`), and
// AJV's inline append (`const err = {…}; if(vErrors === null){vErrors = [err];} else {vErrors.push(err);}`, at each of
// the hundreds of checks, code every process parses before its first validation) as a call to the run-time
// `pushError`, which builds the same object and appends it the same way (`pushUnknownProperty` for a key a closed
// object does not list: it also builds the pointer and the message; `push<Type>TypeError` for a value of the wrong
// JSON type: it also holds the message and the keyword). Inside conditions (no error objects) AJV's
// code stays.
function addError(gen: CodeGen, fields: ErrorFields | undefined): void {
  if (fields === undefined) {
    const err = gen.const("err", _`{}`);
    gen.if(_`${N.vErrors} === null`, () => gen.assign(N.vErrors, _`[${err}]`), _`${N.vErrors}.push(${err})`);
  } else gen.assign(N.vErrors, pushCall(gen, fields, N.vErrors));
  gen.code(_`${N.errors}++`);
}

/** The call that appends the error of `fields` to `list` (a list, or `null` for a new one) and returns the list. */
function pushCall(gen: CodeGen, fields: ErrorFields, list: Code | Name): Code {
  const runTime = (name: string) =>
    gen.scopeValue("func", {
      ref: (errorMessages as Record<string, unknown>)[name],
      code: _`require(${runtimeModules.errorMessages}).${new Name(name)}`,
    });
  if (fields.unknownKey !== undefined)
    return _`${runTime("pushUnknownProperty")}(${list}, ${fields.unknownKey.object}, ${fields.unknownKey.key})`;
  const typePusher = fields.keyword === "type" ? TYPE_ERROR_PUSHERS.get(fields.message as string) : undefined;
  if (typePusher !== undefined)
    // (an item's pointer as its parts: the pusher calls `itemPointer`, in fewer characters of code)
    return fields.item === undefined
      ? _`${runTime(typePusher)}(${list}, ${fields.pointer})`
      : _`${runTime(typePusher)}(${list}, ${itemArguments(fields.item)})`;
  return _`${runTime("pushError")}(${list}, ${pointerCode(gen, fields)}, ${fields.message}, ${fields.keyword})`;
}

function returnErrors(cxt: ReportingContext, errors: Code | Name): void {
  if (cxt.it.schemaEnv.$async) throw new Error("asynchronous schemas are not supported");
  cxt.gen.assign(_`${cxt.it.validateName}.errors`, errors);
  cxt.gen.return(false);
}

const reportError: ErrorReporter = (cxt, error = defaultKeywordError(), errorPaths, overrideAllErrors) => {
  const fields = errorFields(cxt, error, errorPaths);
  if (overrideAllErrors ?? (cxt.it.compositeRule || cxt.it.allErrors)) addError(cxt.gen, fields);
  else returnErrors(cxt, fields === undefined ? _`[{}]` : pushCall(cxt.gen, fields, _`null`));
};

const reportExtraError: ErrorReporter = (cxt, error = defaultKeywordError(), errorPaths) => {
  addError(cxt.gen, errorFields(cxt, error, errorPaths));
  if (!(cxt.it.compositeRule || cxt.it.allErrors)) returnErrors(cxt, N.vErrors);
};

/**
 * Runs `compile` (AJV compiling, synchronously) with the error objects built as `{ pointer, message, keyword }`
 * (`ErrorObjectsContext` says what the unit's code imports and where its pointers start).
 */
export function withValidationErrorObjects<T>(modules: ErrorObjectsContext, compile: () => T): T {
  runtimeModules = modules;
  try {
    return withErrorReporters({ reportError, reportExtraError }, compile);
  } finally {
    runtimeModules = { jsonText: "", errorMessages: "", pointersFromRoot: false };
  }
}

/**
 * A unit's code without AJV's error count, where the count only says whether an error was reported: each function
 * declares it (`let errors = 0;`), adds one per error (`errors++;`, at each of the hundreds of checks), sets it to
 * the length of the list after appending a callee's errors, and returns `errors === 0`. The list `vErrors` is
 * `null` until the first error and never emptied, so that result is `vErrors === null`. Code that reads the count
 * otherwise (a composite rule compares and resets it: `anyOf`, `oneOf`, `if`, `contains`) keeps it.
 */
export function withoutErrorCount(code: string): string {
  const rest = code.replace(ERROR_COUNT_LINES, "").replace(ERROR_COUNT_RESULT, "");
  if (ERROR_COUNT_READ.test(rest) || ERROR_LIST_RESET.test(rest)) return code;
  return code.replace(ERROR_COUNT_LINES, "").replace(ERROR_COUNT_RESULT, `return ${N.vErrors} === null;`);
}
