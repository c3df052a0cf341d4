import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";
import { isJsonObject, mapSchema } from "../model/schema-walk.js";

const require = createRequire(import.meta.url);

/**
 * Redoc 3 shows an "API docs by" badge whose logo it loads from its CDN, and no option turns it off. The published
 * page must need no network, so the logo is an inline SVG: the word "Redocly" in the sidebar's text colour (an image
 * that loads, where the CDN address showed a broken image offline).
 */
const CDN_BADGE = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const BADGE_SVG = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' width='64' height='16' viewBox='0 0 64 16'><text x='0' y='13' font-family='sans-serif' font-size='13' fill='#888'>Redocly</text></svg>").replace(/'/g, "%27")}`;

/**
 * Redoc options of every page. `schemaDefinitionsTagName`: every named schema (without `x-tags`) is listed in the
 * navigation under "Schemas", each with its own page and link (`#tag/schemas/schema/<Name>`).
 */
const REDOC_OPTIONS = { schemaDefinitionsTagName: "Schemas" };

type BuildDocs = (command: {
  argv: { api: string; o: string; inlineBundle: boolean; openapi: object };
  config: unknown;
  collectSpecData: () => void;
}) => Promise<void>;
interface Redocly {
  buildDocs: BuildDocs;
  config: unknown;
}

/**
 * Where `redocly build-docs` lives in @redocly/cli: the CLI is one esbuild bundle split into chunks with hashed
 * names and minified exports, so its entry (lib/index.js) is read for the chunk its `build-docs` command imports
 * (`handlerBuildCommand`, a real export name) and for the function its commands load the configuration with
 * (`loadConfig`, called with `{ configPath, ... }`). Throws, naming the version, when that layout is not found.
 */
async function locateRedocly(): Promise<{ handler: string; config: { chunk: string; name: string } }> {
  const index = require.resolve("@redocly/cli/lib/index.js");
  const text = await readFile(index, "utf8");
  const handler = /\{handlerBuildCommand:\w+\}=await import\("(\.\/chunks\/\w+\.js)"\)/.exec(text)?.[1];
  const loader = /\w+=await (\w+)\(\{configPath:/.exec(text)?.[1];
  const imported =
    loader === undefined
      ? undefined
      : new RegExp(`import\\{[^}]*\\b(\\w+) as ${loader}\\b[^}]*\\}from"(\\./chunks/\\w+\\.js)"`).exec(text);
  if (handler === undefined || imported?.[1] === undefined || imported[2] === undefined) {
    const { version } = require("@redocly/cli/package.json") as { version: string };
    throw new Error(
      `@redocly/cli ${version}: build-docs or the config loader not found in lib/index.js; generator/emit/docs.ts reads the layout of 2.77`,
    );
  }
  const resolve = (chunk: string) => pathToFileURL(path.join(path.dirname(index), chunk)).href;
  return { handler: resolve(handler), config: { chunk: resolve(imported[2]), name: imported[1] } };
}

/**
 * The Markdown of an "Authentication" section, from the document's security schemes (their one home): Redoc lists
 * the `##` headings of `info.description` in its navigation, and shows a scheme only in each operation's pop-up.
 */
function authenticationSection(document: JsonObject): string {
  const components = isJsonObject(document.components) ? document.components : {};
  const schemes = isJsonObject(components.securitySchemes) ? Object.entries(components.securitySchemes) : [];
  const lines = schemes.map(([name, scheme]) => {
    const where =
      isJsonObject(scheme) && typeof scheme.in === "string" && typeof scheme.name === "string"
        ? ` (${scheme.type} in the ${scheme.in} \`${scheme.name}\`)`
        : "";
    const text = isJsonObject(scheme) && typeof scheme.description === "string" ? scheme.description.trim() : "";
    return `**${name}**${where}: ${text}`;
  });
  return lines.length === 0 ? "" : `## Authentication\n\n${lines.join("\n\n")}\n\n`;
}

/** Said on every object that rejects keys it does not list, where the reader sees the object. */
const CLOSED_OBJECT = "**Closed object**: a key not listed here is rejected.";

/** Marks a closed object (`additionalProperties: false` or `unevaluatedProperties: false`) in its description. */
function markClosed(node: JsonObject): JsonObject {
  if (node.additionalProperties !== false && node.unevaluatedProperties !== false) return node;
  const description = typeof node.description === "string" ? node.description : "";
  return { ...node, description: description === "" ? CLOSED_OBJECT : `${CLOSED_OBJECT}\n\n${description}` };
}

/**
 * `oneOf: [OtherX, KnownX]` (the published order, docs/published-contract.md#in-other-tools) as `[KnownX, OtherX]`: the
 * page opens on the declared media types, where the reader picks one.
 */
function knownFirst(node: JsonObject): JsonObject {
  const [other, known, ...more] = Array.isArray(node.oneOf) ? node.oneOf : [];
  const name = (entry: JsonValue | undefined) =>
    isJsonObject(entry) && typeof entry.$ref === "string" ? entry.$ref.split("/").pop() : undefined;
  const otherName = name(other);
  if (more.length > 0 || otherName?.startsWith("Other") !== true || name(known) !== `Known${otherName.slice(5)}`)
    return node;
  return { ...node, oneOf: [known as JsonValue, other as JsonValue] };
}

/**
 * The document as the docs page shows it (the published YAML is unchanged): an "Authentication" section in
 * `info.description` before its first `##` section, every closed object marked in its description, and the known
 * media types' variants before the open one.
 */
export function readerDocument(document: JsonObject): JsonObject {
  const info = isJsonObject(document.info) ? document.info : {};
  const description = typeof info.description === "string" ? info.description : "";
  const first = description.search(/^## /m);
  const auth = authenticationSection(document);
  const withAuth =
    first < 0 ? `${description}\n\n${auth}` : `${description.slice(0, first)}${auth}${description.slice(first)}`;
  const components = isJsonObject(document.components) ? document.components : {};
  const schemas = isJsonObject(components.schemas) ? components.schemas : {};
  const marked = Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      isJsonObject(schema) ? knownFirst(mapSchema(schema, markClosed)) : schema,
    ]),
  );
  return { ...document, info: { ...info, description: withAuth }, components: { ...components, schemas: marked } };
}

let redocly: Promise<Redocly> | undefined;

/**
 * Redocly's build-docs command and the configuration it runs with (redocly.yaml of the working folder, as
 * `redocly build-docs` reads it), loaded once per thread.
 */
function loadRedocly(): Promise<Redocly> {
  redocly ??= (async () => {
    const where = await locateRedocly();
    const [chunk, { handlerBuildCommand }] = await Promise.all([
      import(where.config.chunk) as Promise<Record<string, (options: object) => Promise<unknown>>>,
      import(where.handler) as Promise<{ handlerBuildCommand: BuildDocs }>,
    ]);
    const loadConfig = chunk[where.config.name];
    if (loadConfig === undefined)
      throw new Error(`@redocly/cli: ${where.config.chunk} has no export ${where.config.name}`);
    return { buildDocs: handlerBuildCommand, config: await loadConfig({}) };
  })();
  redocly.catch(() => (redocly = undefined));
  return redocly;
}

/** Loads Redocly ahead of the first page (a worker thread is asked to when a run starts). */
export async function preloadDocs(): Promise<void> {
  await loadRedocly();
}

/**
 * Renders an OpenAPI document to a single self-contained HTML page, as `redocly build-docs --inlineBundle` does
 * (Redoc server-side rendered, its scripts inlined: the page needs no network), by calling the command's code in
 * this thread: Redocly and React load once, not once per page. Redocly reads and writes files, so the document goes
 * through a private temporary folder; the page comes back as an output for the write stage.
 *
 * Runs in a worker thread (generator/workers/), started with `NODE_ENV=production` (React's production build
 * renders the same page, faster) and `REDOCLY_TELEMETRY=off`.
 */
export async function emitDocs(api: string, document: JsonObject): Promise<OutputFile> {
  const { buildDocs, config } = await loadRedocly();
  const work = await mkdtemp(path.join(tmpdir(), "specfirst-docs-"));
  try {
    // JSON, which Redocly reads as it reads YAML: printing and parsing YAML here had been most of this thread's own work
    const source = path.join(work, `${api}.json`);
    const target = path.join(work, `${api}.html`);
    await writeFile(source, JSON.stringify(readerDocument(document)));
    await buildDocs({
      argv: { api: source, o: target, inlineBundle: true, openapi: REDOC_OPTIONS },
      config,
      collectSpecData: () => undefined,
    });
    const html = await readFile(target, "utf8");
    return { path: apiOutput.docs(api), contents: html.replace(CDN_BADGE, BADGE_SVG) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
