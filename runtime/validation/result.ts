/** One broken rule: where (JSON pointer into the payload), what (plain words), and which JSON Schema keyword. */
export interface ValidationError {
  pointer: string;
  message: string;
  keyword: string;
}

/** A valid result is one shared frozen object; an invalid one is new on every call. */
export type ValidationResult = { readonly valid: true } | { valid: false; errors: ValidationError[] };

/** The result of every valid call: one frozen object, so the happy path allocates nothing. */
export const VALID: { readonly valid: true } = Object.freeze({ valid: true });

/** What a client or webhook handler needs of a set of validators: `validate(name, data)`. */
export interface Validates<Name extends string = string> {
  validate(name: Name, data: unknown): ValidationResult;
}
