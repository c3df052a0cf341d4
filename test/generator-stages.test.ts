import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addBanner, bannerIntact } from "../generator/format/banner.js";
import { GENERATED_DIR } from "../generator/model/output-paths.js";
import { loadSchemas } from "../generator/load/schemas.js";
import { loadTemplates } from "../generator/load/templates.js";
import { SOURCE_SUFFIX, parseOpenApiSources, readOpenApiFiles } from "../generator/load/openapi-sources.js";
import { readPackageVersion } from "../generator/model/contract.js";
import { openCache } from "../generator/write/cache.js";
import { contractStage } from "../generator/stages/contract.js";
import { runStages } from "../generator/stages/run.js";
import { STAGE_LIST, describeStages } from "../generator/stages/registry.js";
import {
  cacheKey,
  declares,
  defineStage,
  output,
  type ReadValues,
  type Reads,
  type Stage,
  type StageKeys,
  type StageResult,
} from "../generator/stages/stage.js";
import { WORKER_TASKS, type WorkerTask } from "../generator/workers/tasks.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const APIS = readdirSync(path.join(ROOT, "openapi"))
  .filter((name) => name.endsWith(SOURCE_SUFFIX))
  .map((name) => name.slice(0, -SOURCE_SUFFIX.length));

/** Every file under generated/, relative to the project root. */
function generatedFiles(): string[] {
  return readdirSync(path.join(ROOT, GENERATED_DIR), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Values for a cache entry's declared inputs. */
const valuesOf = (reads: Reads): fc.Arbitrary<Record<string, string | string[]>> =>
  fc.record(
    Object.fromEntries(
      Object.entries(reads).map(([name, kind]) => [
        name,
        kind === "texts" ? fc.array(fc.string(), { maxLength: 4 }) : fc.string(),
      ]),
    ),
  );

/** Every cache entry of every stage, as `<stage> / <entry>` with its declared inputs. */
const ENTRIES = STAGE_LIST.flatMap((stage) =>
  Object.entries(stage.keys).map(([entry, reads]) => ({ label: `${stage.name} / ${entry}`, reads })),
);

describe("the generator's stage registry (generator/stages/registry.ts)", () => {
  it("declares every file under generated/ as the output of exactly one stage, and no output kind that writes nothing", () => {
    const declarations = STAGE_LIST.flatMap((stage) =>
      stage.outputs.map((declaration) => ({ stage: stage.name, declaration })),
    );
    const owners = generatedFiles().map((file) => ({
      file,
      stages: declarations
        .filter(({ declaration }) => declares(declaration, file, APIS))
        .map(({ stage, declaration }) => `${stage}: ${declaration.pattern}`),
    }));
    expect(owners.filter((owner) => owner.stages.length !== 1)).toEqual([]);
    const files = generatedFiles();
    expect(
      declarations
        .filter(({ declaration }) => !files.some((file) => declares(declaration, file, APIS)))
        .map(({ declaration }) => declaration.pattern),
    ).toEqual([]);
  });

  it("gives every output the banner style its file on disk carries", () => {
    for (const file of generatedFiles())
      expect({ file, intact: bannerIntact(readFileSync(path.join(ROOT, file), "utf8")) }).toEqual({
        file,
        intact: true,
      });
  });

  it("refuses a file type with no known banner style, saying where to add one, rather than guess a comment syntax", () => {
    const refusal =
      /generated\/messaging\/models\.py: no banner style is known for "\.py" files \(known: \.ts, \.html, \.yaml, \.json\); add the file type's comment syntax to BANNER_STYLES in generator\/format\/banner\.ts/;
    expect(() => output.perApi((api) => `generated/${api}/models.py`)).toThrow(
      /generated\/<api>\/models\.py: no banner style is known for "\.py" files/,
    );
    expect(() => addBanner({ path: "generated/messaging/models.py", contents: "x = 1\n" })).toThrow(refusal);
    expect(() => addBanner({ path: "generated/Makefile", contents: "" })).toThrow(
      /generated\/Makefile: no banner style is known for files without an extension/,
    );
  });

  it("derives each cache key from exactly its declared inputs: a change of any one changes the key", () => {
    for (const { label, reads } of ENTRIES) {
      const names = Object.keys(reads);
      if (names.length === 0) continue;
      fc.assert(
        fc.property(valuesOf(reads), valuesOf(reads), fc.nat(names.length - 1), (values, other, index) => {
          const name = names[index] as string;
          const changed = { ...values, [name]: other[name] as string | string[] };
          const same = JSON.stringify(changed[name]) === JSON.stringify(values[name]);
          const key = (v: Record<string, string | string[]>) => JSON.stringify(cacheKey(reads, v as ReadValues<Reads>));
          expect({ label, name, sameKey: key(changed) === key(values) }).toEqual({ label, name, sameKey: same });
        }),
      );
    }
  });

  it("gives two different sets of inputs two different keys (a list cannot trade texts with its neighbour)", () => {
    for (const { label, reads } of ENTRIES) {
      fc.assert(
        fc.property(valuesOf(reads), valuesOf(reads), (a, b) => {
          const key = (v: Record<string, string | string[]>) => JSON.stringify(cacheKey(reads, v as ReadValues<Reads>));
          expect({ label, sameKey: key(a) === key(b) }).toEqual({
            label,
            sameKey: JSON.stringify(a) === JSON.stringify(b),
          });
        }),
      );
    }
    expect(cacheKey({ a: "texts", b: "texts" }, { a: ["x", "y"], b: [] })).not.toEqual(
      cacheKey({ a: "texts", b: "texts" }, { a: ["x"], b: ["y"] }),
    );
  });

  it("lists each stage after the stages it reads, so the table is an order they can run in", () => {
    STAGE_LIST.forEach((stage, index) => {
      for (const before of stage.after)
        expect({ stage: stage.name, reads: before.name, earlier: STAGE_LIST.indexOf(before) < index }).toEqual({
          stage: stage.name,
          reads: before.name,
          earlier: true,
        });
    });
  });

  it("names a function of a generator module for every worker task", async () => {
    for (const task of Object.keys(WORKER_TASKS) as WorkerTask[])
      expect({ task, type: typeof (await WORKER_TASKS[task]()) }).toEqual({ task, type: "function" });
  });

  // CONTRIBUTING.md "The generator's stages" carries describeStages()'s table, so the table there cannot drift.
  it.skipIf(!existsSync(path.join(ROOT, "CONTRIBUTING.md")))(
    'is the table of CONTRIBUTING.md "The generator\'s stages"',
    () => {
      const text = readFileSync(path.join(ROOT, "CONTRIBUTING.md"), "utf8").replace(/\r\n/g, "\n");
      expect(text).toContain(`${describeStages()}\n`);
    },
  );
});

describe("the stage executor (generator/stages/run.ts)", () => {
  /** Runs `stages` (after the contract) over the project's inputs, with no cache, and returns what the run says. */
  async function runOver(stages: Stage<StageKeys, StageResult>[]): Promise<string> {
    const [files, templates, openApiFiles, version] = await Promise.all([
      loadSchemas(ROOT),
      loadTemplates(ROOT),
      readOpenApiFiles(ROOT),
      readPackageVersion(ROOT),
    ]);
    const sources = await parseOpenApiSources(openApiFiles);
    const cache = await openCache(ROOT, { enabled: false });
    const produced = runStages(
      { files, templates, sources, openApiFiles, version, changelog: undefined },
      {
        cache,
        timed: async (_s, run) => run(),
        timings: [],
        compiledValidators: [],
        signal: new AbortController().signal,
      },
      [contractStage, ...stages],
    );
    return produced.main.then(
      (outputs) => `wrote ${outputs.length}`,
      (error: Error) => error.message,
    );
  }

  it("stops a run whose stage writes a file none of its outputs declares, or a path another output has", async () => {
    const undeclared = defineStage({
      name: "emit extra",
      scope: "api",
      thread: "main",
      after: [],
      keys: {},
      outputs: [output.perApi((api) => `generated/${api}/extra.ts`)],
      run: async ({ api }) => ({ files: [{ path: `generated/${api}/other.ts`, contents: "" }] }),
    });
    expect(await runOver([undeclared])).toBe(
      'stage "emit extra" wrote generated/configs/other.ts, which none of its outputs declares (generator/stages/registry.ts); declare it in the stage\'s outputs',
    );
    const twice = defineStage({
      name: "emit index",
      scope: "run",
      thread: "main",
      after: [],
      keys: {},
      outputs: [output.once("generated/openapi/configs.yaml")],
      run: async () => ({ files: [{ path: "generated/openapi/configs.yaml", contents: "" }] }),
    });
    expect(await runOver([twice])).toBe(
      "generated/openapi/configs.yaml is written twice in one run (two stages, or two APIs, produce it); rename the API or the output",
    );
  });
});
