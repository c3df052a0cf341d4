import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject, walkSchema } from "./schema-walk.js";
import type { SchemaGraph } from "./schema-graph.js";
import type { SchemaFile } from "../load/schemas.js";

/**
 * Where the secret values (`"x-secret": true`) of a payload can be, as a small tree for `redact` to walk at run
 * time: `true` marks a secret value; `p` maps property names, `i` is the shape of array items, `a` of map values,
 * `r` names another schema's shape (so recursive schemas stay finite). Subtrees without secrets are left out.
 */
import type { SecretShape } from "../../runtime/validation/redact-secret-fields.js";
export type { SecretShape };

function merge(target: Exclude<SecretShape, true>, extra: SecretShape | undefined): SecretShape {
  if (extra === undefined) return target;
  if (extra === true) return true;
  if (extra.p) {
    target.p ??= {};
    for (const [key, shape] of Object.entries(extra.p)) {
      const current = target.p[key];
      target.p[key] = current === undefined ? shape : current === true ? true : merge({ ...current }, shape);
    }
  }
  for (const key of ["i", "a"] as const) {
    const shape = extra[key];
    if (shape === undefined) continue;
    const current = target[key];
    target[key] = current === undefined ? shape : current === true ? true : merge({ ...current }, shape);
  }
  if (extra.r) target.r = [...new Set([...(target.r ?? []), ...extra.r])].sort();
  return target;
}

/** Schema names whose payloads can hold a secret, directly or through refs. */
function namesWithSecrets(graph: SchemaGraph): Set<string> {
  const hasSecret = (file: SchemaFile) => {
    let found = false;
    walkSchema(file.schema, (node) => (found ||= node["x-secret"] === true));
    return found;
  };
  const direct = new Set(graph.files.filter(hasSecret).map((f) => f.name));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, refs] of graph.refs) {
      if (!direct.has(name) && [...refs].some((r) => direct.has(r))) {
        direct.add(name);
        grew = true;
      }
    }
  }
  return direct;
}

function shapeOf(
  graph: SchemaGraph,
  file: SchemaFile,
  node: JsonValue | undefined,
  secretNames: Set<string>,
): SecretShape | undefined {
  if (!isJsonObject(node)) return undefined;
  if (node["x-secret"] === true) return true;
  const shape: Exclude<SecretShape, true> = {};
  if (typeof node.$ref === "string") {
    const target = graph.resolveRef(file, node.$ref).file.name;
    if (secretNames.has(target)) shape.r = [target];
  }
  if (isJsonObject(node.properties)) {
    for (const [key, sub] of Object.entries(node.properties)) {
      const inner = shapeOf(graph, file, sub, secretNames);
      if (inner !== undefined) merge(shape, { p: { [key]: inner } });
    }
  }
  const items = shapeOf(graph, file, node.items, secretNames);
  if (items !== undefined) merge(shape, { i: items });
  const values = shapeOf(graph, file, node.additionalProperties, secretNames);
  if (values !== undefined) merge(shape, { a: values });
  const branches = ["allOf", "anyOf", "oneOf"].flatMap((k) => (Array.isArray(node[k]) ? (node[k] as JsonValue[]) : []));
  for (const branch of [...branches, node.then, node.else]) {
    const inner = shapeOf(graph, file, branch, secretNames);
    if (inner === true) return true;
    if (inner !== undefined) merge(shape, inner);
  }
  return Object.keys(shape).length > 0 ? shape : undefined;
}

/** The secret shape of every schema whose payloads can hold a secret, keyed by schema name. */
export function secretShapes(graph: SchemaGraph): Record<string, SecretShape> {
  const secretNames = namesWithSecrets(graph);
  const shapes: Record<string, SecretShape> = {};
  for (const file of graph.files) {
    if (!secretNames.has(file.name)) continue;
    const shape = shapeOf(graph, file, file.schema as JsonObject, secretNames);
    if (shape !== undefined) shapes[file.name] = shape;
  }
  return shapes;
}
