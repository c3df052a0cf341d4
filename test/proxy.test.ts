import { spawn } from "node:child_process";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProxy, type RunningProxy, type Violation } from "../runtime/proxy/server.js";
import { runtimeCli } from "./helpers/cli.js";
import { ROOT } from "./helpers/fixtures.js";

const SECRET = "s3cr3t-payload-value";
const KEY = "Key b0t-access-KEY-value";

/** What the upstream received: method, URL, headers and the body bytes. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// The real service behind the proxy. It answers each path as the test asks with the x-answer header:
// "valid" / "invalid" command responses, or "status-500".
const seen: Seen[] = [];
const VALID_RESPONSE =
  '{ "id": "1", "method": "get", "status": "success", "from": "postmaster@msging.net", "to": "bot@msging.net", "resource": { "x": "é" } }';
const INVALID_RESPONSE = JSON.stringify({ id: "1", method: "get", status: "broken", reason: { code: SECRET } });
const upstream: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
    const ask = req.headers["x-answer"];
    if (ask === "status-500") return void res.writeHead(500, { "content-type": "text/plain" }).end("boom");
    if (req.url?.startsWith("/base/commands")) {
      const body = ask === "invalid" ? INVALID_RESPONSE : VALID_RESPONSE;
      if (ask === "gzip-invalid")
        return void res
          .writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" })
          .end(gzipSync(INVALID_RESPONSE));
      return void res.writeHead(200, { "content-type": "application/json", "X-Upstream": "yes" }).end(body);
    }
    if (req.url?.startsWith("/base/v1/configs"))
      return void res.writeHead(201, { "content-type": "application/json" }).end('{"id":"c-1"}');
    res
      .writeHead(req.url?.startsWith("/base/other") ? 200 : 202)
      .end(req.url?.startsWith("/base/other") ? "other" : undefined);
  });
});

const reportLog: string[] = [];
const enforceLog: string[] = [];
let report: RunningProxy;
let enforce: RunningProxy;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
  report = await createProxy({ upstream: base, log: (line) => reportLog.push(line), warn: () => {} });
  enforce = await createProxy({ upstream: base, enforce: true, log: (line) => enforceLog.push(line), warn: () => {} });
});

afterAll(async () => {
  await Promise.all([report.close(), enforce.close(), new Promise((resolve) => upstream.close(resolve))]);
});

const send = (proxy: RunningProxy, path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(`${proxy.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: KEY, ...headers },
    body,
  });
const violations = (log: string[]) => log.map((line) => JSON.parse(line) as Violation);

// Odd but valid: spacing, escapes, non-ASCII, a BOM-free UTF-8 body the proxy must not re-encode.
const VALID_MESSAGE = Buffer.from(
  '{"to" :"a@b.c",\n "type":"text/plain", "content":"h\\u00e9 ✓ 😀", "metadata": {"k": "v"}}',
);

describe("specfirst proxy", () => {
  it("forwards a valid request byte for byte, with method, path, query and headers, and the response unchanged", async () => {
    const before = seen.length;
    const response = await send(report, "/messages?trace=1", VALID_MESSAGE, { "x-custom": "kept" });
    expect(response.status).toBe(202);
    const got = seen[before]!;
    expect(got).toMatchObject({ method: "POST", url: "/base/messages?trace=1" });
    expect(got.body.equals(VALID_MESSAGE)).toBe(true);
    expect(got.headers).toMatchObject({
      authorization: KEY,
      "x-custom": "kept",
      "content-type": "application/json",
      "content-length": String(VALID_MESSAGE.length),
    });

    const command = await send(report, "/commands", JSON.stringify({ id: "1", method: "get", uri: "/ping" }));
    expect(command.status).toBe(200);
    expect(command.headers.get("x-upstream")).toBe("yes");
    expect(Buffer.from(await command.arrayBuffer()).equals(Buffer.from(VALID_RESPONSE))).toBe(true);
    expect(reportLog).toEqual([]);
  });

  it("answers a client that sends Expect: 100-continue itself, and forwards its request without Expect", async () => {
    for (const [path, body, status] of [
      ["/messages", VALID_MESSAGE, 202],
      ["/other", Buffer.from("streamed, unchecked"), 200],
    ] as const) {
      const before = seen.length;
      const answered = await new Promise<number>((resolve, reject) => {
        const outgoing = request(`${enforce.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": body.length, expect: "100-continue" },
        });
        outgoing.on("continue", () => outgoing.end(body));
        outgoing.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        outgoing.on("error", reject);
      });
      expect(answered).toBe(status);
      expect(seen[before]!.body.equals(body)).toBe(true);
      expect(seen[before]!.headers.expect).toBeUndefined();
    }
  });

  it("reports violations in both directions as JSON lines, never with a payload value or the key", async () => {
    const before = seen.length;
    const invalid = await send(
      report,
      "/messages",
      JSON.stringify({ to: "a@b.c", type: "text/plain", content: { secret: SECRET } }),
    );
    expect(invalid.status).toBe(202); // reported, still forwarded
    expect(seen.length).toBe(before + 1);
    const response = await send(
      report,
      "/commands",
      JSON.stringify({ id: "1", method: "get", uri: "/ping", metadata: { password: SECRET } }),
      { "x-answer": "invalid" },
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(INVALID_RESPONSE))).toBe(true);
    const compressed = await send(report, "/commands", JSON.stringify({ id: "1", method: "get", uri: "/ping" }), {
      "x-answer": "gzip-invalid",
    });
    expect(compressed.status).toBe(200);
    expect(await compressed.text()).toBe(INVALID_RESPONSE); // passed on compressed, as received (fetch inflates it)
    await send(report, "/notifications", `{"id":"1","event":"consumed","event":"${SECRET}"}`);
    await send(report, "/messages", JSON.stringify({ to: "a@b.c", type: "text/plain", content: "x" }), {
      "x-answer": "status-500",
    });

    const lines = violations(reportLog);
    expect(lines).toContainEqual({
      direction: "request",
      operation: "sendMessage",
      method: "POST",
      path: "/messages",
      pointer: "/content",
      message: expect.any(String),
      keyword: "type",
    });
    expect(lines).toContainEqual({
      direction: "response",
      operation: "sendCommand",
      method: "POST",
      path: "/commands",
      status: 200,
      pointer: "/status",
      message: expect.any(String),
      keyword: "enum",
    });
    expect(lines.filter((line) => line.direction === "response" && line.pointer === "/status")).toHaveLength(2); // the gzip body too
    expect(lines).toContainEqual(
      expect.objectContaining({
        direction: "request",
        operation: "sendNotification",
        pointer: "",
        keyword: "json",
        message: expect.stringContaining("duplicate key"),
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ direction: "response", operation: "sendMessage", status: 500, keyword: "status" }),
    );
    const text = reportLog.join("\n");
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("b0t-access-KEY");
    expect(reportLog.every((line) => !line.includes("\n"))).toBe(true);
    reportLog.length = 0;
  });

  it("with --enforce, answers an invalid or unreadable request 400 with the errors and does not forward it", async () => {
    const before = seen.length;
    const invalid = await send(
      enforce,
      "/v1/configs",
      JSON.stringify({ input: { kafka: { consumer_grop: "g", sasl: { password: SECRET } } } }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await invalid.json()) as { errors: { pointer: string; message: string; keyword: string }[] };
    expect(body.errors).toContainEqual({
      pointer: "/input/kafka/consumer_grop",
      message: expect.any(String),
      keyword: "additionalProperties",
    });
    const bad = await send(
      enforce,
      "/messages",
      Buffer.concat([
        Buffer.from('{"to":"a@b.c","type":"text/plain","content":"'),
        Buffer.from([0xff]),
        Buffer.from('"}'),
      ]),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { keyword: string }[] }).errors[0]?.keyword).toBe("json");
    expect(seen.length).toBe(before); // upstream saw nothing
    expect(violations(enforceLog)).toContainEqual(
      expect.objectContaining({
        direction: "request",
        operation: "createConfig",
        pointer: "/input/kafka/consumer_grop",
      }),
    );
    expect(enforceLog.join("\n")).not.toContain(SECRET);

    const valid = await send(enforce, "/v1/configs", '{"name":"c","input":{"kafka":{"consumer_group":"g"}}}');
    expect(valid.status).toBe(201);
    expect(await valid.text()).toBe('{"id":"c-1"}');
    expect(seen.at(-1)?.body.toString()).toBe('{"name":"c","input":{"kafka":{"consumer_group":"g"}}}');
  });

  it("passes a body over --max-body-bytes on unchecked (413 with --enforce), reporting it", async () => {
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
    const lines: string[] = [];
    const small = await createProxy({ upstream: base, maxBodyBytes: 64, log: (line) => lines.push(line) });
    const strict = await createProxy({ upstream: base, maxBodyBytes: 64, enforce: true, log: () => {} });
    try {
      const big = Buffer.from(JSON.stringify({ to: "a@b.c", type: "text/plain", content: "x".repeat(200_000) }));
      const before = seen.length;
      expect((await send(small, "/messages", big)).status).toBe(202);
      expect(seen[before]?.body.equals(big)).toBe(true);
      expect(violations(lines)).toEqual([expect.objectContaining({ direction: "request", keyword: "maxBytes" })]);
      expect((await send(strict, "/messages", big)).status).toBe(413);
      expect(seen.length).toBe(before + 1);
    } finally {
      await Promise.all([small.close(), strict.close()]);
    }
  });

  it("passes other paths through unchecked", async () => {
    const response = await fetch(`${enforce.url}/other/path?q=1`, { method: "PUT", body: "not json at all" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("other");
    expect(seen.at(-1)).toMatchObject({ method: "PUT", url: "/base/other/path?q=1" });
    expect(seen.at(-1)?.body.toString()).toBe("not json at all");
  });

  it("runs as `specfirst proxy`, printing the listening address and violation lines", async () => {
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
    const child = spawn(
      process.execPath,
      [await runtimeCli(), "proxy", "--upstream", upstreamUrl, "--port", "0", "--enforce"],
      { cwd: ROOT },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
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
      const rejected = await fetch(`${url}/messages`, {
        method: "POST",
        headers: { authorization: KEY, "content-type": "application/json" },
        body: JSON.stringify({ to: "a@b.c", type: "text/plain" }),
      });
      expect(rejected.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const line = out.split("\n").find((l) => l.startsWith("{"));
      expect(JSON.parse(line ?? "null")).toEqual({
        direction: "request",
        operation: "sendMessage",
        method: "POST",
        path: "/messages",
        pointer: "/content",
        message: "is required",
        keyword: "required",
      });
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});
