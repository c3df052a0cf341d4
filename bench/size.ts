/**
 * Section 4 — size of the code a consumer loads for each entry point of the package (the build, dist/): every
 * module `import`ed, directly or not, from the entry point's module (relative imports only: ajv's run-time helpers
 * and ajv-formats are dependencies, not counted), raw, minified with terser, gzipped and brotli-compressed.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minify } from "terser";
import { DIST, ROOT, fmt, table, type Section } from "./shared.js";

const TERSER_OPTIONS = { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true } as const;

export async function minified(code: string): Promise<string> {
  const result = await minify(code, structuredClone(TERSER_OPTIONS) as typeof TERSER_OPTIONS); // terser fills in the options object it is given
  if (result.code === undefined) throw new Error("terser returned no code");
  return result.code;
}

const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
const brotli = (text: string) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export async function minifiedGzipBytes(code: string): Promise<number> {
  return gzip(await minified(code));
}

/** Static `import … from "./x.js"` / `export … from "./x.js"` / `import "./x.js"` specifiers of a compiled module. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s(?:[^"';]*?\sfrom\s)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/**
 * The modules loaded by importing `entry` (a path under dist/): the entry and every relative module it imports
 * statically, transitively, in load order; and the relative modules it may load later with `import()`.
 */
export function moduleClosure(entry: string): { files: string[]; lazy: string[] } {
  const files: string[] = [];
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(STATIC)) visit(path.resolve(path.dirname(file), m[1]!));
    for (const m of code.matchAll(DYNAMIC)) lazy.add(path.resolve(path.dirname(file), m[1]!));
  };
  visit(path.join(DIST, entry));
  return { files, lazy: [...lazy].filter((f) => !files.includes(f)) };
}

const rel = (file: string) => path.relative(DIST, file);

/** Groups files for the note: dist/runtime/validation/*.js (4 files), dist/generated/messaging/validators.js ... */
function describe(files: string[]): string {
  const byDir = new Map<string, string[]>();
  for (const file of files)
    byDir.set(path.dirname(rel(file)), [...(byDir.get(path.dirname(rel(file))) ?? []), path.basename(file)]);
  return [...byDir]
    .map(([dir, names]) =>
      names.length > 3
        ? `${dir}/{${names.length} files}`
        : `${dir}/${names.length === 1 ? names[0] : `{${names.join(", ")}}`}`,
    )
    .join(", ");
}

/** Keywords whose values name things (properties, definitions) rather than annotate or constrain: kept whole. */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

/**
 * A published schema without its annotations (`title`, `description`, `$comment` texts, `examples` lists, `x-*`
 * extensions): the rules alone, what a validator has to encode. Names inside `properties` and the like are kept
 * whatever they are called (a property may be called `description`).
 */
function rulesOnly(node: unknown, namesHere = false): unknown {
  if (Array.isArray(node)) return node.map((item) => rulesOnly(item));
  if (node === null || typeof node !== "object") return node;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const annotation =
      !namesHere &&
      (key.startsWith("x-") ||
        (["title", "description", "$comment"].includes(key) && typeof value === "string") ||
        (key === "examples" && Array.isArray(value)));
    if (!annotation) kept[key] = rulesOnly(value, !namesHere && NAME_MAPS.has(key));
  }
  return kept;
}

/** The published JSON Schemas of every API (generated/schemas/), rules only, minified and gzipped as one stream. */
function rulesAsDataGzipBytes(): { files: number; bytes: number } {
  const dir = path.join(ROOT, "generated", "schemas");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".schema.json"));
  const text = files
    .map((file) => JSON.stringify(rulesOnly(JSON.parse(readFileSync(path.join(dir, file), "utf8")))))
    .join("\n");
  return { files: files.length, bytes: gzip(text) };
}

export async function runSize(): Promise<Section> {
  const rows: (string | number)[][] = [];
  /** Adds the entry point's row; returns its minified + gzip bytes. */
  const measure = async (label: string, entry: string, note: string): Promise<number> => {
    const { files, lazy } = moduleClosure(entry);
    const codes = files.map((f) => readFileSync(f, "utf8"));
    // each module minified on its own (they stay separate modules); compressed as one stream, as a bundle or a
    // server sending them one after the other over one compressed connection would roughly see them
    const mins = await Promise.all(codes.map(minified));
    const raw = codes.join("\n");
    const min = mins.join("\n");
    const lazyNote = lazy.length > 0 ? `; may load later with \`import()\` (not counted): ${describe(lazy)}` : "";
    rows.push([
      label,
      files.length,
      fmt(Buffer.byteLength(raw)),
      fmt(gzip(raw)),
      fmt(Buffer.byteLength(min)),
      fmt(gzip(min)),
      fmt(brotli(min)),
      `${note}: ${describe(files)}${lazyNote}`,
    ]);
    return gzip(min);
  };
  const validatorsGzip = await measure(
    "`specfirst/validators` (dist/generated/validators.js and what it imports)",
    path.join("generated", "validators.js"),
    "every API's AJV standalone validators (`validators.compiled.js`, the lenient Config included), their tables and guards (`validators.js`), the run-time wrapper (validate, messages, redact)",
  );
  await measure(
    "`specfirst/client` (dist/generated/client.js and what it imports)",
    path.join("generated", "client.js"),
    "every API's client, the client run-time (transport, errors, limiter, retries, webhook handler) and the messaging helpers",
  );
  await measure(
    "`specfirst/configs` (dist/generated/configs/index.js and what it imports)",
    path.join("generated", "configs", "index.js"),
    "one API alone: its validators, client and the client run-time",
  );
  await measure(
    "`specfirst/messaging` (dist/generated/messaging/index.js and what it imports)",
    path.join("generated", "messaging", "index.js"),
    "one API alone: its validators, client, the client run-time and the messaging helpers",
  );
  const body = [
    `What it measures: bytes of the code a consumer loads for each entry point of the package, as shipped (dist/, the tsc step of \`npm run build\`): the entry module and every module it imports, directly or not (relative imports; ajv's run-time helpers and ajv-formats are dependencies and not counted; modules loaded only later with \`import()\` are listed, not counted). ` +
      `Raw, gzip -9 of it, after \`terser\` (\`${JSON.stringify(TERSER_OPTIONS)}\`, each module on its own), and gzip -9 / brotli q11 of the minified code; each compression is of all the modules as one stream. ` +
      `Reproduce: \`npm run bench -- size\`.`,
    "",
    table(
      [
        "Entry point",
        "modules",
        "raw B",
        "gzip B",
        "minified B",
        "minified + gzip B",
        "minified + brotli B",
        "Modules counted",
      ],
      rows,
      ["l", "r", "r", "r", "r", "r", "r", "l"],
    ),
  ].join("\n");
  const rules = rulesAsDataGzipBytes();
  const limit =
    `How close to the limit: the rules themselves as data, the ${rules.files} published JSON Schemas without their annotations (titles, descriptions, examples, \`x-*\`), minified and gzipped together, take ${fmt(rules.bytes)} B; ` +
    `\`specfirst/validators\`, the same rules as code with their messages and the run-time wrapper, takes ${fmt(validatorsGzip)} B minified and gzipped, ${fmt(validatorsGzip / rules.bytes, 1)}× of that, and needs no compiler at run time.`;
  return { title: "4. Size", body, limit };
}
