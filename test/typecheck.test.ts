import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TYPECHECK } from "./helpers/fixtures.js";

// tsc with tsconfig.json over generator/, runtime/, generated/, bench/ and test/ (the generated types' tests are
// compile-time checks), started by test/setup/global.ts (`tsc -b` on a tsconfig extending it) so it runs alongside
// the other test files.
describe("the type check", () => {
  it("passes with no error", async () => {
    const deadline = Date.now() + 280_000;
    while (!existsSync(TYPECHECK.result) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const { code, output } = JSON.parse(readFileSync(TYPECHECK.result, "utf8")) as { code: number | null; output: string };
    expect(output.trim(), "tsc with tsconfig.json").toBe("");
    expect(code).toBe(0);
  }, 300_000);
});
