/**
 * One home for how `specfirst validate` checks one JSON text: strict reading (runtime/json/read-json.ts), then the
 * chosen validator, then each error's line:column in the text. Used for whole files, for NDJSON records on the main
 * thread and in the NDJSON worker threads alike, so every path reports the same results (the record loop of
 * runtime/cli/ndjson.ts checks the lines of a decoded batch with `checkJsonText`'s own parts: `STRICT`,
 * `unreadable`, `invalidText`).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JsonSyntaxError, locatePointer, parseJson } from "../json/json-text.js";
import { decodeJsonText } from "../json/read-json.js";
import { listErrors, type ListedErrors } from "../validation/listed-errors.js";
import { apiValidatorModules, schemaApis } from "../../generated/schema-apis.js";

/** The part of generated/validators.js this command uses. */
export interface ValidatorsModule {
  schemaNames: readonly string[];
  validate(name: string, data: unknown): ValidationResult;
  validateDocument(mediaType: string, data: unknown): ValidationResult;
}
export type ValidationResult =
  { valid: true } | { valid: false; errors: { pointer: string; message: string; keyword: string }[] };

export interface ReportedError {
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

/** What a check validates against: a schema by name, or the content documents of a media type. */
export type CheckTarget = { name: string } | { mediaType: string };

/** A check's verdict: valid, or the errors listed (at most `maxErrors`, runtime/validation/listed-errors.ts). */
export type CheckResult =
  { valid: true } | ({ valid: false } & ListedErrors<{ pointer: string; message: string; keyword: string }>);

export type Check = (data: unknown) => CheckResult;

/**
 * Where `npm run build` puts the bundles of `specfirst/validators` and `specfirst/<api>/validators`
 * (scripts/bundle.mjs), seen from dist/runtime/cli/.
 */
const BUNDLE_DIR = new URL("../../bundle/", import.meta.url);

/**
 * The validators a check needs: those of the one API that holds the schema when the target names a known schema
 * (generated/schema-apis.ts; the other APIs' code is never read: a quicker start, on the main thread and in each
 * worker thread alike), otherwise (a media type, or a name no API holds, whose error lists every API's names) those
 * of every API. Each is the one-file bundle of its entry point when the build holds it (quicker to load), otherwise
 * the module tree.
 */
export async function loadValidators(target: CheckTarget): Promise<ValidatorsModule> {
  const api = "name" in target && Object.hasOwn(schemaApis, target.name) ? schemaApis[target.name] : undefined;
  const bundled = new URL(api === undefined ? "validators.js" : `${api}/validators.js`, BUNDLE_DIR);
  if (bundled.protocol === "file:" && existsSync(fileURLToPath(bundled)))
    return (await import(bundled.href)) as ValidatorsModule;
  if (api === undefined) return (await import("../../generated/validators.js")) as ValidatorsModule;
  return (await (apiValidatorModules[api] as () => Promise<unknown>)()) as ValidatorsModule;
}

/** The check of a target, listing at most `maxErrors` errors of an invalid value (`--max-errors`). */
export function createCheck(validators: ValidatorsModule, target: CheckTarget, maxErrors: number): Check {
  const listed = (result: ValidationResult): CheckResult =>
    result.valid ? result : { valid: false, ...listErrors(result.errors, maxErrors) };
  if ("mediaType" in target) {
    const mediaType = target.mediaType;
    return (data) => listed(validators.validateDocument(mediaType, data));
  }
  const name = target.name;
  return (data) => listed(validators.validate(name, data));
}

/** A checked text: valid, invalid against the schema, or not readable as JSON (`readable: false`). */
export interface CheckedText {
  valid: boolean;
  readable: boolean;
  /** Not readable: the error, with its line:column in the text (line 1 is the text's first line). Invalid: the
   * schema's errors, located in the text by `locateErrors`. */
  errors: ReportedError[];
  /** The number of errors found: more than `errors` holds when some were left out (`--max-errors`). */
  errorCount: number;
  /** Invalid against the schema: the text read, in which `locateErrors` finds each error's line:column. */
  text?: string;
}

/**
 * Reads (bytes are decoded strictly, under the rules of runtime/json/read-json.ts) and checks one JSON text. The
 * errors of a text that is invalid against the schema are not located yet (`locateErrors`): the NDJSON worker
 * threads leave that to the main thread, so that they compile and run only what a valid record needs.
 */
export function checkJsonText(input: Uint8Array | string, check: Check): CheckedText {
  let text: string;
  let value: unknown;
  try {
    text = decodeJsonText(input);
    value = parseJson(text, STRICT);
  } catch (error) {
    return unreadable(error);
  }
  const outcome = check(value);
  return outcome.valid ? VALID : invalidText(outcome, text);
}

/**
 * Reads (decoded strictly, as a JSON text is, then as YAML by runtime/json/read-yaml.ts) and checks one YAML text,
 * its errors located in the text at once. The YAML reader, and with it the `yaml` package, is loaded on the first
 * call only: nothing else loads them (docs/validating.md#yaml-input).
 */
export async function checkYamlText(input: Uint8Array, check: Check): Promise<CheckedText> {
  const { readYaml, YamlInputError } = await import("../json/read-yaml.js");
  let read;
  try {
    read = readYaml(decodeJsonText(input));
  } catch (error) {
    if (!(error instanceof YamlInputError)) return unreadable(error);
    return {
      valid: false,
      readable: false,
      errors: [{ pointer: "", message: error.message, ...error.position }],
      errorCount: 1,
    };
  }
  const outcome = check(read.value);
  if (outcome.valid) return VALID;
  const errors = outcome.errors.map(({ pointer, message }) => ({ pointer, message, ...read.locate(pointer) }));
  return { valid: false, readable: true, errors, errorCount: outcome.errorCount ?? errors.length };
}

/**
 * The errors of a checked text, each with its line:column, the text's first line numbered `firstLine` (an NDJSON
 * record's line in its stream; 1 for a whole file). Each error is built whole, not spread from two objects: this
 * runs for every error the CLI reports, and spreading cost a third of writing an invalid record's findings.
 */
export function locateErrors(checked: CheckedText, firstLine = 1): ReportedError[] {
  const text = checked.text;
  const located: ReportedError[] = [];
  for (const error of checked.errors) {
    const position = text === undefined ? error : locatePointer(text, error.pointer);
    if (position.line === undefined) located.push(error);
    else
      located.push({
        pointer: error.pointer,
        message: error.message,
        line: position.line + firstLine - 1,
        column: position.column,
      });
  }
  return located;
}

/** How `checkJsonText` reads a decoded text with `parseJson`: a key repeated in one object is an error. */
export const STRICT = { duplicateKeys: true };

/** A text `parseJson` could not read (it threw `error`): not readable, the error at its line:column. */
export function unreadable(error: unknown): CheckedText {
  if (!(error instanceof JsonSyntaxError)) throw error;
  return {
    valid: false,
    readable: false,
    errors: [{ pointer: "", message: error.message, ...error.position }],
    errorCount: 1,
    text: undefined,
  };
}

/** A text read, invalid against the schema: the errors listed, not located yet (`locateErrors`), and their count. */
export function invalidText(
  { errors, errorCount }: ListedErrors<{ pointer: string; message: string }>,
  text: string,
): CheckedText {
  return { valid: false, readable: true, errors: errors.map(reported), errorCount: errorCount ?? errors.length, text };
}

/** A validator's error, as reported (its keyword left out). */
function reported(error: { pointer: string; message: string }): ReportedError {
  return { pointer: error.pointer, message: error.message };
}

const VALID: CheckedText = Object.freeze({ valid: true, readable: true, errors: [], errorCount: 0 }) as CheckedText;
