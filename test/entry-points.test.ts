import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, TSC_5, typecheckResult } from "./helpers/fixtures.js";
import { consumerTsconfig } from "./helpers/consumer-tsconfig.js";

// One API's validators alone, `specfirst/<api>/validators` (docs/package.md): resolved by a consumer through the
// package's `exports` (node, tsc with moduleResolution nodenext and bundler) and `typesVersions` (tsc node10), from
// an installed copy of the package whose dist/bundle/ is scripts/bundle.mjs's output (bundled here, into the copy,
// so that no other test's build is touched) and whose dist/generated/ and dist/runtime/ are the tsc build.
const run = promisify(execFile);
const APIS = readdirSync(path.join(ROOT, "generated")).filter((name) =>
  existsSync(path.join(ROOT, "generated", name, "validators.ts")),
);

const consumer = mkdtempSync(path.join(tmpdir(), "specfirst-entry-points-"));
const installed = path.join(consumer, "node_modules", "specfirst");
const bundleDir = path.join(installed, "dist", "bundle");

beforeAll(async () => {
  // dist/generated/ and dist/runtime/ (code and declarations) are written by the background `tsc -b` (test/setup/global.ts)
  const typecheck = await typecheckResult(200_000);
  expect(typecheck.code, typecheck.output).toBe(0);
  mkdirSync(path.join(installed, "dist"), { recursive: true });
  cpSync(path.join(ROOT, "package.json"), path.join(installed, "package.json"));
  for (const dir of ["generated", "runtime"])
    symlinkSync(path.join(ROOT, "dist", dir), path.join(installed, "dist", dir), "dir");
  await run(process.execPath, [path.join(ROOT, "scripts", "bundle.mjs"), bundleDir]);
  writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
}, 240_000);

const RESOLUTIONS = ["node10", "bundler", "nodenext"] as const;

/** A consumer of both APIs' validators alone, with their types, as `folder/main.ts`. */
const CONSUMER_SOURCE = `import { isMessage, validate as validateMessaging, type SchemaName } from "specfirst/messaging/validators";
import { isConfig, validate as validateConfigs } from "specfirst/configs/validators";
import type { Config, Message } from "specfirst";
const data: unknown = JSON.parse("{}");
const name: SchemaName = "message";
export const message: Message | undefined = isMessage(data) ? data : undefined;
export const config: Config | undefined = isConfig(data) ? data : undefined;
export const results = [validateMessaging(name, data).valid, validateConfigs("config", data).valid];
// @ts-expect-error each API's validators know their own schema names only
validateMessaging("config", data);
// @ts-expect-error each API's validators know their own schema names only
validateConfigs("message", data);
`;

let consumersCheck: Promise<string> | undefined;
/**
 * What tsc printed for that consumer under each module resolution (`<resolution>/main.ts`, `tsconfig.<resolution>.json`),
 * checked by one `tsc -b` over the three projects: it reads the package's declarations once for all of them (three
 * `tsc -p` took over twice the CPU).
 */
const checkConsumers = () =>
  (consumersCheck ??= (async () => {
    for (const resolution of RESOLUTIONS) {
      mkdirSync(path.join(consumer, resolution), { recursive: true });
      writeFileSync(path.join(consumer, resolution, "main.ts"), CONSUMER_SOURCE);
      writeFileSync(path.join(consumer, `tsconfig.${resolution}.json`), consumerTsconfig(resolution, [resolution]));
    }
    const projects = RESOLUTIONS.map((resolution) => `tsconfig.${resolution}.json`);
    return run(process.execPath, [TSC_5, "-b", ...projects, "--pretty", "false"], { cwd: consumer }).then(
      () => "",
      (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
    );
  })());

/** The files an entry point of dist/bundle/ loads: itself and every chunk it imports, transitively. */
function loadedFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [path.join(bundleDir, entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[^"';]*?from\s*)?"(\.[^"]+)"/g,
    ))
      pending.push(path.resolve(path.dirname(file), specifier!));
  }
  return seen;
}

describe("package.json exports of each API", () => {
  it("lists `./<api>` and `./<api>/validators` by name, as the patterns would resolve them", () => {
    // An exact key resolves without Node matching the `./*` patterns: 4 M instructions less before a consumer's
    // first validation (docs/performance.md#cold-start). The patterns stay, for an API added later.
    const exports = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> }
    ).exports;
    for (const api of APIS) {
      expect(exports[`./${api}/validators`], `package.json exports "./${api}/validators"`).toEqual({
        types: `./dist/generated/${api}/validators.d.ts`,
        default: `./dist/bundle/${api}/validators.js`,
      });
      expect(exports[`./${api}`], `package.json exports "./${api}"`).toEqual({
        types: `./dist/generated/${api}/index.d.ts`,
        default: `./dist/bundle/${api}/index.js`,
      });
    }
  });
});

describe("specfirst/<api>/validators: one API's validators alone", () => {
  it("is bundled for every API, and loads nothing `specfirst/validators` does not: no client, no other API", () => {
    const aggregate = loadedFiles("validators.js");
    for (const api of APIS) {
      const alone = loadedFiles(`${api}/validators.js`);
      expect(
        [...alone].filter((file) => !aggregate.has(file) && file !== path.join(bundleDir, api, "validators.js")),
        api,
      ).toEqual([]);
      expect(alone.size, api).toBeLessThan(aggregate.size);
      const others = APIS.filter((other) => other !== api).map((other) => loadedFiles(`${other}/validators.js`));
      // what every API's validators share is the run-time wrapper; the compiled checks of another API are not loaded
      const otherOnly = others.flatMap((set) => [...set].filter((file) => !alone.has(file)));
      expect(otherOnly.length, api).toBeGreaterThan(0);
    }
  });

  it("runs with import() and CommonJS require(), exporting what the API's validators module exports", async () => {
    const expected = Object.fromEntries(
      await Promise.all(
        APIS.map(
          async (api) =>
            [
              api,
              Object.keys(await import(path.join(ROOT, "dist", "generated", api, "validators.js"))).sort(),
            ] as const,
        ),
      ),
    );
    const probe = (load: (api: string) => string) =>
      `const apis = ${JSON.stringify(APIS)};\nconst out = {};\nfor (const api of apis) { const m = ${load("api")}; out[api] = Object.keys(m).sort(); }\n` +
      `const messaging = ${load('"messaging"')}, configs = ${load('"configs"')};\n` +
      `out.results = [messaging.validate("message", { to: "a@b.c", type: "text/plain", content: "hi" }).valid, messaging.validate("message", { to: "a@b.c", type: "text/plain", content: 1 }).errors[0].pointer, configs.validate("config", { name: "c" }).valid, configs.isConfig({ name: 5 }), messaging.isMessage({ to: "a@b.c", type: "text/plain", content: "hi" })];\n` +
      `console.log(JSON.stringify(out));\n`;
    writeFileSync(
      path.join(consumer, "esm.mjs"),
      probe((api) => `await import(\`specfirst/\${${api}}/validators\`)`),
    );
    writeFileSync(
      path.join(consumer, "cjs.cjs"),
      `(async () => {\n${probe((api) => `require(\`specfirst/\${${api}}/validators\`)`)}})();\n`,
    );
    for (const script of ["esm.mjs", "cjs.cjs"]) {
      const { stdout } = await run(process.execPath, [script], { cwd: consumer });
      expect(JSON.parse(stdout), script).toEqual({ ...expected, results: [true, "/content", true, false, true] });
    }
  });

  it.each(RESOLUTIONS)(
    "type-checks a consumer with moduleResolution %s, with the API's own types",
    async (resolution) => {
      const output = await checkConsumers();
      // Every line tsc printed belongs to another consumer's folder (an error of tsc itself fails every consumer).
      const others = RESOLUTIONS.filter((other) => other !== resolution).map((other) => `${other}/`);
      expect(
        output.split("\n").filter((line) => line.trim() !== "" && !others.some((folder) => line.startsWith(folder))),
        `tsc (${resolution}) failed:\n${output}`,
      ).toEqual([]);
    },
  );
});
