import { toErrors, type PatternHints, type ReportedErrors } from "./error-messages.js";
import { copyData, redactInPlace, type SecretShape } from "./redact-secret-fields.js";
import { VALID, type ValidationError, type ValidationResult } from "./result.js";

/**
 * An AJV standalone validation function, as the generator compiles it: its errors are already `{ pointer, message,
 * keyword }` (generator/emit/validators/error-objects.ts), those of the validators it called nested below its
 * pointers (`NestedErrors`); `validate()` returns them flat, once each (`toErrors`).
 */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ReportedErrors | null;
}

/** What the generator knows of one schema, as data (generated/<api>/validators.ts). */
export interface SchemaEntry {
  check: CompiledValidator;
  /**
   * Where its secret values are, when that is not `secretShapes[<its name>]`: a variant twin (`config-lenient`)
   * names its schema's shape here. The generated tables write each shape once, in `secretShapes`: every process
   * builds the table when it loads the validators.
   */
  secrets?: SecretShape;
}

/** Everything a validator set is made of: plain data and compiled functions. */
export interface ValidatorTable<Name extends string = string> {
  schemas: Readonly<Record<Name, SchemaEntry>>;
  /** Shapes named by `r` in a secret shape (one per schema that has secrets). */
  secretShapes: Readonly<Record<string, SecretShape>>;
  patternHints: PatternHints;
  /** Media type → name of the schema of its document. */
  documentSchemas: Readonly<Record<string, Name>>;
}

export interface ValidatorSet<Name extends string = string> {
  readonly table: ValidatorTable<Name>;
  /** Names accepted by `validate`. */
  readonly schemaNames: readonly Name[];
  /** Media type → name of the schema of its document. */
  readonly documentSchemas: Readonly<Record<string, Name>>;
  /**
   * Validates `data` against the schema called `name`: `{ valid: true }` (frozen, shared) or `{ valid: false,
   * errors }`. Error messages never quote the payload.
   * @throws TypeError when `name` is not a schema name.
   */
  validate(name: Name, data: unknown): ValidationResult;
  /**
   * Validates a bare content document of a media type (compared case-insensitively); an unknown media type accepts
   * any string or object.
   */
  validateDocument(mediaType: string, data: unknown): ValidationResult;
  /**
   * A deep copy of `data` (any depth) with the value of every field marked secret in the schema `name` replaced by
   * "[REDACTED]", whatever its type.
   * @throws TypeError when `name` is not a schema name.
   */
  redact<T>(name: Name, data: T): T;
  /** True when `data` is valid against `name` (a payload nested too deeply is not). */
  is(name: Name, data: unknown): boolean;
}

const TOO_DEEP: readonly ValidationError[] = Object.freeze([
  Object.freeze({ pointer: "", message: "is nested too deeply to validate", keyword: "depth" }),
]);
const NOT_A_DOCUMENT: readonly ValidationError[] = Object.freeze([
  Object.freeze({ pointer: "", message: "must be a string or an object", keyword: "type" }),
]);

/** The public validation API over a table of compiled validators. */
export function createValidatorSet<Name extends string>(table: ValidatorTable<Name>): ValidatorSet<Name> {
  const entries = new Map<string, SchemaEntry>(Object.entries(table.schemas) as [Name, SchemaEntry][]);
  const schemaNames = Object.freeze([...entries.keys()] as Name[]);
  const unknownName = () => new TypeError(`Unknown schema name; expected one of: ${schemaNames.join(", ")}`);
  const { patternHints, secretShapes, documentSchemas } = table;
  let lowerCaseDocuments: Map<string, Name> | undefined;

  function validate(name: Name, data: unknown): ValidationResult {
    const entry = entries.get(name);
    if (entry === undefined) throw unknownName();
    const check = entry.check;
    // A payload nested deeper than the call stack allows is invalid, not a crash (the stack may also run out on the
    // few frames `toErrors` adds, when `validate` is called with little of it left).
    try {
      if (check(data)) return VALID;
      return { valid: false, errors: toErrors(check.errors, patternHints) };
    } catch (error) {
      if (error instanceof RangeError) return { valid: false, errors: TOO_DEEP.map((e) => ({ ...e })) };
      throw error;
    }
  }

  return Object.freeze({
    table,
    schemaNames,
    documentSchemas,
    validate,
    validateDocument(mediaType: string, data: unknown): ValidationResult {
      if (Object.hasOwn(documentSchemas, mediaType)) return validate(documentSchemas[mediaType] as Name, data);
      // Media types are case-insensitive (RFC 2045): a bare document of `TEXT/PLAIN` is checked as text/plain. (In an
      // envelope the `type` field must use the known spelling; here the media type is the caller's argument.)
      const known = (lowerCaseDocuments ??= new Map(
        Object.entries(documentSchemas).map(([type, name]) => [type.toLowerCase(), name as Name]),
      )).get(mediaType.toLowerCase());
      if (known !== undefined) return validate(known, data);
      const open = typeof data === "string" || (typeof data === "object" && data !== null && !Array.isArray(data));
      return open ? VALID : { valid: false, errors: NOT_A_DOCUMENT.map((e) => ({ ...e })) };
    },
    redact<T>(name: Name, data: T): T {
      const entry = entries.get(name);
      if (entry === undefined) throw unknownName();
      const copy = copyData(data);
      const shape = entry.secrets ?? (Object.hasOwn(secretShapes, name) ? secretShapes[name] : undefined);
      return shape === undefined ? copy : (redactInPlace(shape, copy, secretShapes) as T);
    },
    is(name: Name, data: unknown): boolean {
      const entry = entries.get(name);
      if (entry === undefined) throw unknownName();
      try {
        return entry.check(data);
      } catch (error) {
        if (error instanceof RangeError) return false;
        throw error;
      }
    },
  });
}

/** One table holding the schemas of several (per-API tables, for the aggregate `specfirst/validators`). */
export function mergeValidatorTables<Name extends string>(tables: readonly ValidatorTable[]): ValidatorTable<Name> {
  const merged = { schemas: {}, secretShapes: {}, patternHints: {}, documentSchemas: {} } as {
    [K in keyof ValidatorTable]: Record<string, unknown>;
  };
  for (const table of tables) {
    for (const key of Object.keys(merged) as (keyof ValidatorTable)[]) {
      for (const [name, value] of Object.entries(table[key])) {
        if (key === "schemas" && Object.hasOwn(merged.schemas, name))
          throw new Error(`schema name ${name} is used by two APIs`);
        merged[key][name] = value;
      }
    }
  }
  return merged as unknown as ValidatorTable<Name>;
}
