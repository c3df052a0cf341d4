/**
 * Writes the typia peer (bench/peers.ts) at bench time: `ensureTypiaPeer()`, called by bench/run.ts and
 * test/bench-peers-agree.test.ts, or alone: `npx tsx bench/typia/generate.ts`.
 *
 * 1. bench/typia/src/peer.ts: type declarations of the same rules, with typia's tags (`tags.Pattern`, `tags.Type`):
 *    the message and the notification from bench/peer-rules.ts, checked as a typia user checks a discriminated
 *    union whose last member is open: a switch on `type` (`event`) calling that variant's function (typia alone
 *    would try every member in turn); the Config tree (`configTree`), every object closed, checked with `equals`.
 * 2. `typia generate` (plain TypeScript, no compiler plugin at run time) into bench/typia/generated/peer.ts, the
 *    module the bench imports. Neither file is committed: they are rewritten whenever the declarations change.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as rules from "../peer-rules.js";
import { BENCH_DIR, ROOT } from "../shared.js";

const DIR = path.join(BENCH_DIR, "typia");
const lit = (value: string) => JSON.stringify(value);
const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase());

const documents: [string, string][] = [
  [rules.CONTENT_TYPES.text, "string"],
  [rules.CONTENT_TYPES.chatState, "ChatState"],
  [rules.CONTENT_TYPES.collection, "Collection"],
  [rules.CONTENT_TYPES.container, "Container"],
  [rules.CONTENT_TYPES.mediaLink, "MediaLink"],
  [rules.CONTENT_TYPES.select, "Select"],
];
/** A union with one member per declared media type in `key` (its document in `value`) and one for any other. */
const byMediaType = (make: (type: string, document: string | undefined) => string) =>
  [...documents.map(([type, document]) => make(lit(type), document)), make("OtherMediaType", undefined)]
    .map((m) => `\n  | ${m}`)
    .join("");

/** The message's variants: type name, the `type` it declares, its content. */
const messageVariants: [name: string, type: string, document: string][] = [
  ...documents.map(([type, document], i): [string, string, string] => [`Message${i}`, lit(type), document]),
  ["OtherMessage", "OtherMediaType", "string | Record<string, unknown>"],
];

/** A check that reads the discriminant `key` and calls the variant's own typia function. */
const dispatch = (kind: "Is" | "Validate", key: string, variants: [string, string][], other: string) =>
  `(() => {
${variants.map(([, type], i) => `  const variant${i} = typia.create${kind}<${type}>();`).join("\n")}
  const other = typia.create${kind}<${other}>();
  return (input: unknown) => {
    switch ((input as { ${key}?: unknown } | null)?.${key}) {
${variants.map(([value], i) => `      case ${value}:\n        return variant${i}(input);`).join("\n")}
      default:
        return other(input);
    }
  };
})()`;

const checks = (kind: "Is" | "Validate") =>
  `  message: ${dispatch(
    kind,
    "type",
    messageVariants.slice(0, -1).map(([name, type]) => [type, name]),
    "OtherMessage",
  )},
  notification: ${dispatch(kind, "event", [['"failed"', "FailedNotification"]], "OtherNotification")},
  config: typia.create${kind === "Is" ? "" : kind}Equals<Config>(),`;

const messaging = `
type NodeAddress = string & tags.Pattern<${lit(rules.NODE_ADDRESS)}>;
type MediaType = string & tags.Pattern<${lit(rules.MEDIA_TYPE)}>;
type OtherMediaType = string & tags.Pattern<${lit(rules.OTHER_MEDIA_TYPE)}>;
type Integer = number & tags.Type<"int64">;

interface ChatState { state?: ${rules.CHAT_STATES.map(lit).join(" | ")} }
interface MediaLink { text?: string; type?: MediaType; uri?: string }
interface Select { text?: string; options?: { order?: Integer; text?: string }[] }
type Collection =${byMediaType((type, document) => (document === undefined ? `{ itemType?: ${type}; items?: unknown[] }` : `{ itemType: ${type}; items?: ${document}[] }`))};
type Container =${byMediaType((type, document) => (document === undefined ? `{ type?: ${type}; value?: unknown }` : `{ type: ${type}; value?: ${document} }`))};

${messageVariants
  .map(
    ([name, type, document]) =>
      `type ${name} = { id?: string; from?: NodeAddress; to: NodeAddress; type: ${type}; content: ${document}; metadata?: Record<string, string> };`,
  )
  .join("\n")}

interface Reason { code: Integer; description?: string }
type FailedNotification = { id?: string; from?: NodeAddress; to?: NodeAddress; event: "failed"; reason: Reason };
type OtherNotification = { id?: string; from?: NodeAddress; to?: NodeAddress; event: ${rules.EVENTS.filter(
  (e) => e !== "failed",
)
  .map(lit)
  .join(" | ")}; reason?: Reason };
`;

/** The Config tree, every object closed: `equals` refuses undeclared properties. */
const configs = [
  ...rules.configTree<string>({
    string: "string",
    integer: "Integer",
    number: "number",
    boolean: "boolean",
    unknown: "unknown",
    array: (items) => `Array<${items}>`,
    object: (properties, closed) => {
      if (properties.length === 0 && !closed) return "Record<string, unknown>";
      if (!closed)
        throw new Error("typia peer: an open object in the Config tree (equals would refuse its extra keys)");
      return `{ ${properties.map(({ key, schema, required }) => `${lit(key)}${required ? "" : "?"}: ${schema};`).join(" ")} }`;
    },
    record: (values) => `Record<string, ${values}>`,
    ref: pascal,
  }),
]
  .map(([name, type]) => `type ${pascal(name)} = ${type};`)
  .join("\n");

const source = `// Written by bench/typia/generate.ts from bench/peer-rules.ts and generated/schemas/configs/; do not edit.
import typia, { type tags } from "typia";
${messaging}
${configs}

export const typiaIs = {
${checks("Is")}
} as Record<string, (input: unknown) => boolean>;
export const typiaValidate = {
${checks("Validate")}
} as Record<string, (input: unknown) => unknown>;
`;

/** Writes bench/typia/src/peer.ts and, when it changed or typia's output is missing, runs `typia generate`. */
export function ensureTypiaPeer(): void {
  const [src, out] = [path.join(DIR, "src"), path.join(DIR, "generated")];
  const [sourceFile, generated] = [path.join(src, "peer.ts"), path.join(out, "peer.ts")];
  if (existsSync(generated) && existsSync(sourceFile) && readFileSync(sourceFile, "utf8") === source) return;
  mkdirSync(src, { recursive: true });
  writeFileSync(sourceFile, source);
  const typia = path.join(ROOT, "node_modules", "typia", "lib", "executable", "typia.js");
  const project = path.join(BENCH_DIR, "tsconfig.json");
  const args = [typia, "generate", "--input", src, "--output", out, "--project", project];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`typia generate exited with ${result.status}`);
  // typia's output (~480 kB) is a peer's generated code, not ours: the project's type check (tsconfig.json takes in
  // bench/) skips its bodies, which would add tens of seconds to it; src/peer.ts is checked.
  const nocheck = "// @ts-nocheck: typia's generated code, written by bench/typia/generate.ts (see there)\n";
  writeFileSync(generated, nocheck + readFileSync(generated, "utf8"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureTypiaPeer();
