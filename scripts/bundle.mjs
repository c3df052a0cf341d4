// Second step of `npm run build` (after `tsc -b tsconfig.build.json`, which writes dist/generated/ and dist/runtime/
// and every declaration file): bundles the entry points whose first use sits on a consumer's start-up path —
// `specfirst/validators`, `specfirst/client` and each API's `specfirst/<api>` — from the TypeScript sources into
// dist/bundle/, minified, one file per entry point plus the chunks they share (esbuild code splitting: a consumer
// importing two of them loads each module once). Loading one minified file instead of a tree of modules is most
// of the cold start: see the README's "## Package" and bench/cold-start.ts. package.json `exports` points these
// entry points' `default` at dist/bundle/; their `types` stay the declaration files tsc writes.
// Usage: node scripts/bundle.mjs
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

export async function bundle() {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: bundleEntryPoints(),
    outdir: BUNDLE_DIR,
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

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle();
