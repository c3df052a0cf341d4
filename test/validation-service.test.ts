import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createValidationServer } from "../examples/validation-service/server.js";

const logs: string[] = [];
const server = createValidationServer({ log: (line: string) => logs.push(line) });
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const post = (path: string, body: string | Uint8Array) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });

describe("examples/validation-service", () => {
  it("accepts valid envelopes and configs", async () => {
    expect((await post("/messages", JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" }))).status).toBe(
      202,
    );
    expect(
      (await post("/notifications", JSON.stringify({ id: "1", from: "c@sms.example.net", event: "consumed" }))).status,
    ).toBe(202);
    const command = await post("/commands", JSON.stringify({ id: "2", method: "get", uri: "/ping" }));
    expect(command.status).toBe(200);
    expect(await command.json()).toMatchObject({ id: "2", status: "success" });
    expect((await post("/v1/configs", JSON.stringify({ name: "c", status: "PAUSED" }))).status).toBe(201);
  });

  it("answers 400 with pointer and rule for invalid bodies, and never echoes or logs a secret", async () => {
    const failed = await post(
      "/notifications",
      JSON.stringify({ id: "1", from: "c@sms.example.net", event: "failed" }),
    );
    expect(failed.status).toBe(400);
    expect(await failed.json()).toEqual({
      errors: [{ pointer: "/reason", message: "is required", keyword: "required" }],
    });

    const secret = "pa55-w0rd-secret";
    const config = await post(
      "/v1/configs",
      JSON.stringify({
        output: { http: { basic_auth: { password: 42 }, oauth2: { client_secret: secret, scopes: "all" } } },
        input: { sql: { uri: `mysql://u:${secret}@h` } },
      }),
    );
    expect(config.status).toBe(400);
    const text = await config.text();
    expect(text).toContain("/output/http/basic_auth/password");
    expect(text).not.toContain(secret);
    expect(logs.join("\n")).not.toContain(secret);

    const broken = await post("/messages", `{"to": "a@b.c", "content": "${secret}`);
    expect(broken.status).toBe(400);
    expect(await broken.text()).not.toContain(secret);
  });

  it("reads bodies with the strict reader: invalid UTF-8, a repeated key and bad JSON are 400 without quoting the body, a BOM is skipped", async () => {
    const before = logs.length;
    const secret = "r3peated-s3cret";
    const cases: [string, Buffer, string][] = [
      [
        "invalid UTF-8",
        Buffer.concat([
          Buffer.from('{"to":"a@b.c","type":"text/plain","content":"'),
          Buffer.from([0xc0, 0xaf]),
          Buffer.from('"}'),
        ]),
        "invalid UTF-8 at line 1, column 46",
      ],
      [
        "a lone surrogate half",
        Buffer.concat([
          Buffer.from('{"to":"a@b.c","type":"text/plain","content":"'),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
        "invalid UTF-8",
      ],
      [
        "a repeated key",
        Buffer.from(`{"to":"a@b.c","type":"text/plain",\n "content":"${secret}", "content":"x"}`),
        "invalid JSON: duplicate key in an object at line 2, column 31",
      ],
      ["a trailing comma", Buffer.from('{"to":"a@b.c",}'), "invalid JSON: trailing comma"],
    ];
    for (const [label, body, message] of cases) {
      const response = await post("/messages", body);
      expect(response.status, label).toBe(400);
      const text = await response.text();
      expect(text).not.toContain(secret);
      const { errors } = JSON.parse(text) as { errors: { pointer: string; message: string; keyword: string }[] };
      expect(errors, label).toEqual([{ pointer: "", message: expect.stringContaining(message), keyword: "json" }]);
    }
    expect(logs.length).toBe(before); // nothing that could not be read was validated or logged
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" })),
    ]);
    expect((await post("/messages", bom)).status).toBe(202);
  });

  it("answers a Config nested 10,000 levels deep and keeps serving", async () => {
    const depth = 10_000;
    const deep = await post(
      "/v1/configs",
      `{"filter":{"filter":${'{"filters":['.repeat(depth)}{"op":"AND"}${"]}".repeat(depth)}}}`,
    );
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      errors: [{ pointer: "", message: "is nested too deeply to validate", keyword: "depth" }],
    });
    expect((await post("/messages", JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" }))).status).toBe(
      202,
    );
  });
});
