import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { generate } from "../generator/commands/generate.js";
import { compileValidatorUnit } from "../generator/emit/validators/compile-unit.js";
import { compiledValidatorsModule, planValidatorUnits } from "../generator/emit/validators/index.js";
import { addBanner } from "../generator/format/banner.js";
import { loadSchemas } from "../generator/load/schemas.js";
import { loadTemplates } from "../generator/load/templates.js";
import { expandMediaTypes } from "../generator/model/expand-media-types.js";
import { buildSchemaGraph } from "../generator/model/schema-graph.js";
import { CACHE_SEED } from "./helpers/fixtures.js";
import { freshClone, runShell } from "./helpers/fresh-clone.js";
import { cacheDir, copyProject, linkCache } from "./helpers/project-copy.js";

describe("the content-hash cache", () => {
  it("answers an unchanged run without running any stage, and after a one-schema edit rebuilds only what depends on it", async () => {
    // The cache of a run that computed every stage on these inputs: the global setup's (a run computing every stage
    // is the next test's).
    const dir = copyProject();
    const warm = await generate({ root: dir });
    expect(warm.timings.map((t) => t.stage)).toEqual(["load inputs", "all stages", "write"]);
    expect(warm.cache).toEqual({ hits: 1, misses: 0 });
    expect(warm.written?.written).toEqual([]);

    // A description edit in a Config-tree schema: the validators (which drop annotations) and everything of the
    // messaging API stay as they are; the configs types, document, docs and path types change.
    const file = path.join(dir, "schemas/configs/batching.schema.json");
    const schema = JSON.parse(readFileSync(file, "utf8")) as { description: string };
    schema.description = `${schema.description} Edited.`;
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);

    const check = await generate({ root: dir, check: true });
    const expected = [
      "generated/configs/paths.ts",
      "generated/configs/types.ts",
      "generated/docs/configs.html",
      "generated/openapi/configs.yaml",
      "generated/schemas/configs/batching.schema.json",
    ];
    expect([...(check.stale ?? [])].sort()).toEqual(expected);

    // The stages ran in the --check run (the run below is answered from the cache it filled).
    const stage = (name: string) => check.timings.find((t) => t.stage === name);
    // The validators drop annotations, and this description is no pattern's hint: nothing of them is recomputed.
    expect(stage("emit validators")?.cached).toBe(true);
    expect(check.compiledValidators).toEqual([]);
    expect(stage("check examples")?.cached).toBe(true); // the same validators, the same examples: checked already
    expect(stage("emit types")?.cached).toBeUndefined(); // the Batching type's doc comment is
    expect(check.cache.hits).toBeGreaterThan(0); // the messaging outputs and unchanged formatting came from the cache

    const edited = await generate({ root: dir });
    expect([...(edited.written?.written ?? [])].sort()).toEqual(expected);
    expect(readFileSync(path.join(dir, "generated/configs/types.ts"), "utf8")).toContain("Edited.");
    expect((await generate({ root: dir, check: true })).stale).toEqual([]);

    // A rule edit in a schema the others call by name (TLS settings): AJV compiles that schema only, and the module joined from cached and new code is the one every unit compiled afresh gives.
    const tls = path.join(dir, "schemas/configs/tls.schema.json");
    writeFileSync(tls, readFileSync(tls, "utf8").replace('"type": "boolean"', '"type": ["boolean", "string"]'));
    const ruleEdit = await generate({ root: dir });
    // (config-lenient calls the plain config validator: no twin of tls to compile, generator/emit/validators/units.ts)
    expect(ruleEdit.compiledValidators).toEqual(["configs/tls"]);
    expect(ruleEdit.written?.written).toContain("generated/configs/validators.compiled.ts");
    expect(ruleEdit.timings.find((t) => t.stage === "check examples")?.cached).toBeUndefined(); // checked by the new validators
    const graph = buildSchemaGraph(expandMediaTypes(await loadSchemas(dir)));
    const units = planValidatorUnits({ api: "configs", graph, variants: { lenient: ["config"] } });
    const scratch = compiledValidatorsModule(
      "configs",
      units.map(({ unit, files }) => compileValidatorUnit(unit, files)),
      await loadTemplates(dir),
    );
    expect(units).toHaveLength(51); // the 50 schemas and config-lenient
    expect(readFileSync(path.join(dir, scratch.path), "utf8")).toBe(addBanner(scratch).contents);
  }, 240_000);

  it("keys every result by the run-time code the generator compiles in too: a reworded rule message is written by the next npm run generate", async () => {
    // `npm run` reads no package tree: links to the packages stand for npm ci (test/helpers/fresh-clone.ts).
    const clone = freshClone({ packages: "linked" });
    onTestFinished(() => rmSync(clone, { recursive: true, force: true }));
    linkCache(cacheDir(CACHE_SEED), cacheDir(clone));
    const before = await runShell("npm run generate", { cwd: clone, timeoutMs: 120_000 });
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toContain("0 written");

    const messages = path.join(clone, "runtime/validation/error-messages.ts");
    writeFileSync(
      messages,
      readFileSync(messages, "utf8").replace('return "is required";', 'return "must be present";'),
    );
    const after = await runShell("npm run generate", { cwd: clone, timeoutMs: 120_000 });
    expect(after.code, after.stderr).toBe(0);
    // No result of the earlier run is reused: every stage computes, and gives every other output as committed. The
    // messaging schemas have required fields (the Config tree has none).
    expect(after.stdout).not.toContain("(cached)");
    expect(after.stdout.match(/^wrote .*$/gm)).toEqual(["wrote     generated/messaging/validators.compiled.ts"]);
    expect(after.stdout).toMatch(/^1 written, \d+ unchanged, 0 removed$/m);
    const compiled = readFileSync(path.join(clone, "generated/messaging/validators.compiled.ts"), "utf8");
    expect(compiled).toContain('"must be present"');
    expect(compiled).not.toContain('"is required"');
  }, 240_000);
});
