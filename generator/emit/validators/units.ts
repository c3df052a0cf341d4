/**
 * Validator units: what AJV compiles, one schema at a time, so that each schema's validator code is cached by what
 * it compiles (generator/stages/validators.ts) and a rule edit recompiles only the schemas whose code it changes.
 *
 * A unit is one schema file (or one of its variant twins, `-lenient` or `-strict`) as AJV compiles it: annotations dropped, value dispatches as
 * `x-dispatch` (compile-dispatch.ts), and each `$ref` to the whole of another file replaced by `x-call: <the export
 * of that file's unit>`, which compile-unit.ts compiles as AJV compiles a call to a referenced schema. A unit thus
 * does not depend on the files it calls. Two kinds of `$ref` still bring another file into a unit, as a companion
 * compiled with it: one to a schema AJV inlines (a small leaf such as an address; AJV's own rule, ajv-internals.ts `inlinesReference`, under
 * the project's options, so the code is what one compile of the whole API would give) and one into another file's
 * `$defs` (a pointer fragment). The unit's data is then all its code depends on.
 */
import { locatePointer, type JsonObject } from "../../../runtime/json/json-text.js";
import { GenerationFailed, type Problem } from "../../problems.js";
import { ANNOTATIONS, VALUE_KEYWORDS, isJsonObject, mapSchema, walkSchema } from "../../model/schema-walk.js";
import type { SchemaFile } from "../../load/schemas.js";
import type { SchemaGraph } from "../../model/schema-graph.js";
import { apiOutput } from "../../model/output-paths.js";
import { validatorFunctionName } from "../../model/names.js";
import {
  VARIANT_KINDS,
  type ModelOperation,
  type VariantDeclarations,
  type VariantKind,
} from "../../model/api-model.js";
import { AJV_OPTIONS } from "./ajv-options.js";
import { mapDispatchedSchema, rewriteDispatches } from "./compile-dispatch.js";
import { inlinesReference } from "./ajv-internals.js";

/** The keyword that calls the validator of another unit by its export name (compile-unit.ts). */
export const CALL = "x-call";

/** A content document: a schema a media type selects (`x-content-type`), whose unlisted fields the seed leaves open. */
const isContentDocument = (file: SchemaFile) => typeof file.schema["x-content-type"] === "string";

/**
 * What each variant does to one node of a file's schema. `lenient` opens the closed objects (unknown keys accepted,
 * `config` → `config-lenient`); `strict` closes the objects of the content documents (a field a document does not
 * list is rejected, so a typo such as media-link `url` for `uri` is caught), stricter than the seed.
 */
const VARIANT_FORMS: Record<VariantKind, (node: JsonObject, file: SchemaFile) => void> = {
  lenient: (node) => {
    if (node.additionalProperties === false) delete node.additionalProperties;
  },
  strict: (node, file) => {
    if (
      isContentDocument(file) &&
      node.type === "object" &&
      isJsonObject(node.properties) &&
      node.additionalProperties === undefined
    )
      node.additionalProperties = false;
  },
};

/**
 * A variant's name suffix, `-lenient`, `-strict`: each schema declared for a variant (api-model.ts `readVariants`)
 * gets a twin `<name>-<kind>`, and so does every schema its twin calls.
 */
export const variantSuffix = (kind: VariantKind) => `-${kind}`;

/** The variant a validator name is the twin of a declared schema by (`config-lenient` → `lenient`), or undefined. */
export function variantOf(
  name: string,
  declarations: VariantDeclarations,
): { kind: VariantKind; base: string } | undefined {
  for (const kind of VARIANT_KINDS) {
    const base = name.slice(0, -variantSuffix(kind).length);
    if (name.endsWith(variantSuffix(kind)) && (declarations[kind] ?? []).includes(base)) return { kind, base };
  }
  return undefined;
}

/**
 * Keywords whose errors a validator reports as they are, whatever the other rules found: none of them checks a
 * subschema whose failure another rule turns into something else (as `oneOf`, `anyOf`, `not`, `if`, `contains`,
 * `propertyNames`, `dependentSchemas` and the `unevaluated*` keywords do), and none reads the annotations another
 * rule collects. Plus the annotations AJV compiles no check for.
 */
const DIRECT_KEYWORDS: ReadonlySet<string> = new Set([
  ...ANNOTATIONS,
  "$schema",
  "$id",
  "$ref",
  "$defs",
  "$anchor",
  "writeOnly",
  "default",
  "x-secret",
  "type",
  "enum",
  "const",
  "properties",
  "patternProperties",
  "additionalProperties",
  "required",
  "dependentRequired",
  "minProperties",
  "maxProperties",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "allOf",
  ...VALUE_KEYWORDS,
]);

/** The files `roots` refer to, transitively, `roots` included. */
function referencedFiles(graph: SchemaGraph, roots: readonly SchemaFile[]): SchemaFile[] {
  const found = [...roots];
  for (let index = 0; index < found.length; index++) {
    const file = found[index] as SchemaFile;
    walkSchema(file.schema, (node) => {
      const target = typeof node.$ref === "string" ? graph.resolveRef(file, node.$ref).file : undefined;
      if (target !== undefined && !found.includes(target)) found.push(target);
    });
  }
  return found;
}

/**
 * Whether the lenient twins of `roots` can be the plain validators with their `additionalProperties` errors
 * dropped instead of code of their own: when every rule of every file they reach reports its errors directly
 * (`DIRECT_KEYWORDS`), removing `additionalProperties: false` (the lenient form) removes exactly the errors it
 * reported and changes nothing else, so the verdict and the remaining errors, in their order, are the twin's. The
 * Config tree has no other kind of rule; an API with one gets the twins compiled.
 */
function lenientByDroppingErrors(graph: SchemaGraph, roots: readonly SchemaFile[]): boolean {
  return referencedFiles(graph, roots).every((file) => {
    let direct = true;
    walkSchema(file.schema, (node) => (direct &&= Object.keys(node).every((keyword) => DIRECT_KEYWORDS.has(keyword))));
    return direct;
  });
}

/** The keyword of the errors a lenient validator derived from the plain one drops (`lenientByDroppingErrors`). */
export const LENIENT_DROPS = "additionalProperties";

/** Keywords that need AJV 2020's run-time tracking of evaluated properties and items, or of dynamic scopes. */
const TRACKED_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor"];

const usesTrackedKeywords = (files: readonly SchemaFile[]) =>
  files.some((file) => {
    let found = false;
    walkSchema(file.schema, (node) => (found ||= TRACKED_KEYWORDS.some((keyword) => keyword in node)));
    return found;
  });

/** The `$id` of a schema's twin: the same file name in a sibling folder `<folder>-<kind>/`. */
const variantId = (id: string, kind: VariantKind) => id.replace(/\/([^/]*)$/, `${variantSuffix(kind)}/$1`);
/** The `$id` of the schema whose twin has `id` (an `$id` that is no twin's stays as it is). */
export const baseId = (id: string) =>
  id.replace(new RegExp(`(?:${VARIANT_KINDS.map(variantSuffix).join("|")})/([^/]*)$`), "/$1");

/** A unit's name: the schema's, with `-<kind>` for a variant twin. */
const unitName = (file: SchemaFile, kind: VariantKind | undefined) =>
  kind === undefined ? file.name : `${file.name}${variantSuffix(kind)}`;
const unitId = (file: SchemaFile, kind: VariantKind | undefined) =>
  kind === undefined ? String(file.schema.$id) : variantId(String(file.schema.$id), kind);

/**
 * A file as AJV compiles it, its `$ref`s as written: annotations dropped, value dispatches as `x-dispatch`; for a
 * variant twin, the variant's form (`VARIANT_FORMS`) and the twin's `$id`.
 */
function compiledForm(file: SchemaFile, kind: VariantKind | undefined): JsonObject {
  const plain = mapSchema(file.schema, (node) => {
    for (const key of ANNOTATIONS) delete node[key];
    if (kind !== undefined) VARIANT_FORMS[kind](node, file);
    return node;
  });
  return rewriteDispatches(kind === undefined ? plain : { ...plain, $id: unitId(file, kind) });
}

/** What AJV compiles for one unit, as plain data (it is the unit's cache key, and crosses to a worker thread). */
export interface ValidatorUnit {
  /** `batching`, `config-lenient`, `message-strict`. */
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
   * Set for a lenient twin derived from the plain validator (`lenientByDroppingErrors`): the export it calls, whose
   * errors of keyword `LENIENT_DROPS` it drops. Nothing is compiled for such a unit.
   */
  dropsErrorsOf?: string;
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
 * The units of one API: one per schema, then for each variant kind the twins of the schemas declared for it and of
 * the schemas their twins call, each in file order.
 */
export function planUnits(api: string, graph: SchemaGraph, variants: VariantDeclarations): PlannedUnit[] {
  const files = graph.files.filter((file) => file.api === api);
  // Each API's validators are one module, whose units call one another by name: a schema of another API has no
  // function there.
  const problems: Problem[] = [];
  for (const file of files) {
    walkSchema(file.schema, (node, pointer) => {
      const target = typeof node.$ref === "string" ? graph.resolveRef(file, node.$ref).file : undefined;
      if (target !== undefined && target.api !== api) {
        const at = `${pointer}/$ref`;
        problems.push({
          file: file.file,
          pointer: at,
          message: `refers to ${target.file}, a schema of another API: an API's validators refer to its own schemas only`,
          ...locatePointer(file.text, at),
        });
      }
    });
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
  const tracked = usesTrackedKeywords(files);
  const module = apiOutput.compiledValidators(api);
  const forms = new Map<string, JsonObject>();
  const form = (file: SchemaFile, twin: VariantKind | undefined) => {
    const key = unitName(file, twin);
    const known = forms.get(key) ?? compiledForm(file, twin);
    forms.set(key, known);
    return known;
  };

  const plan = (root: SchemaFile, twin: VariantKind | undefined): { planned: PlannedUnit; calls: Set<SchemaFile> } => {
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
          if (
            target.file !== file &&
            target.pointer === "" &&
            !inlinesReference(form(target.file, twin), AJV_OPTIONS.inlineRefs)
          ) {
            calls.add(target.file);
            return { ...rest, [CALL]: validatorFunctionName(unitName(target.file, twin)) };
          }
          if (!included.includes(target.file)) included.push(target.file);
          return { ...rest, $ref: `${unitId(target.file, twin)}${new URL(ref, String(file.schema.$id)).hash}` };
        }),
      );
    }
    const formats = new Set<string>();
    for (const file of included)
      walkSchema(file.schema, (node) => typeof node.format === "string" && formats.add(node.format));
    const name = unitName(root, twin);
    const unit = {
      name,
      functionName: validatorFunctionName(name),
      module,
      schemas,
      formats: [...formats].sort(),
      tracked,
    };
    return { planned: { unit, files: included }, calls };
  };

  const plain = files.map((file) => plan(file, undefined).planned);
  // The twins needed: those declared, and those their twins call, transitively.
  const twins = VARIANT_KINDS.flatMap((kind) => {
    const planned = new Map<SchemaFile, PlannedUnit>();
    const pending = files.filter((file) => (variants[kind] ?? []).includes(file.name));
    if (kind === "lenient" && lenientByDroppingErrors(graph, pending))
      return pending.map((file) => {
        const name = unitName(file, kind);
        const unit = {
          name,
          functionName: validatorFunctionName(name),
          module,
          schemas: [],
          formats: [],
          tracked,
          dropsErrorsOf: validatorFunctionName(file.name),
        };
        return { unit, files: [file] };
      });
    for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
      if (planned.has(file)) continue;
      const { planned: unit, calls } = plan(file, kind);
      planned.set(file, unit);
      pending.push(...calls);
    }
    return files.flatMap((file) => planned.get(file) ?? []);
  });
  return [...plain, ...twins];
}

/** The export checking an operation's parameters: `validateGetItemParameters`. */
export const parametersFunctionName = (operationId: string) => validatorFunctionName(`${operationId}-parameters`);

const PARAMETER_COMPONENT = /^#\/components\/schemas\/([^/]+)$/;

/**
 * One unit per operation with parameters: the object `{ path, query, header, cookie }` as the route validator reads a
 * request's parameters (runtime/http/parameters.ts `readParameters`), each location an object of its parameters'
 * schemas, the required ones required. A parameter schema's `$ref` to a component calls that schema's unit.
 * `schemaNames`: validator name by component title.
 */
export function planParameterUnits(
  api: string,
  graph: SchemaGraph,
  operations: readonly Pick<ModelOperation, "operationId" | "parameters" | "parameterSchemas">[],
  schemaNames: ReadonlyMap<string, string>,
  file: string,
): PlannedUnit[] {
  const tracked = usesTrackedKeywords(graph.files.filter((candidate) => candidate.api === api));
  const problems: Problem[] = [];
  const units = operations.flatMap((operation) => {
    if (operation.parameters.length === 0) return [];
    const formats = new Set<string>();
    const locations: JsonObject = {};
    operation.parameters.forEach((parameter, index) => {
      const raw = operation.parameterSchemas[index] ?? {};
      const schema = mapSchema(raw, (node) => {
        for (const key of ANNOTATIONS) delete node[key];
        if (typeof node.format === "string") formats.add(node.format);
        if (typeof node.$ref !== "string") return node;
        const title = PARAMETER_COMPONENT.exec(node.$ref)?.[1];
        const name = title === undefined ? undefined : schemaNames.get(decodeURIComponent(title));
        if (name === undefined) {
          problems.push({
            file,
            pointer: "",
            message: `operation ${operation.operationId}: parameter ${parameter.name} refers to ${node.$ref}, which names no schema of schemas/${api}/`,
          });
          return node;
        }
        const { $ref: _ref, ...rest } = node;
        return { ...rest, [CALL]: validatorFunctionName(name) };
      });
      const group = (locations[parameter.in] ??= { type: "object", properties: {}, required: [] }) as {
        properties: JsonObject;
        required: string[];
      };
      group.properties[parameter.name] = schema;
      if (parameter.required) group.required.push(parameter.name);
    });
    const name = `${operation.operationId}-parameters`;
    const unit: ValidatorUnit = {
      name,
      functionName: parametersFunctionName(operation.operationId),
      module: apiOutput.compiledValidators(api),
      schemas: [
        {
          $id: `https://specfirst.invalid/${encodeURIComponent(api)}/operations/${encodeURIComponent(operation.operationId)}/parameters`,
          type: "object",
          properties: locations,
        },
      ],
      formats: [...formats].sort(),
      tracked,
    };
    return [{ unit, files: [] }];
  });
  if (problems.length > 0) throw new GenerationFailed(problems);
  return units;
}
