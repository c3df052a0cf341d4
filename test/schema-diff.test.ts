import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffSchemaSets } from "../generator/diff/classify.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { FIXTURES, ROOT, jsonFiles } from "./helpers/fixtures.js";
import { runCli } from "./helpers/cli.js";

// test/fixtures/diff/<kind of change>.json: a schema before and after one change, and the classification expected.
interface DiffCase {
  before: JsonObject;
  after: JsonObject;
  expected: { kind: string; pointer: string; breaksProducers: boolean; breaksConsumers: boolean }[];
}

describe("diffSchemaSets", () => {
  it.each(jsonFiles<DiffCase>(path.join(FIXTURES, "diff")))("classifies %s", (_name, { before, after, expected }) => {
    const changes = diffSchemaSets(
      [{ file: "schemas/messaging/sample.schema.json", schema: before }],
      [{ file: "schemas/messaging/sample.schema.json", schema: after }],
    );
    expect(
      changes.map(({ kind, pointer, breaksProducers, breaksConsumers }) => ({
        kind,
        pointer,
        breaksProducers,
        breaksConsumers,
      })),
    ).toEqual(expected);
  });

  it("reports removed and added schema files", () => {
    const schema = { $id: "https://specfirst.dev/schemas/x.schema.json", type: "object" };
    expect(diffSchemaSets([{ file: "x", schema }], []).map((c) => c.kind)).toEqual(["schema-removed"]);
    expect(diffSchemaSets([], [{ file: "x", schema }]).map((c) => c.kind)).toEqual(["schema-added"]);
  });
});

describe("specfirst diff <ref>", () => {
  it("classifies a schema edit by the payloads that use the schema, and exits 1 on a breaking change", async () => {
    const repo = mkdtempSync(path.join(tmpdir(), "specfirst-diff-"));
    for (const input of ["schemas", "openapi", "package.json"])
      cpSync(path.join(ROOT, input), path.join(repo, input), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdio: "pipe" });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    expect((await runCli(["diff", "HEAD", "--root", repo])).code).toBe(0);

    const file = path.join(repo, "schemas/messaging/notification.schema.json");
    const schema = JSON.parse(readFileSync(file, "utf8")) as { properties: { event: { enum: string[] } } };
    schema.properties.event.enum = schema.properties.event.enum.filter((value) => value !== "dispatched");
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const result = await runCli(["diff", "HEAD", "--root", repo]);
    expect(result.code).toBe(1);
    // Notification is sent by callers (POST /notifications) and by the service (the notificationReceived webhook).
    expect(result.stdout).toContain(
      'BREAKING for producers (caller, service)  schema-enum-value-removed  messaging: value "dispatched" removed',
    );
    expect(result.stdout).toMatch(
      /at schemas\/messaging\/notification\.schema\.json:\d+:\d+#\/properties\/event\/enum; used by .*POST \/notifications request.*webhook notificationReceived payload/,
    );

    const json = await runCli(["diff", "HEAD", "--root", repo, "--format", "json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ref: "HEAD",
      bump: "major",
      breaking: 1,
      changes: [{ rule: "schema-enum-value-removed", breaks: "producers" }],
    });
  });
});
