// Second step of `npm run build` (after `tsc -b tsconfig.build.json`, which writes dist/generated/ and dist/runtime/
// and every declaration file): bundles the entry points whose first use sits on a consumer's start-up path —
// `specfirst/validators`, `specfirst/client`, each API's `specfirst/<api>` and its validators alone,
// `specfirst/<api>/validators` — from the TypeScript sources into dist/bundle/, minified, one file per entry point
// plus the chunks they share (esbuild code splitting: a consumer importing two of them loads each module once).
// Loading one minified file instead of a tree of modules is most of the cold start: see docs/package.md,
// docs/performance.md and bench/cold-start.ts. package.json `exports` points these entry points' `default` at
// dist/bundle/; their `types` stay the declaration files tsc writes.
// Usage: node scripts/bundle.mjs [output directory, dist/bundle/ by default]
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BUNDLE_DIR = path.join(ROOT, "dist", "bundle");

/** Entry name (its path under dist/bundle/, without .js) → source. */
export function bundleEntryPoints() {
  const generated = path.join(ROOT, "generated");
  const apis = readdirSync(generated).filter((name) => existsSync(path.join(generated, name, "index.ts")));
  return {
    validators: path.join(generated, "validators.ts"),
    client: path.join(generated, "client.ts"),
    ...Object.fromEntries(
      apis.flatMap((api) => [
        [`${api}/index`, path.join(generated, api, "index.ts")],
        [`${api}/validators`, path.join(generated, api, "validators.ts")],
      ]),
    ),
  };
}

/** Bundles into `outdir` (dist/bundle/ by default; the tests bundle into a directory of their own). */
export async function bundle(outdir = BUNDLE_DIR) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: bundleEntryPoints(),
    outdir,
    chunkNames: "chunks/[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    // Everything is bundled, dependencies included: the generated validators' one run-time dependency is
    // ajv-formats' format table, a CommonJS module, and an `import` of CommonJS from ESM costs more than all our
    // code (Node's CommonJS loader and its export lexer start for it: ~45 M instructions, ~6 ms).
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await bundle(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
