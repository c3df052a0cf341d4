import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../generator/generate.js";
import { copyProject } from "./helpers/project-copy.js";
import { startCli } from "./helpers/spawn-cli.js";

const OUTPUT_DIRS = ["generated", "openapi", "openapi/docs"];

/** Every generated file of a tree (the outputs the generator owns), by path. */
function outputs(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const sub of OUTPUT_DIRS) {
    for (const name of readdirSync(path.join(dir, sub))) {
      const file = path.join(dir, sub, name);
      if (name.endsWith(".source.yaml") || !/\.(ts|js|yaml|html|tmp)$/.test(name)) continue;
      files[`${sub}/${name}`] = readFileSync(file, "utf8");
    }
  }
  return files;
}

/** A schema edit that changes every kind of output: types, validators, the messaging document and its docs. */
function editSchema(dir: string) {
  const file = path.join(dir, "schemas/messaging/reason.schema.json");
  writeFileSync(file, readFileSync(file, "utf8").replace('"properties": {', '"properties": {\n    "retry_after": { "type": "integer", "minimum": 0, "description": "Seconds to wait." },'));
}

describe("an interrupted run", () => {
  it("leaves every output either old or new, never half-written, and a re-run restores the new state", async () => {
    const reference = copyProject();
    const before = outputs(reference);
    editSchema(reference);
    await generate({ root: reference, cache: false });
    const after = outputs(reference);
    const changed = Object.keys(after).filter((file) => after[file] !== before[file]);
    expect(changed).toEqual(expect.arrayContaining(["generated/types.d.ts", "generated/validators.js", "openapi/messaging.yaml", "openapi/docs/messaging.html"]));

    // Kill the generator with SIGKILL at spread-out moments of its run, from startup to the writes.
    for (const delayMs of [300, 1500, 3000, 4500, 6000, 7500]) {
      const dir = copyProject();
      editSchema(dir);
      const live = startCli(["generate", "--no-cache", "--quiet", "--root", dir]);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      live.child.kill("SIGKILL");
      await live.exited;
      for (const [file, contents] of Object.entries(outputs(dir))) {
        if (file.endsWith(".tmp")) continue; // a temporary file is not an output; the next run removes it
        expect([before[file], after[file]], `${file} after a kill at ${delayMs} ms`).toContain(contents);
      }
      await generate({ root: dir, cache: false });
      expect(outputs(dir), `re-run after a kill at ${delayMs} ms`).toEqual(after);
    }
  }, 240_000);
});
