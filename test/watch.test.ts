import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyProject, editSchema } from "./helpers/project-copy.js";
import { startCli, type LiveCli } from "./helpers/spawn-cli.js";

let live: LiveCli | undefined;
afterEach(async () => {
  live?.child.kill("SIGTERM");
  await live?.exited;
});

describe("generate --watch", () => {
  it("regenerates on a real file edit, survives a broken edit with its error, and recovers on the next good edit", async () => {
    // With the cache of a run on the edited inputs: the first edit below is `editSchema`.
    const dir = copyProject({ edited: true });
    const schemaFile = path.join(dir, "schemas/messaging/reason.schema.json");
    const typesFile = path.join(dir, "generated/messaging/types.ts");
    const original = readFileSync(schemaFile, "utf8");
    live = startCli(["generate", "--watch", "--root", dir]);
    await live.waitFor("watching schemas/");

    // Saved while the first run may still be going: watching started before it, so the edit is not lost.
    editSchema(dir);
    await live.waitFor("regenerated; watching", 1, 90_000);
    expect(readFileSync(typesFile, "utf8")).toContain("retry_after?: number");
    expect(live.stdout()).toContain("changed: schemas/messaging/reason.schema.json");

    const good = readFileSync(typesFile, "utf8");
    writeFileSync(schemaFile, original.replace('"type": "object",', '"type": "object"'));
    await live.waitFor("kept the last good outputs; watching", 1, 90_000);
    // Written before that line, but to another pipe: its data may be read a moment later.
    await expect
      .poll(() => live?.stderr(), { timeout: 10_000 })
      .toMatch(/schemas\/messaging\/reason\.schema\.json:7:\d+: invalid JSON/);
    expect(readFileSync(typesFile, "utf8")).toBe(good);

    writeFileSync(
      schemaFile,
      original.replace(
        '"properties": {',
        '"properties": {\n    "retryable": { "type": "boolean", "description": "Whether to retry." },',
      ),
    );
    await live.waitFor("regenerated; watching", 2, 90_000);
    const recovered = readFileSync(typesFile, "utf8");
    expect(recovered).toContain("retryable?: boolean");
    expect(recovered).not.toContain("retry_after");

    // An edit that leaves examples invalid (a renamed Config field) is refused like a broken schema: the examples
    // are named, and the last good outputs stay.
    const tls = path.join(dir, "schemas/configs/tls.schema.json");
    const configTypes = path.join(dir, "generated/configs/types.ts");
    const goodConfigTypes = readFileSync(configTypes, "utf8");
    writeFileSync(tls, readFileSync(tls, "utf8").replace('"skip_cert_verify"', '"skip_verify"'));
    await live.waitFor("kept the last good outputs; watching", 2, 90_000);
    await expect
      .poll(() => live?.stderr(), { timeout: 10_000 })
      .toMatch(
        /openapi\/examples\/configs\/config-input-kafka-output-aws-kinesis\.json:\d+:\d+ at \/input\/kafka\/tls\/skip_cert_verify: invalid example/,
      );
    expect(readFileSync(configTypes, "utf8")).toBe(goodConfigTypes);
    expect(readFileSync(configTypes, "utf8")).toContain("skip_cert_verify");

    // The changelog is an input too (the docs' changelog page), though it lives beside the folders watched.
    writeFileSync(tls, readFileSync(tls, "utf8").replace('"skip_verify"', '"skip_cert_verify"'));
    await live.waitFor("regenerated; watching", 3, 90_000);
    const changelog = path.join(dir, "CHANGELOG.md");
    writeFileSync(changelog, readFileSync(changelog, "utf8").replace("initial contract", "initial contract, watched"));
    await live.waitFor("regenerated; watching", 4, 90_000);
    expect(live.stdout()).toContain("changed: CHANGELOG.md");
    expect(readFileSync(path.join(dir, "generated/docs/changelog.html"), "utf8")).toContain(
      "initial contract, watched",
    );
  }, 240_000);
});
