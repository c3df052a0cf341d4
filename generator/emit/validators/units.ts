/**
 * Validator units: what AJV compiles, one schema at a time, so that each schema's validator code is cached by what
 * it compiles (generator/commands/generate.ts) and a rule edit recompiles only the schemas whose code it changes.
 *
 * A unit is one schema file (or its lenient twin) as AJV compiles it: annotations dropped, value dispatches as
 * `x-dispatch` (compile-dispatch.ts), and each `$ref` to the whole of another file replaced by `x-call: <the export
 * of that file's unit>`, which compile-unit.ts compiles as AJV compiles a call to a referenced schema. A unit thus
 * does not depend on the files it calls. Two kinds of `$ref` still bring another file into a unit, as a companion
 * compiled with it: one to a schema AJV inlines (a small leaf such as an address; AJV's own `inlineRef` rule under
 * the project's options, so the code is what one compile of the whole API would give) and one into another file's
 * `$defs` (a pointer fragment). The unit's data is then all its code depends on.
 */
import { createRequire } from "node:module";
import { locatePointer, type JsonObject } from "../../../runtime/json/json-text.js";
import { GenerationFailed, type Problem } from "../../problems.js";
import { ANNOTATIONS, mapSchema, walkSchema } from "../../model/schema-walk.js";
import type { SchemaFile } from "../../load/schemas.js";
import type { SchemaGraph } from "../../model/schema-graph.js";
import { apiOutput } from "../../model/output-paths.js";
import { validatorFunctionName } from "../../model/names.js";
import { AJV_OPTIONS } from "./ajv-options.js";
import { mapDispatchedSchema, rewriteDispatches } from "./compile-dispatch.js";

// AJV's rule for inlining a referenced schema, from its CommonJS module.
const require = createRequire(import.meta.url);
const { inlineRef } = require("ajv/dist/compile/resolve.js") as { inlineRef: (schema: JsonObject, limit: number) => boolean };

/** The keyword that calls the validator of another unit by its export name (compile-unit.ts). */
export const CALL = "x-call";

export const LENIENT_SUFFIX = "-lenient";


/** Keywords that need AJV 2020's run-time tracking of evaluated properties and items, or of dynamic scopes. */
const TRACKED_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor"];

const usesTrackedKeywords = (files: readonly SchemaFile[]) =>
  files.some((file) => {
    let found = false;
    walkSchema(file.schema, (node) => (found ||= TRACKED_KEYWORDS.some((keyword) => keyword in node)));
    return found;
  });

/** The `$id` of a schema's lenient twin: the same file name in a sibling folder `<folder>-lenient/`. */
export const lenientId = (id: string) => id.replace(/\/([^/]*)$/, `${LENIENT_SUFFIX}/$1`);
/** The `$id` of the schema whose twin has `id` (an `$id` that is no twin's stays as it is). */
export const strictId = (id: string) => id.replace(new RegExp(`${LENIENT_SUFFIX}/([^/]*)$`), "/$1");

/** A unit's name: the schema's, with `-lenient` for its lenient twin. */
const unitName = (file: SchemaFile, lenient: boolean) => (lenient ? `${file.name}${LENIENT_SUFFIX}` : file.name);
const unitId = (file: SchemaFile, lenient: boolean) => (lenient ? lenientId(String(file.schema.$id)) : String(file.schema.$id));

/**
 * A file as AJV compiles it, its `$ref`s as written: annotations dropped, value dispatches as `x-dispatch`; for the
 * lenient twin, its closed objects opened and its `$id` the twin's.
 */
function compiledForm(file: SchemaFile, lenient: boolean): JsonObject {
  const plain = mapSchema(file.schema, (node) => {
    for (const key of ANNOTATIONS) delete node[key];
    if (lenient && node.additionalProperties === false) delete node.additionalProperties;
    return node;
  });
  return rewriteDispatches(lenient ? { ...plain, $id: unitId(file, true) } : plain);
}

/** What AJV compiles for one unit, as plain data (it is the unit's cache key, and crosses to a worker thread). */
export interface ValidatorUnit {
  /** `batching`, `config-lenient`. */
  name: string;
  /** The unit's export, which other units call: `validateBatching`. */
  functionName: string;
  /** The compiled module (`generated/<api>/validators.compiled.ts`): the code imports the run time relative to it. */
  module: string;
  /** The unit's schema, then its companions, each as AJV is given it. */
  schemas: JsonObject[];
  /** The formats the schemas use (ajv-formats adds these only). */
  formats: string[];
  /**
   * Compile with AJV's tracking of evaluated properties and dynamic scopes: when any schema of the API uses those
   * keywords, every unit (units call one another, and the tracking passes through calls).
   */
  tracked: boolean;
}

/** A unit and the files it compiles (the unit's own first), whose texts locate AJV's compile errors. */
export interface PlannedUnit {
  unit: ValidatorUnit;
  files: SchemaFile[];
}

/**
 * The units of one API: one per schema, then the lenient twins of the schemas in `lenient` and of the schemas
 * their twins call, each in file order.
 */
export function planUnits(api: string, graph: SchemaGraph, lenient: readonly string[]): PlannedUnit[] {
  const files = graph.files.filter((file) => file.api === api);
  // Each API's validators are one module, whose units call one another by name: a schema of another API has no
  // function there.
  const problems: Problem[] = [];
  for (const file of files) {
    walkSchema(file.schema, (node, pointer) => {
      const target = typeof node.$ref === "string" ? graph.resolveRef(file, node.$ref).file : undefined;
      if (target !== undefined && target.api !== api) {
        const at = `${pointer}/$ref`;
        problems.push({ file: file.file, pointer: at, message: `refers to ${target.file}, a schema of another API: an API's validators refer to its own schemas only`, ...locatePointer(file.text, at) });
      }
    });
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
  const tracked = usesTrackedKeywords(files);
  const module = apiOutput.compiledValidators(api);
  const forms = new Map<string, JsonObject>();
  const form = (file: SchemaFile, twin: boolean) => {
    const key = unitName(file, twin);
    const known = forms.get(key) ?? compiledForm(file, twin);
    forms.set(key, known);
    return known;
  };

  const plan = (root: SchemaFile, twin: boolean): { planned: PlannedUnit; calls: Set<SchemaFile> } => {
    const included = [root];
    const calls = new Set<SchemaFile>();
    const schemas: JsonObject[] = [];
    for (let index = 0; index < included.length; index++) {
      const file = included[index] as SchemaFile;
      schemas.push(
        mapDispatchedSchema(form(file, twin), (node) => {
          const ref = node.$ref;
          if (typeof ref !== "string") return node;
          const target = graph.resolveRef(file, ref);
          const { $ref: _ref, ...rest } = node;
          if (target.file !== file && target.pointer === "" && !inlineRef(form(target.file, twin), AJV_OPTIONS.inlineRefs)) {
            calls.add(target.file);
            return { ...rest, [CALL]: validatorFunctionName(unitName(target.file, twin)) };
          }
          if (!included.includes(target.file)) included.push(target.file);
          return { ...rest, $ref: `${unitId(target.file, twin)}${new URL(ref, String(file.schema.$id)).hash}` };
        }),
      );
    }
    const formats = new Set<string>();
    for (const file of included) walkSchema(file.schema, (node) => typeof node.format === "string" && formats.add(node.format));
    const name = unitName(root, twin);
    const unit = { name, functionName: validatorFunctionName(name), module, schemas, formats: [...formats].sort(), tracked };
    return { planned: { unit, files: included }, calls };
  };

  const strict = files.map((file) => plan(file, false).planned);
  // The lenient twins needed: those declared, and those their twins call, transitively.
  const twins = new Map<SchemaFile, PlannedUnit>();
  const pending = files.filter((file) => lenient.includes(file.name));
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (twins.has(file)) continue;
    const { planned, calls } = plan(file, true);
    twins.set(file, planned);
    pending.push(...calls);
  }
  return [...strict, ...files.flatMap((file) => twins.get(file) ?? [])];
}
