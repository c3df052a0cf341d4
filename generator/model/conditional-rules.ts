import { locatePointer, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import { GenerationFailed, type Problem } from "../problems.js";
import { isJsonObject } from "./schema-walk.js";
import { isDispatchCase } from "./dispatch-tables.js";
import type { SchemaFile } from "../load/schemas.js";

/**
 * The conditional rules of a schema (`if`/`then`/`else` at its root or in an `allOf` member), read into the form the
 * types stage turns into a discriminated union. One home for the question "which conditional rule has a type form".
 */

/** `if` holds when each listed property is present with one of its values (`const` or `enum`). */
export interface ValueCondition {
  property: string;
  values: JsonValue[];
}

/** What a branch demands: properties that must be present, properties that must be absent (`properties: { id: false }`). */
export interface Demand {
  required: string[];
  forbidden: string[];
}

/** A rule with a type form: `{ condition values & then } | { other values of one condition property & else }`. */
export interface TypedRule {
  pointer: string;
  when: ValueCondition[];
  then: Demand;
  else: Demand;
}

/** A rule the validators enforce and TypeScript cannot: listed on the type's documentation, never dropped silently. */
export interface UntypedRule {
  pointer: string;
  rule: string;
  why: string;
}

export interface ConditionalRules {
  typed: TypedRule[];
  untyped: UntypedRule[];
}

const NO_PATTERN = "TypeScript has no type for the strings a pattern accepts";
/** The keys of a `then` property schema that only constrains a string by a pattern. */
const PATTERN_KEYS = new Set(["type", "pattern", "description"]);
const NO_NEGATED_PATTERN =
  "TypeScript has no type for the strings that do not match a pattern, so the other branch cannot be told apart";

/**
 * The `if`/`then`/`else` nodes of a schema that are rules on its own object: not a dispatch to other schemas (as in
 * `envelope`) nor a case of a dispatch table (typed by the dispatch generics).
 */
function ruleNodes(schema: JsonObject): { pointer: string; node: JsonObject }[] {
  const nodes: { pointer: string; node: JsonObject }[] = [];
  if (schema.if !== undefined && schema.properties !== undefined) nodes.push({ pointer: "", node: schema });
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((entry, index) => {
      if (isJsonObject(entry) && entry.if !== undefined && !isDispatchCase(entry))
        nodes.push({ pointer: `/allOf/${index}`, node: entry });
    });
  }
  return nodes;
}

const describeDemand = (demand: Demand) =>
  [
    demand.required.length > 0 ? `requires ${demand.required.map((n) => `\`${n}\``).join(", ")}` : "",
    demand.forbidden.length > 0 ? `forbids ${demand.forbidden.map((n) => `\`${n}\``).join(", ")}` : "",
  ]
    .filter(Boolean)
    .join(" and ");

/**
 * Reads a schema's conditional rules. A rule whose `if` tests a property against a pattern is untyped (listed, with
 * why); any other shape the types stage cannot turn into a union fails generation with the file and pointer.
 */
export function conditionalRules(file: SchemaFile): ConditionalRules {
  const typed: TypedRule[] = [];
  const untyped: UntypedRule[] = [];
  const problems: Problem[] = [];
  const fail = (pointer: string, message: string) =>
    problems.push({
      file: file.file,
      pointer,
      message: `conditional rule has no type form: ${message} (the types stage reads \`if: { properties: { p: { const | enum } }, required: [p] }\` and \`then\`/\`else\` of \`required\` and \`properties: { p: false }\`; a pattern test is listed as untyped)`,
      ...locatePointer(file.text, pointer),
    });
  for (const { pointer, node } of ruleNodes(file.schema)) {
    const condition = node.if;
    if (!isJsonObject(condition)) {
      fail(`${pointer}/if`, "`if` is not an object");
      continue;
    }
    const extra = Object.keys(condition).filter((key) => key !== "properties" && key !== "required");
    if (extra.length > 0) {
      fail(`${pointer}/if`, `\`if\` uses ${extra.join(", ")}`);
      continue;
    }
    const required = new Set(Array.isArray(condition.required) ? condition.required.map(String) : []);
    const when: ValueCondition[] = [];
    const patterns: string[] = [];
    for (const [property, test] of Object.entries(isJsonObject(condition.properties) ? condition.properties : {})) {
      const at = `${pointer}/if/properties/${property}`;
      if (!required.has(property))
        fail(at, `\`${property}\` is tested but not required by \`if\` (an absent value would meet the condition)`);
      else if (isJsonObject(test) && test.const !== undefined && Object.keys(test).every((k) => k === "const"))
        when.push({ property, values: [test.const] });
      else if (isJsonObject(test) && Array.isArray(test.enum) && Object.keys(test).every((k) => k === "enum"))
        when.push({ property, values: test.enum });
      else if (
        isJsonObject(test) &&
        typeof test.pattern === "string" &&
        Object.keys(test).every((k) => k === "pattern" || k === "type")
      )
        patterns.push(`\`${property}\` matches \`${test.pattern}\``);
      else fail(at, `\`${property}\` is tested with ${JSON.stringify(test)}`);
    }
    const patternDemands: string[] = [];
    const demand = (key: "then" | "else"): Demand | undefined => {
      const branch = node[key];
      if (branch === undefined) return { required: [], forbidden: [] };
      const extraKeys = isJsonObject(branch)
        ? Object.keys(branch).filter((k) => k !== "required" && k !== "properties")
        : [];
      const properties = isJsonObject(branch) && isJsonObject(branch.properties) ? branch.properties : {};
      const notFalse = Object.keys(properties).filter((name) => properties[name] !== false);
      for (const name of notFalse) {
        const value = properties[name];
        if (
          isJsonObject(value) &&
          typeof value.pattern === "string" &&
          Object.keys(value).every((k) => PATTERN_KEYS.has(k))
        ) {
          // A long generated pattern reads better as the description the expansion gives it.
          patternDemands.push(
            typeof value.description === "string"
              ? `\`${name}\`: ${value.description.replace(/\.$/, "")}`
              : `\`${name}\` matches \`${value.pattern}\``,
          );
        }
      }
      if (!isJsonObject(branch) || extraKeys.length > 0 || notFalse.length > patternDemands.length) {
        fail(`${pointer}/${key}`, `\`${key}\` does more than require or forbid properties`);
        return undefined;
      }
      return {
        required: Array.isArray(branch.required) ? branch.required.map(String) : [],
        forbidden: Object.keys(properties),
      };
    };
    const then = demand("then");
    const otherwise = demand("else");
    if (then === undefined || otherwise === undefined) continue;
    if (patternDemands.length > 0) {
      const tested = [...required].map((name) => `\`${name}\` is present`);
      untyped.push({
        pointer,
        rule: `when ${[...tested, ...patterns].join(" and ")}, ${patternDemands.join(" and ")}`,
        why: NO_PATTERN,
      });
    } else if (patterns.length > 0) {
      const rule = [
        `when ${[...patterns, ...when.map((c) => `\`${c.property}\` is ${c.values.map((v) => JSON.stringify(v)).join(" or ")}`)].join(" and ")}`,
        describeDemand(then) && `it ${describeDemand(then)}`,
        describeDemand(otherwise) && `otherwise it ${describeDemand(otherwise)}`,
      ]
        .filter(Boolean)
        .join(", ");
      untyped.push({ pointer, rule, why: NO_NEGATED_PATTERN });
    } else if (when.length > 0) typed.push({ pointer, when, then, else: otherwise });
    else fail(`${pointer}/if`, "`if` tests no property value");
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
  return { typed, untyped };
}

/**
 * A rule as TypeScript: the union of the branch where the condition holds and, per condition property, the branch
 * where that property has another of its values. `fieldType(p)` names the declared type of `p` (to exclude values
 * from it); `requiredType(p)` the type a required property gets.
 */
export function ruleType(
  rule: TypedRule,
  fieldType: (property: string) => string,
  requiredType: (property: string) => string,
): string {
  const members = (fields: string[], demand: Demand) =>
    `{ ${[...fields, ...demand.required.map((p) => `${p}: ${requiredType(p)}`), ...demand.forbidden.map((p) => `${p}?: never`)].join("; ")} }`;
  const literal = (values: JsonValue[]) => values.map((v) => JSON.stringify(v)).join(" | ");
  const holds = members(
    rule.when.map((c) => `${c.property}: ${literal(c.values)}`),
    rule.then,
  );
  const fails = rule.when.map((c) =>
    members([`${c.property}: Exclude<${fieldType(c.property)}, ${literal(c.values)}>`], rule.else),
  );
  return [holds, ...fails].join(" | ");
}
