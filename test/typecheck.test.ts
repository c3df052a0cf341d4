import { describe, expect, it } from "vitest";
import { typecheckResult } from "./helpers/fixtures.js";

// tsc over generator/, runtime/, generated/, examples/ and test/ (the generated types' tests are compile-time
// checks), started by test/setup/global.ts (`tsc -b` on the build and on a tsconfig extending tsconfig.json) so it
// runs alongside the other test files. bench/ is checked by .ci/run (and `npm run typecheck`), not here.
describe("the type check", () => {
  it("passes with no error", async () => {
    const { code, output } = await typecheckResult();
    expect(output.trim(), "tsc with tsconfig.json").toBe("");
    expect(code).toBe(0);
  }, 300_000);
});
