/**
 * The examples of an API and what each must be valid against, so that generation refuses an invalid one as it
 * refuses a broken schema (generator/stages/examples.ts "check examples"; the verdicts come from
 * generator/emit/validators/check-examples.ts in the validators' worker thread):
 * - every example of the OpenAPI source (`examples.<name>.value` or `example` of a media type, a parameter or a
 *   header: request and response bodies, webhook payloads), against its `schema`: a schema file (`$ref` to a
 *   component) is checked by that file's generated validator, an inline schema by AJV;
 * - every `examples` entry of a schema file, against the schema that holds it: the file's root by its generated
 *   validator, a subschema by AJV (compiled alone, its `$ref`s to the API's expanded schemas).
 * An invalid example is reported where its text is: the example file it was read from (`openapi/examples/...`), or
 * the source or schema file holding it, with the JSON pointer and line:column of each error.
 */
import {
  escapePointerSegment,
  locatePointer,
  pointerSegments,
  type JsonObject,
  type JsonValue,
  type Position,
} from "../../runtime/json/json-text.js";
import type { ValidationError } from "../../runtime/validation/result.js";
import type { OpenApiSource } from "../load/openapi-sources.js";
import type { SchemaFile } from "../load/schemas.js";
import { GenerationFailed, type Problem } from "../problems.js";
import { ANNOTATIONS, isJsonObject, mapSchema, walkSchema } from "./schema-walk.js";

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

/** One example of an OpenAPI document, with the schema it exemplifies. */
export interface DocumentExample {
  /** JSON pointer of the example's value in the document (`/paths/~1messages/post/requestBody/content/application~1json/examples/textPlain/value`). */
  at: string;
  /** What it is the example of, in words: `POST /messages request body (example textPlain)`. */
  where: string;
  /** The component it exemplifies (`Message`), or the inline schema when the schema is no `$ref` to a component. */
  schema: { component: string } | { inline: JsonObject };
  value: JsonValue;
}

/** `POST /messages request body`, `webhook messageReceived payload`, `POST /commands response 200`, from an example's pointer. */
function describe(segments: readonly string[]): string {
  const [root, name, method, part, status] = segments;
  const operation =
    root === "webhooks"
      ? `webhook ${name}`
      : root === "paths"
        ? `${String(method).toUpperCase()} ${name}`
        : segments.slice(0, 3).join(" ");
  if (part === "requestBody") return `${operation} ${root === "webhooks" ? "payload" : "request body"}`;
  if (part === "responses") return `${operation} response ${status}`;
  if (part === "parameters") return `${operation} parameter`;
  return operation;
}

/**
 * Every example of an OpenAPI document (a source, or a built document) with its schema. JSON Schemas are not
 * entered (their `examples` are the schema files', `schemaExamples`); an example given as `$ref` to
 * `#/components/examples/<name>` is that example.
 */
export function documentExamples(document: JsonObject): DocumentExample[] {
  const found: DocumentExample[] = [];
  const components = isJsonObject(document.components) ? document.components : {};
  const named = isJsonObject(components.examples) ? components.examples : {};
  const visit = (node: JsonValue, segments: string[]) => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...segments, String(index)]));
    if (!isJsonObject(node)) return;
    const schema = node.schema;
    if (isJsonObject(schema) && (node.example !== undefined || isJsonObject(node.examples))) {
      const component = typeof schema.$ref === "string" ? COMPONENT_REF.exec(schema.$ref)?.[1] : undefined;
      const of = component === undefined ? { inline: schema } : { component: decodeURIComponent(component) };
      const where = describe(segments);
      const pointer = (more: string[]) =>
        [...segments, ...more].map((segment) => `/${escapePointerSegment(segment)}`).join("");
      if (node.example !== undefined) found.push({ at: pointer(["example"]), where, schema: of, value: node.example });
      for (const [name, example] of Object.entries(isJsonObject(node.examples) ? node.examples : {})) {
        const ref =
          isJsonObject(example) && typeof example.$ref === "string"
            ? /^#\/components\/examples\/(.+)$/.exec(example.$ref)?.[1]
            : undefined;
        const target = ref === undefined ? example : named[decodeURIComponent(ref)];
        if (isJsonObject(target) && target.value !== undefined) {
          found.push({
            at: ref === undefined ? pointer(["examples", name, "value"]) : `/components/examples/${ref}/value`,
            where: `${where}, example ${name}`,
            schema: of,
            value: target.value,
          });
        }
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "schema" || (key === "schemas" && segments.length === 1 && segments[0] === "components")) continue;
      visit(value, [...segments, key]);
    }
  };
  visit(document, []);
  return found;
}

/** One `examples` entry of a schema file. */
export interface SchemaExample {
  file: SchemaFile;
  /** Pointer of the subschema holding it. */
  schemaPointer: string;
  index: number;
  value: JsonValue;
}

/** Every `examples` entry of the schema files, at any depth. */
export function schemaExamples(files: readonly SchemaFile[]): SchemaExample[] {
  return files.flatMap((file) => {
    const found: SchemaExample[] = [];
    walkSchema(file.schema, (node, pointer) => {
      if (Array.isArray(node.examples))
        node.examples.forEach((value, index) => found.push({ file, schemaPointer: pointer, index, value }));
    });
    return found;
  });
}

/** What the worker thread checks (generator/emit/validators/check-examples.ts): plain data, which is also the cache key. */
export interface ExampleChecks {
  /** By the API's generated validators: the validator's export (`validateConfig`) and the value. */
  byValidator: { validator: string; value: JsonValue }[];
  /** By AJV over the API's expanded schemas: a subschema of a file or an inline schema, its `$ref`s absolute. */
  byAjv: { schema: JsonObject; value: JsonValue }[];
}

/** Where a checked example's text is, to report its errors. */
interface Origin {
  file: string;
  /** The file's text, JSON (an example or schema file) or YAML (an OpenAPI source). */
  text: string;
  yaml: boolean;
  /** The example's own pointer inside that file ("" for an example file). */
  pointer: string;
  what: string;
}

export interface ExamplePlan {
  checks: ExampleChecks;
  /** Per check (`byValidator`, then `byAjv`), where its text is. */
  origins: Origin[];
}

/**
 * The checks of one API's examples. `source`: its OpenAPI source (example files inlined, `exampleFiles` naming
 * them); `files`: its hand-written schema files (the examples' text); `expanded`: the same after the content-by-type
 * expansion (what the validators are compiled from); `texts`: every file under openapi/ by path (example files,
 * sources); `validatorOf`: the export of a schema file's validator. Throws `GenerationFailed` for an example of a
 * component that is no schema file.
 */
export function planExampleChecks(input: {
  source: OpenApiSource;
  files: readonly SchemaFile[];
  expanded: readonly SchemaFile[];
  texts: ReadonlyMap<string, string>;
  validatorOf: (file: SchemaFile) => string;
}): ExamplePlan {
  const { source, files, expanded, texts, validatorOf } = input;
  const byTitle = new Map(expanded.map((file) => [String(file.schema.title), file]));
  const checks: ExampleChecks = { byValidator: [], byAjv: [] };
  const validatorOrigins: Origin[] = [];
  const ajvOrigins: Origin[] = [];
  const problems: Problem[] = [];
  for (const example of documentExamples(source.document)) {
    const exampleFile = source.exampleFiles[example.at];
    const origin: Origin =
      exampleFile === undefined
        ? {
            file: source.file,
            text: texts.get(source.file) ?? "",
            yaml: true,
            pointer: example.at,
            what: example.where,
          }
        : { file: exampleFile, text: texts.get(exampleFile) ?? "", yaml: false, pointer: "", what: example.where };
    if ("inline" in example.schema) {
      checks.byAjv.push({ schema: withFileRefs(example.schema.inline, byTitle), value: example.value });
      ajvOrigins.push(origin);
      continue;
    }
    const file = byTitle.get(example.schema.component);
    if (file === undefined) {
      problems.push({
        file: source.file,
        pointer: example.at,
        message: `example of #/components/schemas/${example.schema.component}, which no schema file has as its title`,
      });
      continue;
    }
    checks.byValidator.push({ validator: validatorOf(file), value: example.value });
    validatorOrigins.push({ ...origin, what: `${origin.what}; schema ${String(file.schema.title)}, ${file.file}` });
  }
  // A schema file's own examples: those of the whole file by its validator, those of a subschema by AJV.
  const expandedOf = new Map(expanded.map((file) => [file.file, file]));
  for (const example of schemaExamples(files)) {
    const { file, schemaPointer, index, value } = example;
    const origin: Origin = {
      file: file.file,
      text: file.text,
      yaml: false,
      pointer: `${schemaPointer}/examples/${index}`,
      what: `schema at ${schemaPointer === "" ? "the root" : schemaPointer}`,
    };
    const holder = expandedOf.get(file.file);
    if (holder !== undefined && schemaPointer === "") {
      checks.byValidator.push({ validator: validatorOf(holder), value });
      validatorOrigins.push(origin);
      continue;
    }
    const subschema = holder === undefined ? undefined : subschemaAt(holder.schema, schemaPointer);
    if (holder === undefined || subschema === undefined) {
      problems.push({
        file: file.file,
        pointer: schemaPointer,
        message: "the schema holding these examples is not found after the content-by-type expansion",
        ...locatePointer(file.text, schemaPointer),
      });
      continue;
    }
    checks.byAjv.push({ schema: standalone(subschema, String(holder.schema.$id)), value });
    ajvOrigins.push(origin);
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
  return { checks, origins: [...validatorOrigins, ...ajvOrigins] };
}

/** The subschema at a JSON pointer. */
function subschemaAt(schema: JsonObject, pointer: string): JsonObject | undefined {
  let node: JsonValue | undefined = schema;
  for (const segment of pointerSegments(pointer))
    node = Array.isArray(node) ? node[Number(segment)] : isJsonObject(node) ? node[segment] : undefined;
  return isJsonObject(node) ? node : undefined;
}

/**
 * A subschema of the file with `$id` `id` as a schema of its own, as AJV checks it: its annotations dropped (a
 * description edit changes no check) and its `$ref`s absolute (to its own file or to others, which AJV has added).
 * Compiling it alone compiles what it reaches, never the whole file that holds it.
 */
function standalone(subschema: JsonObject, id: string): JsonObject {
  return mapSchema(subschema, (node) => {
    for (const key of ANNOTATIONS) delete node[key];
    if (typeof node.$ref === "string")
      node.$ref = node.$ref.startsWith("#") ? `${id}${node.$ref}` : new URL(node.$ref, id).href;
    return node;
  });
}

/** An inline schema's `$ref`s to components, as the `$id`s of their schema files (what AJV knows them by). */
function withFileRefs(schema: JsonObject, byTitle: ReadonlyMap<string, SchemaFile>): JsonObject {
  const rewrite = (value: JsonValue): JsonValue => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isJsonObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        const title = key === "$ref" && typeof item === "string" ? COMPONENT_REF.exec(item)?.[1] : undefined;
        const file = title === undefined ? undefined : byTitle.get(decodeURIComponent(title));
        return [key, file === undefined ? rewrite(item) : String(file.schema.$id)];
      }),
    );
  };
  return rewrite(schema) as JsonObject;
}

/**
 * The problems of the examples found invalid: `verdicts` holds, per check of the plan (in its order), null for a
 * valid example or its errors. One problem per error, at the error's pointer inside the example.
 */
export async function exampleProblems(
  plan: ExamplePlan,
  verdicts: readonly (ValidationError[] | null)[],
): Promise<Problem[]> {
  const locateInYaml = plan.origins.some((origin, index) => origin.yaml && verdicts[index] !== null)
    ? await yamlLocator()
    : undefined;
  const problems: Problem[] = [];
  const seen = new Set<string>();
  verdicts.forEach((errors, index) => {
    const origin = plan.origins[index];
    if (errors === null || origin === undefined) return;
    for (const error of errors) {
      const pointer = `${origin.pointer}${error.pointer}`;
      const problem: Problem = {
        file: origin.file,
        pointer,
        message: `invalid example (${origin.what}): ${error.message}`,
        ...(origin.yaml ? locateInYaml?.(origin.text, pointer) : locatePointer(origin.text, pointer)),
      };
      // An example file used twice for the same schema (the configs examples are listed by input and by output kind) is reported once.
      const key = JSON.stringify([problem.file, problem.pointer, error.message]);
      if (!seen.has(key)) problems.push(problem);
      seen.add(key);
    }
  });
  return problems;
}

/** Line and column of the node at a pointer in a YAML text (generator/load/yaml-text.ts). */
async function yamlLocator(): Promise<(text: string, pointer: string) => Position | undefined> {
  const yaml = await import("yaml");
  const { locateInYaml } = await import("../load/yaml-text.js");
  return (text, pointer) => {
    const lineCounter = new yaml.LineCounter();
    return locateInYaml(yaml, yaml.parseDocument(text, { lineCounter }), lineCounter, pointer);
  };
}
