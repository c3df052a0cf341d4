/**
 * The variants of a request body that a run must cover, read from its schema: every value a selector is tested
 * against or lists (each media-type document of `type`, each command `method` and extension `uri`, each notification
 * `event`), one value of a selector outside those (another media type), and every optional object of the first two
 * levels (each Config `input` and `output` kind, `filter.filter`, `processor.flink_sql`). Each variant is a
 * constraint on the body arbitrary (runtime/verify/arbitraries.ts).
 */
import fc from "fast-check";
import type { BodyArbitraries, BodyConstraint } from "./arbitraries.js";
import {
  isObjectSchema,
  isSchemaObject,
  sameJson,
  shapeOf,
  type SchemaNode,
  type SchemaRegistry,
} from "./schema-model.js";

export interface Variant {
  /** `type=text/plain`, `method=observe`, `input.kafka`. */
  readonly label: string;
  readonly constraint: BodyConstraint;
  /** The selector and value it pins, for the protocol rules keyed on them (`method` = `observe`). */
  readonly pinned?: { readonly name: string; readonly value: unknown };
}

function namedValues(registry: SchemaRegistry, node: SchemaNode, name: string): unknown[] {
  const shape = shapeOf(registry, node);
  const values: unknown[] = [];
  const add = (value: unknown) => {
    if (!values.some((known) => sameJson(known, value))) values.push(value);
  };
  for (const conditional of shape.conditionals) {
    const rule = (conditional.if.properties as Record<string, unknown> | undefined)?.[name];
    if (!isSchemaObject(rule)) continue;
    if (Object.hasOwn(rule, "const")) add(rule.const);
    if (Array.isArray(rule.enum)) (rule.enum as unknown[]).forEach(add);
  }
  for (const own of shape.properties.get(name) ?? []) {
    const resolved = registry.resolve(own);
    if (!isSchemaObject(resolved.schema)) continue;
    if (Array.isArray(resolved.schema.enum)) (resolved.schema.enum as unknown[]).forEach(add);
    const examples = isSchemaObject(own.schema) && Array.isArray(own.schema.examples) ? own.schema.examples : [];
    (examples as unknown[]).forEach(add);
  }
  return values;
}

/** True when the selector's own schema admits values beyond a list (a pattern or a plain type, not an enum). */
function isOpen(registry: SchemaRegistry, node: SchemaNode, name: string): boolean {
  const own = shapeOf(registry, node).properties.get(name)?.[0];
  if (own === undefined) return false;
  const resolved = registry.resolve(own);
  return (
    isSchemaObject(resolved.schema) && !Array.isArray(resolved.schema.enum) && !Object.hasOwn(resolved.schema, "const")
  );
}

/** The optional object properties of `node` that list properties of their own. */
function objectProperties(registry: SchemaRegistry, node: SchemaNode): [string, SchemaNode][] {
  if (!isObjectSchema(registry, node)) return [];
  const shape = shapeOf(registry, node);
  const found: [string, SchemaNode][] = [];
  for (const [name, nodes] of shape.properties) {
    const own = nodes.find((candidate) => candidate.schema !== true);
    if (own === undefined || shape.required.has(name) || !isObjectSchema(registry, own)) continue;
    if (shapeOf(registry, own).properties.size > 0) found.push([name, own]);
  }
  return found;
}

export function variantsOf(registry: SchemaRegistry, arbitraries: BodyArbitraries, node: SchemaNode): Variant[] {
  const variants: Variant[] = [];
  if (!isObjectSchema(registry, node)) return variants;
  const shape = shapeOf(registry, node);
  for (const name of shape.selectors) {
    const values = namedValues(registry, node, name);
    for (const value of values)
      variants.push({
        label: `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`,
        constraint: { pins: { [name]: fc.constant(value) } },
        pinned: { name, value },
      });
    const own = shape.properties.get(name)?.[0];
    if (own !== undefined && isOpen(registry, node, name) && values.length > 0)
      variants.push({
        label: `${name}: another value`,
        constraint: {
          pins: { [name]: arbitraries.of(own).filter((value) => !values.some((known) => sameJson(known, value))) },
        },
      });
  }
  for (const [outer, outerNode] of objectProperties(registry, node)) {
    const inner = objectProperties(registry, outerNode);
    if (inner.length === 0) variants.push({ label: outer, constraint: { require: { [outer]: {} } } });
    for (const [name] of inner)
      variants.push({ label: `${outer}.${name}`, constraint: { require: { [outer]: { require: { [name]: {} } } } } });
  }
  return variants;
}
