// Second step of `npm run build` (after `tsc -b tsconfig.build.json`, which writes dist/generated/ and dist/runtime/
// and every declaration file): bundles the entry points whose first use sits on a consumer's start-up path —
// `specfirst/validators`, `specfirst/client`, each API's `specfirst/<api>` and its validators alone,
// `specfirst/<api>/validators` — from the TypeScript sources into dist/bundle/, minified, with names kept and source maps (`bundle` below says which
// files import which). Loading a few minified files instead of a tree of modules is most of the cold start: see
// docs/package.md, docs/performance.md and bench/cold-start.ts. package.json `exports` points these entry points'
// `default` at dist/bundle/; their `types` stay the declaration files tsc writes.
// Usage: node scripts/bundle.mjs [output directory, dist/bundle/ by default]
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
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

const PACKAGE_NAME = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).name;
const GENERATED = path.join(ROOT, "generated");

/**
 * An import of one API's validators module (`generated/<api>/validators.ts`) from another entry point's code (the
 * aggregate's imports, `specfirst/<api>`'s re-export, the clients' `loadValidators`) stays an import of that entry
 * point's file, `<api>/validators.js`: every entry point loads the same file, so a process holds one copy of each
 * API's validation state however many entry points it imports. The specifier never depends on where esbuild puts the
 * importing code:
 * - `split: false` (one output file per entry point, at the entry's own path): the path from the importing entry's
 *   file to `<api>/validators.js`;
 * - `split: true` (code splitting may move the importing code into chunks/, where a relative `./validators.js` names
 *   nothing): the entry point by the package's own name, `specfirst/<api>/validators`, which Node and bundlers
 *   resolve through package.json `exports` from node_modules/specfirst/ (about 2 M instructions more than a relative
 *   path, paid once, on import).
 */
function apiValidatorsFile({ split, entryNames }) {
  return {
    name: "api-validators-file",
    setup(build) {
      build.onResolve({ filter: /validators\.js$/ }, (args) => {
        const target = path.resolve(args.resolveDir, args.path).replace(/\.js$/, ".ts");
        const api = path.basename(path.dirname(target));
        const isApiValidators =
          path.basename(target) === "validators.ts" &&
          path.dirname(path.dirname(target)) === GENERATED &&
          args.importer.startsWith(GENERATED + path.sep);
        if (!isApiValidators) return undefined;
        if (split) return { path: `${PACKAGE_NAME}/${api}/validators`, external: true };
        const importer = path.relative(GENERATED, args.importer).replace(/\.ts$/, "").split(path.sep).join("/");
        if (!entryNames.includes(importer))
          return { errors: [{ text: `${args.importer} imports ${args.path} but is not an entry point of its build` }] };
        const relative = path.posix.relative(path.posix.dirname(importer), `${api}/validators.js`);
        return { path: relative.startsWith(".") ? relative : `./${relative}`, external: true };
      });
    },
  };
}

const COMMON = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  // Everything is bundled, dependencies included: the generated validators' one run-time dependency is
  // ajv-formats' format table, a CommonJS module, and an `import` of CommonJS from ESM costs more than all our
  // code (Node's CommonJS loader and its export lexer start for it: ~45 M instructions, ~6 ms).
  // Minified, with the names of classes and functions kept (an error's `constructor.name`, stack frames) and a
  // source map beside each file (`node --enable-source-maps` prints runtime/ and generated/ files and lines): the
  // trade-off against unminified files is in docs/package.md#readable-errors.
  minify: true,
  keepNames: true,
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
};

/**
 * Bundles into `outdir` (dist/bundle/ by default; the tests bundle into a directory of their own), in three builds:
 * - each API's validators, `<api>/validators.js`, one self-contained file (the run-time wrapper included): Node
 *   loads an ES module at a fixed cost (resolve, read, compile, link: ~2.4 M instructions each), so the first
 *   validation of a consumer who imports one API's validators loads one file;
 * - the aggregate `validators.js`, which imports those files and sends each call to the API that declares the
 *   schema (runtime/validation/combined-set.ts: no validation state of its own);
 * - the clients, `client.js` and each `<api>/index.js`, which import the API's validators file and share their
 *   run time through chunks (esbuild code splitting), so that a class such as `BadRequestError` is one class
 *   whichever entry point a consumer imports it from.
 */
export async function bundle(outdir = BUNDLE_DIR) {
  rmSync(outdir, { recursive: true, force: true });
  const entries = Object.entries(bundleEntryPoints());
  const pick = (test) => Object.fromEntries(entries.filter(([name]) => test(name)));
  const isApiValidators = (name) => name.endsWith("/validators");
  const aggregate = pick((name) => name === "validators");
  const clients = pick((name) => name !== "validators" && !isApiValidators(name));
  await Promise.all([
    build({ ...COMMON, entryPoints: pick(isApiValidators), outdir }),
    build({
      ...COMMON,
      entryPoints: aggregate,
      outdir,
      plugins: [apiValidatorsFile({ split: false, entryNames: Object.keys(aggregate) })],
    }),
    build({
      ...COMMON,
      entryPoints: clients,
      outdir,
      chunkNames: "chunks/[hash]",
      splitting: true,
      plugins: [apiValidatorsFile({ split: true, entryNames: Object.keys(clients) })],
    }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await bundle(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
