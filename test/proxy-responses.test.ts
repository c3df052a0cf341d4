import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProxy, type RunningProxy } from "../runtime/proxy/server.js";
import { runtimeCli } from "./helpers/cli.js";
import { ROOT } from "./helpers/fixtures.js";

// `enforceResponses` (`specfirst proxy --enforce-responses`, docs/validating.md#the-validation-proxy): an upstream
// answer of a checked operation that breaks the document reaches the client as 502 with its violations, never as
// it was; a conformant one passes as it was.
const KEY = "Key proxy-responses-access-key";
const SECRET = "an-upstream-secret-value";
const COMMAND = JSON.stringify({ id: "c-1", method: "get", uri: "/ping" });
const VALID_RESPONSE = JSON.stringify({
  id: "c-1",
  method: "get",
  status: "success",
  from: "postmaster@msging.net",
  to: "bot@msging.net",
  resource: { pong: true },
});

/** What the upstream answers next: status, content type and body. */
let next: { status: number; body: string } = { status: 200, body: VALID_RESPONSE };
const upstream: Server = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(next.status, { "content-type": "application/json" }).end(next.body));
});

const logs = { enforcing: [] as string[], reporting: [] as string[] };
let enforcing: RunningProxy;
let reporting: RunningProxy;
let upstreamUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  enforcing = await createProxy({
    upstream: upstreamUrl,
    enforceResponses: true,
    maxBodyBytes: 4096,
    log: (line) => logs.enforcing.push(line),
    warn: () => {},
  });
  reporting = await createProxy({ upstream: upstreamUrl, log: (line) => logs.reporting.push(line), warn: () => {} });
});

afterAll(async () => {
  await Promise.all([enforcing.close(), reporting.close()]);
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const send = (proxy: RunningProxy, path: string, body: string) =>
  fetch(`${proxy.url}${path}`, {
    method: "POST",
    headers: { authorization: KEY, "content-type": "application/json" },
    body,
  });

describe("enforceResponses", () => {
  it("passes a conformant answer on as it was", async () => {
    next = { status: 200, body: VALID_RESPONSE };
    const answer = await send(enforcing, "/commands", COMMAND);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(VALID_RESPONSE);
  });

  it("answers 502 with the violations for every invalid command response, never its values; reporting alone passes it on", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("done", "ok", "", "SUCCESS"),
        fc.constantFrom("id", "method", "status"),
        async (status, dropped) => {
          const invalid: Record<string, unknown> = { ...JSON.parse(VALID_RESPONSE), status, note: SECRET };
          if (dropped !== "status") delete invalid[dropped];
          next = { status: 200, body: JSON.stringify(invalid) };
          const refused = await send(enforcing, "/commands", COMMAND);
          expect(refused.status).toBe(502);
          expect(refused.headers.get("x-specfirst-violations")).toBe("response");
          const text = await refused.text();
          expect(text).not.toContain(SECRET);
          const { errors } = JSON.parse(text) as { errors: { pointer: string; keyword: string }[] };
          expect(errors.length).toBeGreaterThan(0);
          const passed = await send(reporting, "/commands", COMMAND);
          expect(passed.status).toBe(200);
          expect(await passed.text()).toBe(next.body);
        },
      ),
      { numRuns: 12 },
    );
    expect(logs.enforcing.map((line) => (JSON.parse(line) as { direction: string }).direction)).toContain("response");
  });

  it("answers 502 for a status the document does not declare (keyword status), and for a body too long to check (maxBytes)", async () => {
    next = { status: 200, body: "" };
    const undeclared = await send(
      enforcing,
      "/messages",
      JSON.stringify({ to: "a@b.example.net", type: "text/plain", content: "x" }),
    );
    expect(undeclared.status).toBe(502);
    expect(await undeclared.json()).toEqual({
      errors: [{ pointer: "", message: "status 200 is not a declared response", keyword: "status" }],
    });
    next = {
      status: 200,
      body: JSON.stringify({ ...JSON.parse(VALID_RESPONSE), resource: { text: "x".repeat(8192) } }),
    };
    const long = await send(enforcing, "/commands", COMMAND);
    expect(long.status).toBe(502);
    expect(((await long.json()) as { errors: { keyword: string }[] }).errors[0]?.keyword).toBe("maxBytes");
  });

  it("is the CLI's --enforce-responses", async () => {
    next = { status: 200, body: JSON.stringify({ id: "c-1", status: "done" }) };
    const child = spawn(
      process.execPath,
      [await runtimeCli(), "proxy", "--upstream", upstreamUrl, "--port", "0", "--enforce-responses"],
      { cwd: ROOT },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 30_000);
        child.stdout.on("data", () => {
          const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      const answer = await fetch(`${url}/commands`, {
        method: "POST",
        headers: { authorization: KEY, "content-type": "application/json" },
        body: COMMAND,
      });
      expect(answer.status).toBe(502);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
