import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers/cli.js";

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-validate-"));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

const validMessage = write("valid.json", JSON.stringify({ to: "5531988887777@sms.example.net", type: "text/plain", content: "hi" }));
const invalidNotification = write("failed.json", '{\n  "id": "1",\n  "event": "failed",\n  "reason": { "code": "42" }\n}\n');
const notJson = write("broken.json", '{\n  "to": "a@b.c",\n  "type": \n}');

describe("specfirst validate", () => {
  it("exits 0 when every file is valid", async () => {
    const result = await runCli(["validate", "message", validMessage]);
    expect(result).toMatchObject({ code: 0, stdout: `${validMessage}: valid\n` });
  });

  it("exits 1 and names pointer, line and column of each error", async () => {
    const result = await runCli(["validate", "notification", validMessage, invalidNotification]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${invalidNotification}:4:23: /reason/code must be an integer`);
  });

  it("prints machine-readable results with --format json", async () => {
    const result = await runCli(["validate", "notification", invalidNotification, "--format", "json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      results: [{ file: invalidNotification, valid: false, errors: [{ pointer: "/reason/code", message: "must be an integer", line: 4, column: 23 }] }],
    });
  });

  it("exits 2 for non-JSON or unreadable input and usage errors", async () => {
    const broken = await runCli(["validate", "message", notJson]);
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain(`${notJson}:4:1: (root) invalid JSON: unexpected character`);
    expect((await runCli(["validate", "message", path.join(dir, "missing.json")])).code).toBe(2);
    expect((await runCli(["validate", "no-such-schema", validMessage])).code).toBe(2);
    expect((await runCli(["validate"])).code).toBe(2);
    expect((await runCli(["validate", "message"])).code).toBe(2);
  });

  it("never prints the value of a secret field, even when it has the wrong type", async () => {
    const secret = "s3cr3t-Pa55word-value";
    const config = write(
      "secret.json",
      JSON.stringify({
        input: { sql: { uri: `mysql://root:${secret}@db:3306/x`, scheduler: { seconds: secret } } },
        output: { http: { basic_auth: { user_id: "u", password: [secret] }, headers: { Authorization: 7 }, oauth2: { client_secret: { v: secret } } } },
      }),
    );
    for (const format of ["text", "json"]) {
      const result = await runCli(["validate", "config", config, "--format", format]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("/output/http/basic_auth/password");
      expect(result.stdout + result.stderr).not.toContain(secret);
    }
  });
});
