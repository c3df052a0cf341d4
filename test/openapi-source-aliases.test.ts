/**
 * A YAML alias bomb ("billion laughs") in an OpenAPI source stops generation with the file, line:column and JSON
 * pointer of the alias that passes the yaml package's count, as every other input problem is reported
 * (generator/load/openapi-sources.ts, docs/commands.md#generate), never with a raw ReferenceError and its stack.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { MAX_ALIAS_COUNT, parseOpenApiSources, readOpenApiFiles } from "../generator/load/openapi-sources.js";
import { GenerationFailed, type Problem } from "../generator/problems.js";
import { runCli } from "./helpers/cli.js";
import { ROOT } from "./helpers/fixtures.js";
import { copyProject } from "./helpers/project-copy.js";

const SOURCE = "openapi/messaging.source.yaml";
const MESSAGE = `YAML aliases expand too far: more than ${MAX_ALIAS_COUNT} uses of anchors, each counted with the aliases inside what it names (a "billion laughs" document); write the value out, or $ref a component`;

/** Nine levels of nine aliases of the level above: 9^9 = 387 million "lol"s once expanded. */
const BILLION_LAUGHS = [
  "x-laughs:",
  '  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
  ...["b", "c", "d", "e", "f", "g", "h", "i"].map(
    (name, index) => `  ${name}: &${name} [${Array(9).fill(`*${"abcdefgh"[index]}`).join(", ")}]`,
  ),
].join("\n");

async function problemsOf(texts: ReadonlyMap<string, string>): Promise<Problem[]> {
  try {
    await parseOpenApiSources(texts);
  } catch (error) {
    if (error instanceof GenerationFailed) return error.problems;
    throw error;
  }
  return [];
}

/** The committed sources with `extra` appended to the messaging source (a top-level `x-` key is allowed there). */
async function withAppended(extra: string): Promise<{ texts: Map<string, string>; lines: number }> {
  const texts = await readOpenApiFiles(ROOT);
  const text = (texts.get(SOURCE) ?? "").replace(/\n*$/, "\n");
  texts.set(SOURCE, `${text}${extra}\n`);
  return { texts, lines: text.split("\n").length - 1 };
}

describe("YAML aliases in an OpenAPI source", () => {
  it("a billion-laughs block is one problem at the alias that passes the count: file, line:column, pointer", async () => {
    const { texts, lines } = await withAppended(BILLION_LAUGHS);
    // An anchor counts once for itself: a is used 10 times, each *b weighs 10, b is used 10 times (100, the limit),
    // so the first *c (its anchor now used twice, each use weighing 100) passes it.
    expect(await problemsOf(texts)).toEqual([
      { file: SOURCE, pointer: "/x-laughs/d/0", message: MESSAGE, line: lines + 5, column: 10 },
    ]);
    expect(BILLION_LAUGHS.split("\n")[4]?.slice(9, 11)).toBe("*c");
  });

  it("reports a problem exactly when the yaml package refuses the document, at an alias (generated documents)", async () => {
    // Documents of anchored lists whose items are scalars or aliases of earlier anchors, nested at random.
    const documents = fc
      .array(fc.array(fc.oneof(fc.constant(undefined), fc.nat()), { minLength: 1, maxLength: 12 }), {
        minLength: 1,
        maxLength: 8,
      })
      .map((levels) =>
        levels
          .map(
            (items, level) =>
              `  k${level}: &k${level} [${items.map((item) => (item === undefined || level === 0 ? "1" : `*k${item % level}`)).join(", ")}]`,
          )
          .join("\n"),
      );
    const base = "openapi: 3.1.0\ninfo: { title: aliases, version: 1.0.0 }\npaths: {}\n";
    const seen = { refused: 0, accepted: 0 };
    await fc.assert(
      fc.asyncProperty(documents, async (block) => {
        const text = `${base}x-more:\n${block}\n`;
        let refused = false;
        try {
          parse(text, { maxAliasCount: MAX_ALIAS_COUNT });
        } catch (error) {
          if (!(error instanceof ReferenceError)) throw error;
          refused = true;
        }
        seen[refused ? "refused" : "accepted"]++;
        const problems = await problemsOf(new Map([[SOURCE, text]]));
        expect(problems.length).toBe(refused ? 1 : 0);
        const [problem] = problems;
        if (problem === undefined) return;
        expect(problem).toMatchObject({
          file: SOURCE,
          message: MESSAGE,
          pointer: expect.stringMatching(/^\/x-more\/k\d+\/\d+$/),
        });
        const line = text.split("\n")[(problem.line ?? 0) - 1] ?? "";
        expect(line.slice((problem.column ?? 0) - 1)).toMatch(/^\*k\d+/);
      }),
      { numRuns: 200 },
    );
    // both verdicts were put to the test
    expect(seen.refused).toBeGreaterThan(20);
    expect(seen.accepted).toBeGreaterThan(20);
  });

  it("npm run generate stops with that one-line problem, and no stack trace", async () => {
    const dir = copyProject();
    const file = path.join(dir, SOURCE);
    const { texts, lines } = await withAppended(BILLION_LAUGHS);
    writeFileSync(file, texts.get(SOURCE) ?? "");
    const result = await runCli(["generate", "--root", dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${SOURCE}:${lines + 5}:10 at /x-laughs/d/0: ${MESSAGE}`);
    expect(result.stderr).not.toMatch(/ReferenceError|\n\s+at /);
  });
});
