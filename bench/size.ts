/** Section 4 — size of the generated runtime code: raw, minified with terser, gzipped and brotli-compressed. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minify } from "terser";
import { ROOT, fmt, table, type Section } from "./shared.js";

const TERSER_OPTIONS = { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true } as const;

export async function minified(code: string): Promise<string> {
  const result = await minify(code, structuredClone(TERSER_OPTIONS) as typeof TERSER_OPTIONS); // terser fills in the options object it is given
  if (result.code === undefined) throw new Error("terser returned no code");
  return result.code;
}

const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
const brotli = (text: string) => brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export async function minifiedGzipBytes(code: string): Promise<number> {
  return gzip(await minified(code));
}

export async function runSize(): Promise<Section> {
  const rows: (string | number)[][] = [];
  const measure = async (label: string, file: string, note: string) => {
    const code = readFileSync(file, "utf8");
    const min = await minified(code);
    rows.push([label, fmt(Buffer.byteLength(code)), fmt(gzip(code)), fmt(Buffer.byteLength(min)), fmt(gzip(min)), fmt(brotli(min)), note]);
  };
  await measure(
    "validators (`generated/validators.js`)",
    path.join(ROOT, "generated", "validators.js"),
    "every schema's AJV standalone validator, the lenient Config, the wrapper (validate, guards, redact)",
  );
  const client = path.join(ROOT, "generated", "client.js");
  const lazy = /import\(\s*["'`]\.\/validators\.js/.test(readFileSync(client, "utf8"));
  await measure(
    "client runtime (`generated/client.js`)",
    client,
    lazy ? "loads ./validators.js lazily, only to validate (not included)" : "imports ./validators.js (add its size)",
  );
  const body = [
    `What it measures: bytes of the generated runtime code as shipped (raw), gzip -9 of it, after \`terser\` (\`${JSON.stringify(TERSER_OPTIONS)}\`), and gzip -9 / brotli q11 of the minified code. ` +
      `Reproduce: \`npm run bench -- size\`.`,
    "",
    table(["Module", "raw B", "gzip B", "minified B", "minified + gzip B", "minified + brotli B", "Note"], rows, ["l", "r", "r", "r", "r", "r", "l"]),
  ].join("\n");
  return { title: "4. Size", body };
}
