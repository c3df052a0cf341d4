/**
 * Who a change of the package's TypeScript API breaks, said of the value it concerns: the importers that produce it
 * (pass it in: an argument, an options object, what their callback returns), those that consume it (get it back: a
 * result, an error, what their callback is given), both, or nobody. compare.ts reads, for each declaration, which
 * way its values travel between the package and the importer, so a narrowed member of an options object breaks, and
 * of a result does not.
 */
export type ApiBreaks = "producers" | "consumers" | "both" | "none";

export type ApiFamily = "entry points" | "exports" | "parameters" | "returns" | "members" | "types" | "declarations";

export interface ApiRule {
  family: ApiFamily;
  breaks: ApiBreaks;
  /** The bump when the change breaks nobody: `minor` for an addition, `patch` otherwise (a breaking change is always `major`). */
  bump: "minor" | "patch";
  /** One sentence: why it breaks the importers it breaks, or why it does not. */
  why: string;
}

const rule = (family: ApiFamily, breaks: ApiBreaks, bump: ApiRule["bump"], why: string): ApiRule => ({
  family,
  breaks,
  bump,
  why,
});

/**
 * Every rule of the package API's diff, by id (in the style of the contract's, generator/diff/rules.ts). A rule that
 * breaks `producers` breaks importers only where the value is one they pass in, `consumers` only where they get it
 * back (docs/change-control.md#the-package-api).
 */
export const API_RULES = {
  "entry-point-added": rule("entry points", "none", "minor", "A new entry point: existing imports do not name it."),
  "entry-point-removed": rule(
    "entry points",
    "both",
    "patch",
    "Every import of the entry point fails to resolve, in TypeScript and at run time.",
  ),

  "export-added": rule("exports", "none", "minor", "A new export: existing imports do not name it."),
  "export-removed": rule(
    "exports",
    "both",
    "patch",
    "Importers that name it no longer compile, and plain JavaScript gets undefined.",
  ),
  "class-removed": rule(
    "exports",
    "both",
    "patch",
    "Importers that construct it, extend it or test instanceof against it no longer compile.",
  ),
  "error-class-removed": rule(
    "exports",
    "both",
    "patch",
    "Importers that catch it by class or by name no longer compile, and the errors they handled reach another branch.",
  ),
  "export-kind-changed": rule(
    "exports",
    "both",
    "patch",
    "It is another kind of declaration now (a class a function, a value a type only): code using it the old way no longer compiles.",
  ),

  "parameter-added-required": rule(
    "parameters",
    "producers",
    "minor",
    "Callers that do not pass the new parameter no longer compile.",
  ),
  "parameter-added": rule("parameters", "none", "minor", "A new optional parameter: callers may leave it out."),
  "parameter-removed": rule(
    "parameters",
    "both",
    "patch",
    "Callers that pass it no longer compile, and a function written to receive it (a callback) no longer fits.",
  ),
  "parameter-became-required": rule("parameters", "producers", "patch", "Callers that leave it out no longer compile."),
  "parameter-became-optional": rule(
    "parameters",
    "consumers",
    "patch",
    "A function written to receive it (a callback) may now be called without it.",
  ),
  "parameter-type-narrowed": rule(
    "parameters",
    "producers",
    "patch",
    "Values that callers passed before may no longer compile.",
  ),
  "parameter-type-widened": rule(
    "parameters",
    "consumers",
    "patch",
    "A function written to receive it (a callback) may be given values it does not handle.",
  ),
  "parameter-type-changed": rule(
    "parameters",
    "both",
    "patch",
    "The parameter takes another type: neither the callers' values nor the callbacks written for it are known to fit.",
  ),

  "return-type-narrowed": rule(
    "returns",
    "producers",
    "patch",
    "A function written to this signature (a callback) must now return less than before.",
  ),
  "return-type-widened": rule(
    "returns",
    "consumers",
    "patch",
    "Code that reads the result may get values it does not handle.",
  ),
  "return-type-changed": rule(
    "returns",
    "both",
    "patch",
    "The result is of another type: code that reads it, or a callback that returns it, is not known to fit.",
  ),
  "signature-added": rule(
    "parameters",
    "none",
    "minor",
    "A new overload: the calls that compiled before still match the old ones.",
  ),
  "signature-removed": rule(
    "parameters",
    "both",
    "patch",
    "Calls that matched the removed overload no longer compile.",
  ),

  "member-added": rule(
    "members",
    "none",
    "minor",
    "A new optional member: code that builds the object may leave it out, code that reads it may ignore it.",
  ),
  "member-added-required": rule(
    "members",
    "producers",
    "minor",
    "Code that builds the object (an options object, an implementation of the interface) no longer compiles without it.",
  ),
  "member-removed": rule(
    "members",
    "both",
    "patch",
    "Code that reads it no longer compiles, and object literals that set it are refused as excess properties.",
  ),
  "member-became-required": rule(
    "members",
    "producers",
    "patch",
    "Code that builds the object without it no longer compiles.",
  ),
  "member-became-optional": rule("members", "consumers", "patch", "Code that reads it may now get undefined."),
  "member-became-readonly": rule("members", "producers", "patch", "Code that assigns it no longer compiles."),
  "member-became-writable": rule(
    "members",
    "none",
    "patch",
    "Code that reads it reads it as before; it may now be assigned too.",
  ),
  "member-type-narrowed": rule(
    "members",
    "producers",
    "patch",
    "Values that code building the object gave it before may no longer compile.",
  ),
  "member-type-widened": rule("members", "consumers", "patch", "Code that reads it may get values it does not handle."),
  "member-type-changed": rule(
    "members",
    "both",
    "patch",
    "The member is of another type: neither code that builds the object nor code that reads it is known to fit.",
  ),

  "type-narrowed": rule("types", "producers", "patch", "Values of the type written before may no longer compile."),
  "type-widened": rule(
    "types",
    "consumers",
    "patch",
    "Code that reads a value of the type may get values it does not handle.",
  ),
  "type-changed": rule(
    "types",
    "both",
    "patch",
    "The declaration stands for another type: code written against the old one is not known to fit.",
  ),
  "type-parameters-changed": rule(
    "types",
    "both",
    "patch",
    "Code that passes type arguments, or relies on the ones inferred, may no longer compile.",
  ),
  "base-added": rule(
    "types",
    "producers",
    "patch",
    "It extends another type now: code that builds such an object must give that type's members too.",
  ),
  "base-removed": rule(
    "types",
    "both",
    "patch",
    "It no longer extends the type: the members it had from it, and `instanceof` against it, are gone.",
  ),

  "declaration-changed": rule(
    "declarations",
    "both",
    "patch",
    "The report has no finer rule for this change of the declaration: review it (counted as breaking so it is never missed).",
  ),
} satisfies Record<string, ApiRule>;

export type ApiRuleId = keyof typeof API_RULES;
