import { describe, expect, it } from "vitest";
import { typecheckResult } from "./helpers/fixtures.js";

// tsc over generator/, runtime/, generated/, examples/ and the compile-time tests (test/types/, and the test files
// holding `expectTypeOf` or a `@ts-expect-error` directive), started by test/setup/global.ts (`tsc -b` on the build
// and on a tsconfig extending tsconfig.json) so it runs alongside the other test files. The other test files and
// bench/ are checked by `npm run typecheck`, which .ci/run runs after npm test.
describe("the type check", () => {
  it("passes with no error", async () => {
    const { code, output } = await typecheckResult();
    expect(output.trim(), "tsc with tsconfig.json").toBe("");
    expect(code).toBe(0);
  }, 300_000);
});
