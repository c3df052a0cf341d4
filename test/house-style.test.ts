import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { check, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";

const GENERATED = path.resolve(import.meta.dirname, "../generated");

/**
 * The generated code the generator formats: its TypeScript, less AJV's standalone code and the path types, which it
 * leaves as they come (generator/format/prettier.ts).
 */
async function formattedOutputs(): Promise<string[]> {
  const entries = await readdir(GENERATED, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith(".ts") && !entry.endsWith(".compiled.ts") && path.basename(entry) !== "paths.ts")
    .map((entry) => path.join(GENERATED, entry));
}

describe("one house style (CONTRIBUTING.md)", () => {
  it("the generated code the generator formats is formatted as prettier.config.js formats hand-written code", async () => {
    const files = await formattedOutputs();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const options = await resolveConfig(file);
      expect(options).not.toBeNull();
      expect(
        await check(await readFile(file, "utf8"), { ...options, filepath: file }),
        path.relative(GENERATED, file),
      ).toBe(true);
    }
  });
});
