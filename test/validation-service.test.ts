import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: the example is plain JavaScript without declarations
import { createValidationServer } from "../examples/validation-service/server.js";

interface Server {
  listen(port: number, host: string, callback: () => void): void;
  address(): AddressInfo;
  close(callback: () => void): void;
}

const logs: string[] = [];
const server = createValidationServer({ log: (line: string) => logs.push(line) }) as Server;
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(resolve));
});

const post = (path: string, body: string) => fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });

describe("examples/validation-service", () => {
  it("accepts valid envelopes and configs", async () => {
    expect((await post("/messages", JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" }))).status).toBe(202);
    expect((await post("/notifications", JSON.stringify({ id: "1", from: "c@sms.example.net", event: "consumed" }))).status).toBe(202);
    const command = await post("/commands", JSON.stringify({ id: "2", method: "get", uri: "/ping" }));
    expect(command.status).toBe(200);
    expect(await command.json()).toMatchObject({ id: "2", status: "success" });
    expect((await post("/v1/configs", JSON.stringify({ name: "c", status: "PAUSED" }))).status).toBe(201);
  });

  it("answers 400 with pointer and rule for invalid bodies, and never echoes or logs a secret", async () => {
    const failed = await post("/notifications", JSON.stringify({ id: "1", from: "c@sms.example.net", event: "failed" }));
    expect(failed.status).toBe(400);
    expect(await failed.json()).toEqual({ errors: [{ pointer: "/reason", message: "is required", keyword: "required" }] });

    const secret = "pa55-w0rd-secret";
    const config = await post("/v1/configs", JSON.stringify({ output: { http: { basic_auth: { password: 42 }, oauth2: { client_secret: secret, scopes: "all" } } }, input: { sql: { uri: `mysql://u:${secret}@h` } } }));
    expect(config.status).toBe(400);
    const text = await config.text();
    expect(text).toContain("/output/http/basic_auth/password");
    expect(text).not.toContain(secret);
    expect(logs.join("\n")).not.toContain(secret);

    const broken = await post("/messages", `{"to": "a@b.c", "content": "${secret}`);
    expect(broken.status).toBe(400);
    expect(await broken.text()).not.toContain(secret);
  });

  it("answers a Config nested 10,000 levels deep and keeps serving", async () => {
    const depth = 10_000;
    const deep = await post("/v1/configs", `{"filter":{"filter":${'{"filters":['.repeat(depth)}{"op":"AND"}${"]}".repeat(depth)}}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ errors: [{ pointer: "", message: "is nested too deeply to validate", keyword: "depth" }] });
    expect((await post("/messages", JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" }))).status).toBe(202);
  });
});
