/**
 * One home for how `specfirst validate` checks one JSON text: strict reading (runtime/json/read-json.ts), then the
 * chosen validator, then each error's line:column in the text. Used for whole files, for NDJSON records on the main
 * thread and in the NDJSON worker threads alike, so every path reports the same results.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JsonSyntaxError, locatePointer } from "../json/json-text.js";
import { readJsonText } from "../json/read-json.js";

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

export type Check = (data: unknown) => ValidationResult;

/** Where `npm run build` puts the bundle of `specfirst/validators` (scripts/bundle.mjs), seen from dist/runtime/cli/. */
const BUNDLED_VALIDATORS = new URL("../../bundle/validators.js", import.meta.url);

/**
 * The validators of every API: compiled, the one-file bundle of `specfirst/validators` when the build holds it
 * (quicker to load, on the main thread and in each worker thread alike); otherwise the module tree.
 */
export async function loadValidators(): Promise<ValidatorsModule> {
  if (BUNDLED_VALIDATORS.protocol === "file:" && existsSync(fileURLToPath(BUNDLED_VALIDATORS)))
    return (await import(BUNDLED_VALIDATORS.href)) as ValidatorsModule;
  return (await import("../../generated/validators.js")) as ValidatorsModule;
}

export function createCheck(validators: ValidatorsModule, target: CheckTarget): Check {
  if ("mediaType" in target) {
    const mediaType = target.mediaType;
    return (data) => validators.validateDocument(mediaType, data);
  }
  const name = target.name;
  return (data) => validators.validate(name, data);
}

/** A checked text: valid, invalid against the schema, or not readable as JSON (`readable: false`). */
export interface CheckedText {
  valid: boolean;
  readable: boolean;
  /** Each with the line:column in the text (line 1 is the text's first line). */
  errors: ReportedError[];
}

/** Reads (bytes are decoded strictly) and checks one JSON text. */
export function checkJsonText(input: Uint8Array | string, check: Check): CheckedText {
  let read: { text: string; value: unknown };
  try {
    read = readJsonText(input);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { valid: false, readable: false, errors: [{ pointer: "", message: error.message, ...error.position }] };
  }
  const outcome = check(read.value);
  if (outcome.valid) return VALID;
  return {
    valid: false,
    readable: true,
    errors: outcome.errors.map((e) => ({
      pointer: e.pointer,
      message: e.message,
      ...locatePointer(read.text, e.pointer),
    })),
  };
}

const VALID: CheckedText = Object.freeze({ valid: true, readable: true, errors: [] }) as CheckedText;
