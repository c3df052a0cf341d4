import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateRequest, withValidBody } from "../runtime/middleware/web.js";
import {
  bodyValidationCases,
  contentTypeCases,
  expectErrors,
  keepAliveAfterTooLargeCases,
  LIMIT,
  newLog,
  post,
  type HandlerLog,
} from "./helpers/middleware-cases.js";

// A Node server that hands each request to a fetch-style handler as a web-standard Request (what Hono's Node
// adapter, workers and Deno/Bun servers do), and writes the Response back.
function serveFetch(handler: (request: Request) => Promise<Response>): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as [string, string]],
      ),
      body: req.method === "GET" || req.method === "HEAD" ? null : (Readable.toWeb(req) as ReadableStream<Uint8Array>),
      duplex: "half",
    } as RequestInit);
    void handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
}

const log = newLog();
const honoLog = newLog();
let server: Server;
let hono: ServerType;
let base = "";
let honoBase = "";

/** The fetch-style handler of the message route: validates, records into `into`, answers 202. */
function messagesInto(into: HandlerLog) {
  return async (request: Request) => {
    const checked = await validateRequest(request, "message", { limit: LIMIT });
    if (checked.response) return checked.response;
    into.bodies.push(checked.data);
    into.raw.push(checked.bytes);
    return new Response(null, { status: 202 });
  };
}

beforeAll(async () => {
  const messages = messagesInto(log);
  const wrapped = withValidBody<{ name?: string }>("config", (data) =>
    Response.json({ name: data.name ?? null }, { status: 201 }),
  );
  server = serveFetch((request) =>
    new URL(request.url).pathname === "/messages" ? messages(request) : wrapped(request),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Real Hono on @hono/node-server: its node adapter drains an unread body for 500 ms, then resets the socket.
  const app = new Hono();
  const honoMessages = messagesInto(honoLog);
  app.post("/messages", (c) => honoMessages(c.req.raw));
  await new Promise<void>((resolve) => {
    hono = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  honoBase = `http://127.0.0.1:${(hono.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => hono.close(resolve))]);
});

describe("specfirst/web validateRequest (web-standard Request)", () => {
  bodyValidationCases(() => ({ url: `${base}/messages`, log }), { strict: true, rawBytes: true });
  keepAliveAfterTooLargeCases(() => ({ url: `${base}/messages`, log }));
  // No content-type routing: validateRequest reads the body as JSON whatever the header says.
  contentTypeCases(
    () => ({ url: `${base}/messages`, log }),
    () => 202,
  );

  it("withValidBody calls the handler with valid data only", async () => {
    const accepted = await post(`${base}/configs`, JSON.stringify({ name: "c", status: "PAUSED" }));
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual({ name: "c" });
    const errors = await expectErrors(
      await post(`${base}/configs`, JSON.stringify({ input: { kafka: { consumer_grop: "g" } } })),
      400,
    );
    expect(errors).toContainEqual(expect.objectContaining({ pointer: "/input/kafka/consumer_grop" }));
  });

  it("answers a 413 with Connection: close (the body is left unread)", async () => {
    const over = await validateRequest(new Request("http://x/", { method: "POST", body: "[1,2,3]" }), "message", {
      limit: 3,
    });
    expect(over.response?.headers.get("connection")).toBe("close");
    const invalid = await validateRequest(new Request("http://x/", { method: "POST", body: "[1]" }), "message", {
      limit: 3,
    });
    expect(invalid.response?.status).toBe(400);
    expect(invalid.response?.headers.get("connection")).toBeNull();
  });

  it("works on a Request built in memory, and with injected validators", async () => {
    const request = new Request("http://x/", { method: "POST", body: '{"a":1}' });
    const checked = await validateRequest(request, "anything", {
      validators: { validate: (name) => (name === "anything" ? { valid: true } : { valid: false, errors: [] }) },
    });
    expect(checked.data).toEqual({ a: 1 });
    const over = await validateRequest(new Request("http://x/", { method: "POST", body: "[1,2,3]" }), "message", {
      limit: 3,
    });
    expect(over.response?.status).toBe(413);
  });
});

describe("specfirst/web on Hono (@hono/node-server) over loopback", () => {
  bodyValidationCases(() => ({ url: `${honoBase}/messages`, log: honoLog }), { strict: true, rawBytes: true });
  keepAliveAfterTooLargeCases(() => ({ url: `${honoBase}/messages`, log: honoLog }));
  contentTypeCases(
    () => ({ url: `${honoBase}/messages`, log: honoLog }),
    () => 202,
  );
});
