import { readdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaNames, validate } from "../generated/validators.js";
import { validateCommand } from "../runtime/cli/commands/validate.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { runCli, runInProcess, runtimeCli } from "./helpers/cli.js";
import { FIXTURES, ROOT, jsonFiles, readJson, type InvalidFixture } from "./helpers/fixtures.js";

// The opt-in strict variants (`x-specfirst-strict` in openapi/messaging.source.yaml): `message-strict` and
// `command-strict` close every content document, so a field a document does not list is an error, while `message`
// and `command` keep the documents open as the seed does ("beyond those listed: not shown").

const MEDIA_LINK = "application/vnd.lime.media-link+json";
const SELECT = "application/vnd.lime.select+json";
const to = "5531988887777@sms.example.net";
const typoMessage = {
  id: "m-1",
  to,
  type: MEDIA_LINK,
  content: { type: "image/png", url: "https://cdn.example.net/a.png" },
};

/** Payloads the seed accepts and the strict variant rejects, with where the strict error points. */
const TYPOS: { name: string; schema: "message" | "command"; data: unknown; pointer: string }[] = [
  { name: "media-link `url` for `uri`", schema: "message", data: typoMessage, pointer: "/content/url" },
  {
    name: "select option `label` for `text`",
    schema: "message",
    data: { to, type: SELECT, content: { text: "Pick one", options: [{ order: 1, label: "Yes" }] } },
    pointer: "/content/options/0/label",
  },
  {
    name: "chat state `status` for `state`",
    schema: "message",
    data: { to, type: "application/vnd.lime.chatstate+json", content: { status: "composing" } },
    pointer: "/content/status",
  },
  {
    name: "a collection item's typo",
    schema: "message",
    data: {
      to,
      type: "application/vnd.lime.collection+json",
      content: {
        itemType: MEDIA_LINK,
        items: [{ uri: "https://cdn.example.net/a.png" }, { url: "https://cdn.example.net/b.png" }],
      },
    },
    pointer: "/content/items/1/url",
  },
  {
    name: "a container value's typo",
    schema: "message",
    data: { to, type: "application/vnd.lime.container+json", content: { type: SELECT, value: { txt: "Pick one" } } },
    pointer: "/content/value/txt",
  },
  {
    name: "a typo in the collection itself",
    schema: "message",
    data: { to, type: "application/vnd.lime.collection+json", content: { itemTypes: MEDIA_LINK, items: [] } },
    pointer: "/content/itemTypes",
  },
  {
    name: "a scheduled message's typo",
    schema: "command",
    data: {
      id: "c-1",
      to: "postmaster@scheduler.example.net",
      method: "set",
      uri: "/schedules",
      type: "application/vnd.ext.schedule+json",
      resource: { when: "2031-01-15T09:00:00+00:00", message: typoMessage },
    },
    pointer: "/resource/message/content/url",
  },
];

describe("message-strict and command-strict: closed content documents", () => {
  it("are validator names with type guards", () => {
    expect(schemaNames).toEqual(expect.arrayContaining(["message-strict", "command-strict"]));
  });

  it.each(TYPOS)(
    "$name: accepted by the seed's schema, rejected by the strict one at its pointer",
    ({ schema, data, pointer }) => {
      expect(validate(schema, data)).toEqual({ valid: true });
      const strict = validate(`${schema}-strict`, data);
      expect(strict.valid).toBe(false);
      expect(strict.valid ? [] : strict.errors.map((error) => [error.pointer, error.keyword])).toEqual([
        [pointer, "additionalProperties"],
      ]);
    },
  );

  it("never accept what the seed's schema rejects, and differ from it only on documents with unlisted fields (every fixture)", () => {
    const root = path.join(FIXTURES, "validators");
    let cases = 0;
    for (const name of readdirSync(root)) {
      const fixtures = [
        ...jsonFiles(path.join(root, name, "valid")).map(([file, data]) => ({ file, data })),
        ...jsonFiles<InvalidFixture>(path.join(root, name, "invalid")).map(([file, fixture]) => ({
          file,
          data: fixture.data,
        })),
      ];
      for (const { file, data } of fixtures) {
        for (const schema of ["message", "command"] as const) {
          cases++;
          const open = validate(schema, data).valid;
          const strict = validate(`${schema}-strict`, data).valid;
          if (strict) expect(open, `${name}/${file} as ${schema}`).toBe(true);
          if (open !== strict) expect(file, `${name}/${file} as ${schema}`).toMatch(/extra-fields/);
        }
      }
    }
    expect(cases).toBeGreaterThan(500);
  });

  // Each document's listed fields, read from its schema: a generated extra key is unlisted by construction.
  const documents = [
    {
      type: MEDIA_LINK,
      schema: "media-link",
      content: { type: "image/png", uri: "https://cdn.example.net/a.png", text: "A" },
    },
    { type: SELECT, schema: "select", content: { text: "Pick one", options: [{ order: 1, text: "Yes" }] } },
    { type: "application/vnd.lime.chatstate+json", schema: "chat-state", content: { state: "composing" } },
    { type: "application/vnd.lime.container+json", schema: "container", content: { type: "text/plain", value: "hi" } },
    {
      type: "application/vnd.lime.collection+json",
      schema: "collection",
      content: { itemType: "text/plain", items: ["a"] },
    },
  ];
  it("reject any unlisted key in any content document, and accept the document without it (fast-check)", () => {
    for (const { type, schema, content } of documents) {
      const listed = Object.keys(
        readJson<{ properties: object }>(path.join(ROOT, "schemas", "messaging", `${schema}.schema.json`)).properties,
      );
      const message = { to, type, content };
      expect(validate("message-strict", message), schema).toEqual({ valid: true });
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !listed.includes(key)),
          fc.jsonValue(),
          (key, value) => {
            const typo = { ...message, content: { ...content, [key]: value } };
            expect(validate("message", typo)).toEqual({ valid: true });
            const result = validate("message-strict", typo);
            expect(result.valid ? [] : result.errors.map((error) => error.keyword)).toContain("additionalProperties");
          },
        ),
        { numRuns: 60 },
      );
    }
  });

  it("leave the envelope open as the seed's schema does (only documents are closed)", () => {
    expect(validate("message-strict", { to, type: "text/plain", content: "hi", extra: 1 })).toEqual(
      validate("message", { to, type: "text/plain", content: "hi", extra: 1 }),
    );
    // A media type the seed does not list has no document to close.
    expect(
      validate("message-strict", { to, type: "application/vnd.example.card+json", content: { anything: 1 } }),
    ).toEqual({ valid: true });
  });
});

describe("specfirst validate --strict", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "specfirst-strict-"));
  const typoFile = path.join(dir, "typo.json");
  writeFileSync(typoFile, `${JSON.stringify(typoMessage, null, 2)}\n`);

  it("reports the typo with pointer and line:column (spawned CLI), where message accepts it", async () => {
    expect(await runCli(["validate", "message", typoFile])).toMatchObject({ code: 0 });
    const strict = await runCli(["validate", "message", "--strict", typoFile]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(
      new RegExp(`${typoFile.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:\\d+: /content/url is not allowed here`),
    );
  });

  it("takes the variant by name too, and refuses --strict where no strict variant exists", async () => {
    expect((await runInProcess(validateCommand, ["message-strict", typoFile])).code).toBe(1);
    const notification = await runInProcess(validateCommand, ["notification", "--strict", typoFile]);
    expect(notification).toMatchObject({
      code: 2,
      stderr: "specfirst validate: --strict applies to message, command only\n",
    });
    const both = await runInProcess(validateCommand, ["message", "--strict", "--lenient", typoFile]);
    expect(both).toMatchObject({ code: 2, stderr: "specfirst validate: --lenient and --strict exclude each other\n" });
    expect((await runInProcess(validateCommand, ["--help"])).stdout).toContain("--strict");
  });
});

describe("sandbox --strict", () => {
  const post = (sandbox: Sandbox, route: string, body: unknown) =>
    fetch(`${sandbox.url}${route}`, {
      method: "POST",
      headers: { authorization: "Key sandbox-access-key", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  let open: Sandbox;
  let strict: Sandbox;
  beforeAll(async () => {
    open = createSandbox();
    strict = createSandbox({ strict: true });
    await Promise.all([open.start(), strict.start()]);
  });
  afterAll(async () => {
    await Promise.all([open.close(), strict.close()]);
  });

  it("refuses a document typo with 400 and its pointer; without the flag the sandbox accepts it as the seed does", async () => {
    expect((await post(open, "/messages", typoMessage)).status).toBe(202);
    const refused = await post(strict, "/messages", typoMessage);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("/content/url");
    const command = TYPOS.find((typo) => typo.schema === "command")!.data;
    expect((await post(strict, "/commands", command)).status).toBe(400);
    expect(
      (
        await post(strict, "/messages", {
          ...typoMessage,
          content: { type: "image/png", uri: "https://cdn.example.net/a.png" },
        })
      ).status,
    ).toBe(202);
  });

  it("is a flag of the spawned CLI", async () => {
    const child = spawn(process.execPath, [await runtimeCli(), "sandbox", "--strict", "--port", "0"], { cwd: ROOT });
    try {
      let stdout = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /^listening on (http:\/\/\S+)$/m.exec(stdout);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.on("close", () => reject(new Error(`the sandbox exited before listening: ${stdout}`)));
      });
      const refused = await fetch(`${url}/messages`, {
        method: "POST",
        headers: { authorization: "Key sandbox-access-key", "content-type": "application/json" },
        body: JSON.stringify(typoMessage),
      });
      expect(refused.status).toBe(400);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
