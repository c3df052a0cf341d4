import type { JSONSchema } from "json-schema-to-typescript";
import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { VALUE_KEYWORDS, isJsonObject, mapSchema } from "../model/schema-walk.js";
import { findDispatchTables, type DispatchTable } from "../model/dispatch-tables.js";
import type { SchemaFile } from "../load/schemas.js";
import type { SchemaGraph } from "../model/schema-graph.js";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput, runtimeImport } from "../model/output-paths.js";
import { dispatchMapName } from "../model/names.js";
import { conditionalRules, ruleType, type TypedRule, type UntypedRule } from "../model/conditional-rules.js";

const ANNOTATIONS = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "writeOnly",
  "readOnly",
  "x-secret",
  "x-content-type",
  "x-resource-type",
  "$schema",
  "$id",
  "default",
  "deprecated",
]);
const CONDITIONALS = ["if", "then", "else"];

/** True when a schema says nothing a TypeScript type could show (annotations only). */
function isTypeless(schema: JsonObject): boolean {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key));
}

/** Keywords that constrain a value without changing its TypeScript type (a pattern on a string, a bound on a number). */
const VALUE_CONSTRAINTS = new Set(VALUE_KEYWORDS);

/** True when an `allOf` member only narrows values (`{ pattern }` in media-type): nothing a type could show. */
function isValueConstraintOnly(schema: JsonObject): boolean {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key) || VALUE_CONSTRAINTS.has(key));
}

/** True when a file only adds conditional rules to an object (like `command-resource`): nothing to type on its own. */
function isConditionalOnly(schema: JsonObject): boolean {
  return Object.entries(schema).every(
    ([key, value]) =>
      ANNOTATIONS.has(key) ||
      CONDITIONALS.includes(key) ||
      (key === "type" && value === "object") ||
      (key === "allOf" &&
        Array.isArray(value) &&
        value.every((entry) => isJsonObject(entry) && Object.keys(entry).every((k) => CONDITIONALS.includes(k)))),
  );
}

/** The dispatch tables the types stage types: those of one document and those of an array of documents (`items`). */
const typedTablesOf = (graph: SchemaGraph, file: SchemaFile) => findDispatchTables(graph, file, { each: true });

/** True when a schema's type is generic (`Container<T>`): a dispatch table applies to it and it has fields of its own. */
const isGeneric = (graph: SchemaGraph, file: SchemaFile) =>
  !isConditionalOnly(file.schema) && typedTablesOf(graph, file).length > 0;

/** The `$ref` leaves of an if/then/else tree: the schemas a value of a dispatching schema (`envelope`) can be. */
function conditionalLeaves(schema: JsonObject): JsonObject[] {
  const branches = ["then", "else"].map((k) => schema[k]).filter(isJsonObject);
  return branches.flatMap((branch) => (typeof branch.$ref === "string" ? [branch] : conditionalLeaves(branch)));
}

/**
 * Rewrites a schema into the shape json-schema-to-typescript types best: each `$ref` becomes a `tsType` naming the
 * referenced type (so every type is declared once, in its own file's output, and keeps its name), an if/then/else
 * dispatch becomes a union, and conditional rules, which TypeScript cannot express here, are dropped (dispatch
 * tables are typed separately as generics).
 */
function typingSchema(graph: SchemaGraph, file: SchemaFile, tables: DispatchTable[], ruled: boolean): JsonObject {
  const typeNameOf = (ref: string) => {
    const target = graph.resolveRef(file, ref);
    const title = target.node.title;
    if (typeof title !== "string") throw new Error(`${file.file}: $ref "${ref}" points at a schema without a title`);
    return title;
  };
  const root: JsonObject = { ...file.schema };
  if (root.if !== undefined && root.properties === undefined) {
    root.anyOf = conditionalLeaves(root);
    delete root.type;
  }
  for (const table of tables) {
    const properties = { ...(root.properties as JsonObject) };
    delete properties[table.discriminator];
    delete properties[table.field];
    root.properties = properties;
    root.title = `${String(root.title)}Fields`;
    root.required = ((root.required as JsonValue[] | undefined) ?? []).filter(
      (name) => name !== table.discriminator && name !== table.field,
    );
  }
  // A schema with conditional rules declares its fields as `XFields`; `X` is those fields and the rules' union.
  if (ruled && tables.length === 0) root.title = `${String(root.title)}Fields`;
  // A schema that includes another (`allOf: [{ $ref }]`) and requires more of its fields (inbound-message requires
  // `id` and `from` of message): each such field becomes required, typed as the included schema types it.
  const included = Array.isArray(root.allOf)
    ? root.allOf.find((entry) => isJsonObject(entry) && typeof entry.$ref === "string")
    : undefined;
  if (isJsonObject(included) && Array.isArray(root.required)) {
    // When both are generic (`InboundMessage<T>` over `Message<T>`), build on the other's fields (`MessageFields`):
    // the dispatched field is typed once, by this schema's own generic.
    const target = graph.resolveRef(file, String(included.$ref));
    const generic = tables.length > 0 && target.pointer === "" && isGeneric(graph, target.file);
    const base = generic ? `${typeNameOf(String(included.$ref))}Fields` : typeNameOf(String(included.$ref));
    if (generic)
      root.allOf = (root.allOf as JsonValue[]).map((entry) => (entry === included ? { tsType: base } : entry));
    const properties: JsonObject = { ...(isJsonObject(root.properties) ? root.properties : {}) };
    for (const name of root.required) {
      if (typeof name === "string" && !(name in properties))
        properties[name] = { tsType: `NonNullable<${base}[${JSON.stringify(name)}]>` };
    }
    root.properties = properties;
  }
  return mapSchema(root, (node) => {
    for (const key of CONDITIONALS) delete node[key];
    delete node["x-secret"];
    if (typeof node.$ref === "string") {
      const typed: JsonObject = { tsType: typeNameOf(node.$ref) };
      if (typeof node.description === "string") typed.description = node.description;
      return typed;
    }
    if (Array.isArray(node.allOf)) {
      const kept = node.allOf.filter((entry) => {
        if (!isJsonObject(entry) || isTypeless(entry) || isValueConstraintOnly(entry) || entry.tsType === "unknown")
          return false;
        if (typeof entry.tsType === "string") {
          const target = graph.files.find((f) => f.schema.title === entry.tsType);
          return !(target && isConditionalOnly(target.schema));
        }
        return true;
      });
      if (kept.length > 0) node.allOf = kept;
      else delete node.allOf;
    }
    if (isTypeless(node)) return { ...node, tsType: "unknown" };
    return node;
  });
}

/** The TypeScript type of a dispatched field when the discriminator holds a value of no known case. */
function fallbackType(schema: JsonValue | undefined): string {
  const types = isJsonObject(schema) ? schema.type : undefined;
  const list = Array.isArray(types) ? types : types === undefined ? [] : [types];
  const names = list.map((t) =>
    t === "object" ? "{ [k: string]: unknown }" : t === "array" ? "unknown[]" : t === "integer" ? "number" : String(t),
  );
  return names.length > 0 ? names.join(" | ") : "unknown";
}

function jsDoc(text: JsonValue | undefined, indent = ""): string {
  if (typeof text !== "string") return "";
  return `${indent}/**\n${text
    .split("\n")
    .map((line) => `${indent} * ${line}`)
    .join("\n")}\n${indent} */\n`;
}

const mapNameOf = (table: DispatchTable) => dispatchMapName(table.field);

/** The type other media types have in the open member of a typed document (one home: the client runtime). */
const OTHER_MEDIA_TYPE = "OtherMediaType";

/**
 * A document's type in a map. A generic document (a container) is the union of its known forms and its form for
 * any other media type, `KnownContainer | Container<OtherMediaType>`: `Container<string>` would stay in every
 * `case` of a `switch` on its own discriminator, so the document would not narrow where a map puts it.
 */
const documentType = (graph: SchemaGraph, target: SchemaFile) => {
  const title = String(target.schema.title);
  return isGeneric(graph, target) ? `Known${title} | ${title}<${OTHER_MEDIA_TYPE}>` : title;
};

/** The map from discriminator value to document type, declared once by the file that holds the table. */
function dispatchMap(graph: SchemaGraph, table: DispatchTable): string {
  const what = table.each ? `document of each of the \`${table.field}\`` : `\`${table.field}\` document`;
  const mapDoc = `The ${what} for each known \`${table.discriminator}\` (the rule is in ${table.owner.file}).`;
  const mapBody = table.cases.map((c) => `  ${JSON.stringify(c.value)}: ${documentType(graph, c.target)};`).join("\n");
  return `${jsDoc(mapDoc)}export interface ${mapNameOf(table)} {\n${mapBody}\n}`;
}

/** `Message<T>` and the union of the known typed forms, for a schema a dispatch table applies to. */
function dispatchGenerics(
  file: SchemaFile,
  table: DispatchTable,
  description: string | undefined,
  rules: string | undefined,
): string {
  const title = String(file.schema.title);
  const mapName = mapNameOf(table);
  // The fields as declared here, or in the file holding the table when this one only includes it (inbound-message).
  const properties = {
    ...((table.owner.schema.properties ?? {}) as JsonObject),
    ...((file.schema.properties ?? {}) as JsonObject),
  };
  const required = new Set((file.schema.required as string[] | undefined) ?? []);
  const optional = (name: string) => (required.has(name) ? "" : "?");
  const discriminatorDoc = isJsonObject(properties[table.discriminator])
    ? (properties[table.discriminator] as JsonObject).description
    : undefined;
  const field = isJsonObject(properties[table.field]) ? (properties[table.field] as JsonObject) : {};
  // An array of documents (`items`) is typed per element: the element schema gives the type for other media types.
  const fieldType = table.each
    ? `(T extends keyof ${mapName} ? ${mapName}[T] : ${fallbackType(field.items)})[]`
    : `T extends keyof ${mapName} ? ${mapName}[T] : ${fallbackType(field)}`;
  const matching = table.each ? "items of the matching document" : "the matching document";
  return [
    jsDoc(
      `${String(file.schema.description)}\n\n\`${title}<T>\` types \`${table.field}\` from \`${table.discriminator}\`: ${title}<${JSON.stringify(table.cases[0]?.value ?? "")}> has ${matching}.`,
    ) +
      `export type ${title}<T extends string = string> = ${title}Fields & {\n` +
      `${jsDoc(discriminatorDoc, "  ")}  ${table.discriminator}${optional(table.discriminator)}: T;\n` +
      `${jsDoc(field.description, "  ")}  ${table.field}${optional(table.field)}: ${fieldType};\n}${rules === undefined ? "" : ` & ${rules}`};`,
    jsDoc(
      `A ${title} of one of the known \`${table.discriminator}\` values: \`switch (x.${table.discriminator})\` narrows \`${table.field}\`.`,
    ) + `export type Known${title} = { [T in keyof ${mapName}]: ${title}<T> }[keyof ${mapName}];`,
  ].join("\n\n");
}

/** A schema's description and its conditional rules with no type form: what hover shows of the rules the type does not enforce. */
function describeWithUntyped(file: SchemaFile, untyped: UntypedRule[]): string | undefined {
  const description = typeof file.schema.description === "string" ? file.schema.description : undefined;
  if (untyped.length === 0) return description;
  const notes = untyped.map((rule) => `- ${rule.rule} (${file.file}#${rule.pointer}): ${rule.why}.`);
  return [description, "Enforced by the validators only (no type form):", ...notes]
    .filter((line) => line !== undefined)
    .join("\n");
}

/**
 * `XRules`: the intersection of one union per conditional rule of the schema with a type form (a rule that depends on
 * a value becomes a discriminated union, so `switch (x.event)` narrows to the branch that carries `reason`). `X` is
 * `XFields & XRules`, or the generic `X<T>` with `& XRules`.
 */
function rulesType(file: SchemaFile, rules: TypedRule[], table: DispatchTable | undefined): string {
  const title = String(file.schema.title);
  const fields = `${title}Fields`;
  const properties = isJsonObject(file.schema.properties) ? file.schema.properties : {};
  const declared = (property: string) =>
    property in properties && property !== table?.field && property !== table?.discriminator;
  const fieldType = (property: string) => `${fields}[${JSON.stringify(property)}]`;
  const requiredType = (property: string) => (declared(property) ? `NonNullable<${fieldType(property)}>` : "{}");
  const unions = rules.map((rule) =>
    rules.length > 1 ? `(${ruleType(rule, fieldType, requiredType)})` : ruleType(rule, fieldType, requiredType),
  );
  const doc = `The conditional rules of ${file.file} (${rules.map((rule) => `#${rule.pointer}`).join(", ")}), one union each: \`switch\` on the tested field narrows to the branch and what it requires.`;
  return `${jsDoc(doc)}export type ${title}Rules = ${unions.join(" &\n  ")};`;
}

/** json-schema-to-typescript on one typing schema (loaded on first use: a run whose types all come from the cache never loads it). */
export async function compileTypes(schema: JsonObject, name: string): Promise<string> {
  const { compile } = await import("json-schema-to-typescript");
  return compile(schema as JSONSchema, name, {
    bannerComment: "",
    format: false,
    unknownAny: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: false,
    additionalProperties: true,
  });
}

/**
 * Emits one API's types module: a type per schema (named by its `title`) and the dispatch generics. `compileOne`
 * stands for `compileTypes` (the generate command passes a cached one: a schema's code depends only on its typing
 * schema and name).
 */
export async function emitTypes(
  graph: SchemaGraph,
  api: string,
  compileOne: (schema: JsonObject, name: string) => Promise<string> = compileTypes,
): Promise<OutputFile> {
  const declared = new Set<string>();
  const chunks: string[] = [];
  let namesOtherMediaType = false;
  for (const file of graph.files.filter((f) => f.api === api)) {
    const tables = typedTablesOf(graph, file);
    if (tables.length > 1)
      throw new Error(`${file.file}: more than one dispatch table is not supported by the types stage`);
    // A file that only holds the rule (command-resource) declares the map; the files including it get the generics.
    const typedTables = isConditionalOnly(file.schema) ? [] : tables;
    const rules = isConditionalOnly(file.schema) ? { typed: [], untyped: [] } : conditionalRules(file);
    const ruled = rules.typed.length > 0;
    const description = describeWithUntyped(file, rules.untyped);
    const schema = typingSchema(graph, file, typedTables, ruled);
    if (description !== undefined) schema.description = description;
    const name = String(schema.title);
    const code = await compileOne(schema, name);
    // Inline titled objects are declared by the file that holds them; a second declaration would be a duplicate.
    for (const match of code.matchAll(/^export (?:interface|type) (\w+)/gm)) {
      const declaredName = match[1] ?? "";
      if (declared.has(declaredName)) throw new Error(`${file.file}: type ${declaredName} is declared twice`);
      declared.add(declaredName);
    }
    chunks.push(code.trim());
    for (const table of tables.filter((t) => t.owner === file)) {
      chunks.push(dispatchMap(graph, table));
      namesOtherMediaType ||= table.cases.some((c) => isGeneric(graph, c.target));
    }
    const title = String(file.schema.title);
    if (ruled) chunks.push(rulesType(file, rules.typed, typedTables[0]));
    if (ruled && typedTables.length === 0)
      chunks.push(`${jsDoc(description)}export type ${title} = ${name} & ${title}Rules;`);
    for (const table of typedTables)
      chunks.push(dispatchGenerics(file, table, description, ruled ? `${title}Rules` : undefined));
  }
  const path = apiOutput.types(api);
  const imports = namesOtherMediaType
    ? [`import type { ${OTHER_MEDIA_TYPE} } from ${JSON.stringify(runtimeImport(path, "client/other-media-type.js"))};`]
    : [];
  return { path, contents: `${[...imports, ...chunks].join("\n\n")}\n` };
}
