import { stringify } from "yaml";
import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject, mapSchema, walkSchema } from "../model/schema-walk.js";
import { dependenciesOf, type SchemaGraph } from "../model/schema-graph.js";
import { GenerationFailed, type Problem } from "../problems.js";
import type { SchemaFile } from "../load/schemas.js";
import type { OpenApiSource } from "../load/openapi-sources.js";
import { refsOf } from "../load/yaml-text.js";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";
import { publishVariants } from "./openapi-variants.js";
import { withCodeSamples } from "./openapi-code-samples.js";
import { bareRecursiveRefs, flattenIncludes, publishedServers, renameComponents } from "./openapi-shape.js";
import type { TypedBy } from "../model/expand-media-types.js";

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

/** A schema file as an OpenAPI component: no `$id`/`$schema`, `$ref`s pointing at sibling components, open objects said open. */
export function schemaComponent(graph: SchemaGraph, file: SchemaFile): JsonObject {
  let evaluatesMembers = false;
  walkSchema(file.schema, (node) => {
    if (node.unevaluatedProperties !== undefined) evaluatesMembers = true;
  });
  const component = mapSchema(file.schema, (node) => {
    // An object that takes members it does not list says so (the same verdict), since OpenAPI tools read the
    // silence as "only these members": openapi-typescript types an object without members `Record<string, never>`,
    // and the generators type one with members without an index signature, so TypeScript refuses a valid body with
    // another member (docs/published-contract.md#how-the-content-by-type-rule-is-published). Not where
    // `unevaluatedProperties` is used: `additionalProperties: true` marks every member evaluated.
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (
      types.includes("object") &&
      node.additionalProperties === undefined &&
      node.unevaluatedProperties === undefined &&
      !evaluatesMembers
    )
      node.additionalProperties = true;
    // A property that must be absent (`"status": false` of a command request) is said as "not required", which
    // means the same; docs renderers list a `false` property as a field of the body.
    if (isJsonObject(node.properties)) {
      const absent = Object.keys(node.properties).filter((name) => (node.properties as JsonObject)[name] === false);
      if (absent.length > 0) {
        node.properties = Object.fromEntries(
          Object.entries(node.properties).filter(([name]) => !absent.includes(name)),
        );
        const rule: JsonObject =
          absent.length === 1
            ? { not: { required: absent } }
            : { not: { anyOf: absent.map((name) => ({ required: [name] })) } };
        node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), rule];
      }
    }
    if (typeof node.$ref !== "string") return node;
    const target = graph.resolveRef(file, node.$ref);
    if (target.pointer !== "")
      throw new Error(
        `${file.file}: $ref "${node.$ref}" into another schema's inside cannot become an OpenAPI component ref`,
      );
    return { ...node, $ref: `#/components/schemas/${String(target.file.schema.title)}` };
  });
  delete component.$id;
  delete component.$schema;
  return component;
}

function componentRefs(value: JsonValue, found: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => componentRefs(item, found));
  else if (isJsonObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const match = key === "$ref" && typeof item === "string" ? COMPONENT_REF.exec(item) : null;
      if (match?.[1] !== undefined) found.add(decodeURIComponent(match[1]));
      else componentRefs(item, found);
    }
  }
  return found;
}

/** A built OpenAPI document as data: what `diff` compares and the stages read. */
export interface PublishedDocument {
  api: string;
  document: JsonObject;
}

/** A built OpenAPI document as data and as the YAML file written (`printedDocument`). */
export interface BuiltDocument extends PublishedDocument {
  file: OutputFile;
}

/**
 * Markdown rendered from the document's declared data where its description asks for it: `{{plan-limits}}` becomes
 * the table of `x-specfirst-plan-limits` (a row per limiter kind, a column per plan), so the docs show the same
 * figures the client's limiter uses.
 */
function renderPlaceholders(description: string, document: JsonObject): string {
  return description.replace("{{plan-limits}}", () => {
    const plans = isJsonObject(document["x-specfirst-plan-limits"]) ? document["x-specfirst-plan-limits"] : {};
    const names = Object.keys(plans);
    const kinds = [...new Set(names.flatMap((plan) => Object.keys(isJsonObject(plans[plan]) ? plans[plan] : {})))];
    const title = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
    const rows = kinds.map(
      (kind) =>
        `| ${title(kind)} per second | ${names.map((plan) => String((plans[plan] as JsonObject)[kind] ?? "-")).join(" | ")} |`,
    );
    return [`| Limit | ${names.map(title).join(" | ")} |`, `|---|${names.map(() => "---|").join("")}`, ...rows].join(
      "\n",
    );
  });
}

/** The YAML printer's text of one value, as the documents are written. */
export function printYaml(value: JsonObject): string {
  return stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** Stands for `components.schemas` while the rest of a document is printed (no document holds this text). */
const SCHEMAS_PLACEHOLDER = "specfirst-schemas-printed-apart-3f9c1b";

/**
 * A document's YAML, as `printYaml(document)` writes it, put together from pieces printed on their own: the document
 * without its schemas, and each schema component (with `lineWidth: 0` nothing the printer writes depends on the
 * indentation, so a component printed alone is the same text indented). `print` stands for `printYaml`: the
 * generate command passes a cached one, so an edit reprints only the components it changed.
 */
async function documentYaml(document: JsonObject, print: (value: JsonObject) => Promise<string>): Promise<string> {
  const components = isJsonObject(document.components) ? document.components : {};
  const schemas = isJsonObject(components.schemas) ? Object.entries(components.schemas) : [];
  if (schemas.length === 0) return print(document);
  const [rest, ...pieces] = await Promise.all([
    print({ ...document, components: { ...components, schemas: SCHEMAS_PLACEHOLDER } }),
    ...schemas.map(([title, schema]) => print({ [title]: schema })),
  ]);
  const [before, after, ...more] = (rest as string).split(`\n  schemas: ${SCHEMAS_PLACEHOLDER}\n`);
  if (before === undefined || after === undefined || more.length > 0) return print(document);
  return `${before}\n  schemas:\n${pieces.map((piece) => piece.replace(/^(?=.)/gm, "    ")).join("")}${after}`;
}

/**
 * One OpenAPI 3.1 document per source: the hand-written operations with `info.version` set to the package version
 * and `components.schemas` filled with every schema the document refers to (and their dependencies), sorted. As
 * data only: `printedDocument` gives its YAML file (`diff` reads no YAML).
 */
export function emitOpenApi(
  graph: SchemaGraph,
  sources: OpenApiSource[],
  version: string,
  typedBy: ReadonlyMap<string, TypedBy>,
): PublishedDocument[] {
  const byTitle = new Map(graph.files.map((file) => [String(file.schema.title), file]));
  const problems: Problem[] = [];
  const outputs = sources.map((source) => {
    const needed = new Set<string>();
    for (const { pointer, ref } of refsOf(source.document)) {
      const match = COMPONENT_REF.exec(ref);
      if (match?.[1] === undefined) continue;
      const title = decodeURIComponent(match[1]);
      const file = byTitle.get(title);
      if (file === undefined)
        problems.push({
          file: source.file,
          pointer,
          message: `$ref ${ref} names no schema: no file of schemas/${source.api}/ has the title ${title}`,
          ...source.refPositions[pointer],
        });
      else for (const name of dependenciesOf(graph, file.name)) needed.add(name);
    }
    const built = Object.fromEntries(
      [...needed]
        .map((name) => graph.byName.get(name) as SchemaFile)
        .map((file) => [String(file.schema.title), schemaComponent(graph, file)] as const),
    );
    const published = publishVariants(graph, flattenIncludes(built), typedBy);
    // Only the components something refers to (a rule holder such as CommandResource is replaced by the variants, an
    // included schema such as Notification is written out into the ones including it).
    const used = new Set<string>();
    const visit = (value: JsonValue) => {
      for (const title of componentRefs(value, new Set())) {
        if (used.has(title) || published[title] === undefined) continue;
        used.add(title);
        visit(published[title]);
      }
    };
    visit(source.document);
    const schemas = Object.fromEntries(
      Object.entries(published)
        .filter(([title]) => used.has(title))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    const info = isJsonObject(source.document.info) ? { ...source.document.info } : {};
    if (typeof info.description === "string") info.description = renderPlaceholders(info.description, source.document);
    const components = isJsonObject(source.document.components) ? source.document.components : {};
    const document: JsonObject = {
      ...source.document,
      info: { ...info, version },
      components: { ...components, schemas },
    };
    if (source.document.servers !== undefined) document.servers = publishedServers(source.document.servers);
    return { api: source.api, document: withCodeSamples(source.api, renameComponents(bareRecursiveRefs(document))) };
  });
  if (problems.length > 0) throw new GenerationFailed(problems);
  return outputs;
}

/**
 * A published document with its YAML file (at `path`, by default the API's document). `print` stands for
 * `printYaml` (see `documentYaml`).
 */
export async function printedDocument(
  published: PublishedDocument,
  print: (value: JsonObject) => Promise<string> = async (value) => printYaml(value),
  path = apiOutput.openapi(published.api),
): Promise<BuiltDocument> {
  return { ...published, file: { path, contents: await documentYaml(published.document, print) } };
}
