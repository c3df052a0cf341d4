import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { FIXTURES, ROOT } from "./helpers/fixtures.js";

const run = promisify(execFile);

// The published messaging document as a consumer's own generator reads it: openapi-typescript's types for it, then
// a consumer file type-checked with tsc --strict. The file holds correct values of each media type (they must
// compile) and wrong ones under @ts-expect-error (each must be an error, or tsc reports the unused directive).
describe("the published messaging document in openapi-typescript", () => {
  it("pairs each media type with its content document in the request body union", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "specfirst-openapi-consumer-"));
    const yaml = readFileSync(path.join(ROOT, "generated", "openapi", "messaging.yaml"), "utf8");
    writeFileSync(path.join(dir, "messaging-paths.ts"), astToString(await openapiTS(yaml, { silent: true })));
    copyFileSync(path.join(FIXTURES, "openapi-consumer", "consumer.ts"), path.join(dir, "consumer.ts"));
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      // TypeScript's own lib files are not checked (skipDefaultLibCheck): that took most of the run.
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          types: [],
          skipLibCheck: false,
          skipDefaultLibCheck: true,
        },
        files: ["consumer.ts"],
      }),
    );
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: dir }).then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe("");
  }, 60_000);
});
