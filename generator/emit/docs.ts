import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";

const require = createRequire(import.meta.url);

/**
 * Redoc 3 shows an "API docs by Redocly" badge loaded from its CDN, and no option turns it off. The published page
 * must need no network, so the badge points at an empty inline SVG instead.
 */
const CDN_BADGE = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

type BuildDocs = (command: { argv: { api: string; o: string; inlineBundle: boolean }; config: unknown; collectSpecData: () => void }) => Promise<void>;
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
  const imported = loader === undefined ? undefined : new RegExp(`import\\{[^}]*\\b(\\w+) as ${loader}\\b[^}]*\\}from"(\\./chunks/\\w+\\.js)"`).exec(text);
  if (handler === undefined || imported?.[1] === undefined || imported[2] === undefined) {
    const { version } = require("@redocly/cli/package.json") as { version: string };
    throw new Error(`@redocly/cli ${version}: build-docs or the config loader not found in lib/index.js; generator/emit/docs.ts reads the layout of 2.77`);
  }
  const resolve = (chunk: string) => pathToFileURL(path.join(path.dirname(index), chunk)).href;
  return { handler: resolve(handler), config: { chunk: resolve(imported[2]), name: imported[1] } };
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
    if (loadConfig === undefined) throw new Error(`@redocly/cli: ${where.config.chunk} has no export ${where.config.name}`);
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
export async function emitDocs(api: string, yaml: string): Promise<OutputFile> {
  const { buildDocs, config } = await loadRedocly();
  const work = await mkdtemp(path.join(tmpdir(), "specfirst-docs-"));
  try {
    const source = path.join(work, `${api}.yaml`);
    const target = path.join(work, `${api}.html`);
    await writeFile(source, yaml);
    await buildDocs({ argv: { api: source, o: target, inlineBundle: true }, config, collectSpecData: () => undefined });
    const html = await readFile(target, "utf8");
    return { path: apiOutput.docs(api), contents: html.replace(CDN_BADGE, EMPTY_SVG) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
