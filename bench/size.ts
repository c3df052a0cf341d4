/**
 * Section 4 — size of the code a consumer loads for each entry point of the package (dist/): the entry module and
 * every module it imports statically, directly or not (relative imports only: ajv and ajv-formats are dependencies,
 * not counted), each minified with terser and all gzipped as one stream, against the rules themselves as data.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { minify } from "terser";
import { DIST, ROOT, fmt, table, type Section } from "./shared.js";

const TERSER_OPTIONS = { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true } as const;

async function minified(code: string): Promise<string> {
  const result = await minify(code, structuredClone(TERSER_OPTIONS) as typeof TERSER_OPTIONS); // terser fills in the options object it is given
  if (result.code === undefined) throw new Error("terser returned no code");
  return result.code;
}

const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
/** Static `import … from "./x.js"` / `export … from "./x.js"` / `import "./x.js"` specifiers of a compiled module. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s(?:[^"';]*?\sfrom\s)?["'](\.{1,2}\/[^"']+)["']/g;

/** The modules loaded by importing `file`: itself and every relative module it imports statically, transitively. */
function moduleClosure(file: string, files: string[] = []): string[] {
  if (files.includes(file)) return files;
  files.push(file);
  for (const m of readFileSync(file, "utf8").matchAll(STATIC))
    moduleClosure(path.resolve(path.dirname(file), m[1]!), files);
  return files;
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

const ENTRY_POINTS: [label: string, entry: string][] = [
  ["`specfirst/validators`", path.join("generated", "validators.js")],
  ["`specfirst/client`", path.join("generated", "client.js")],
  ["`specfirst/configs`", path.join("generated", "configs", "index.js")],
  ["`specfirst/messaging`", path.join("generated", "messaging", "index.js")],
];

export async function runSize(): Promise<Section> {
  const rules = rulesAsDataGzipBytes();
  const rows: (string | number)[][] = [];
  for (const [label, entry] of ENTRY_POINTS) {
    const files = moduleClosure(path.join(DIST, entry));
    const bytes = gzip((await Promise.all(files.map((f) => minified(readFileSync(f, "utf8"))))).join("\n"));
    rows.push([label, files.length, fmt(bytes), `${(bytes / rules.bytes).toFixed(1)}×`]);
  }
  const ratios = [
    `Bytes a consumer loads per entry point of dist/, minified (terser) and gzipped, ÷ the rules themselves as data: the ${rules.files} published schemas without annotations, minified and gzipped (${fmt(rules.bytes)} B).`,
    "",
    table(["Entry point", "modules", "minified + gzip B", "÷ the rules as data"], rows),
  ].join("\n");
  return { title: "4. Size", ratios };
}
