// Second step of `npm run build` (after `tsc -b tsconfig.build.json`, which writes dist/generated/ and dist/runtime/
// and every declaration file): bundles the entry points whose first use sits on a consumer's start-up path —
// `specfirst/validators`, `specfirst/client`, each API's `specfirst/<api>` and its validators alone,
// `specfirst/<api>/validators` — from the TypeScript sources into dist/bundle/, minified (`bundle` below says which
// files import which). Loading a few minified files instead of a tree of modules is most of the cold start: see
// docs/package.md, docs/performance.md and bench/cold-start.ts. package.json `exports` points these entry points'
// `default` at dist/bundle/; their `types` stay the declaration files tsc writes.
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

/**
 * An import of one API's validators module (`generated/<api>/validators.ts`) from another entry point's code stays
 * an import of that entry point's bundle: the aggregate and `specfirst/<api>` load the same file as
 * `specfirst/<api>/validators`, and the layout of dist/bundle/ is that of generated/, so the specifier stays as
 * written.
 */
const apiValidatorsExternal = {
  name: "api-validators-external",
  setup(build) {
    build.onResolve({ filter: /validators\.js$/ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path).replace(/\.js$/, ".ts");
      const isApiValidators =
        path.basename(target) === "validators.ts" &&
        path.dirname(path.dirname(target)) === path.join(ROOT, "generated") &&
        args.importer.startsWith(path.join(ROOT, "generated") + path.sep);
      return isApiValidators ? { path: args.path, external: true } : undefined;
    });
  },
};

const COMMON = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  // Everything is bundled, dependencies included: the generated validators' one run-time dependency is
  // ajv-formats' format table, a CommonJS module, and an `import` of CommonJS from ESM costs more than all our
  // code (Node's CommonJS loader and its export lexer start for it: ~45 M instructions, ~6 ms).
  minify: true,
  legalComments: "none",
  logLevel: "warning",
};

/**
 * Bundles into `outdir` (dist/bundle/ by default; the tests bundle into a directory of their own), in three builds:
 * - each API's validators, `<api>/validators.js`, one self-contained file (the run-time wrapper included): Node
 *   loads an ES module at a fixed cost (resolve, read, compile, link: ~2.4 M instructions each), so the first
 *   validation of a consumer who imports one API's validators loads one file;
 * - the aggregate `validators.js`, which imports those files (three files in all; its own copy of the small
 *   wrapper that merges them);
 * - the clients, `client.js` and each `<api>/index.js`, which import the API's validators file and share their
 *   run time through chunks (esbuild code splitting), so that a class such as `BadRequestError` is one class
 *   whichever entry point a consumer imports it from. The validators' run time holds no class and no state, so its
 *   copies are interchangeable.
 */
export async function bundle(outdir = BUNDLE_DIR) {
  rmSync(outdir, { recursive: true, force: true });
  const entries = Object.entries(bundleEntryPoints());
  const pick = (test) => Object.fromEntries(entries.filter(([name]) => test(name)));
  const isApiValidators = (name) => name.endsWith("/validators");
  await Promise.all([
    build({ ...COMMON, entryPoints: pick(isApiValidators), outdir }),
    build({ ...COMMON, entryPoints: pick((name) => name === "validators"), outdir, plugins: [apiValidatorsExternal] }),
    build({
      ...COMMON,
      entryPoints: pick((name) => name !== "validators" && !isApiValidators(name)),
      outdir,
      chunkNames: "chunks/[hash]",
      splitting: true,
      plugins: [apiValidatorsExternal],
    }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await bundle(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
