/**
 * The sandbox's control endpoints (`/_sandbox/*`) answer only requests addressed to this machine and not sent by a
 * web page of another origin (docs/sandbox.md#control-endpoints): a page on the developer's machine could otherwise
 * inject customer messages or read the state by DNS rebinding (its requests name the page's own host) or by a plain
 * cross-origin request. Raw requests over node:net, so that every `Host`, `Origin` and `Sec-Fetch-Site` spelling
 * is sent exactly as written; the API endpoints and Node's fetch keep working.
 */
import { networkInterfaces } from "node:os";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessagingClient } from "../generated/client.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { listenOnLoopback } from "./helpers/loopback.js";
import { rawRequest } from "./helpers/raw-http.js";

const ACCESS_KEY = "sandbox-origin-access-key";
let sandbox: Sandbox;
let bot: { url: string; close: () => Promise<void> };
const delivered: string[] = [];

beforeAll(async () => {
  bot = await listenOnLoopback((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      delivered.push(body);
      response.writeHead(200).end();
    });
  });
  sandbox = createSandbox({ accessKey: ACCESS_KEY, messagesWebhook: `${bot.url}/messages` });
  await sandbox.start();
});
afterAll(async () => {
  await sandbox.close();
  await bot.close();
});
beforeEach(() => {
  delivered.length = 0;
});

/** One request over a new connection, every header as written (test/helpers/raw-http.ts). */
const raw = (
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | undefined>,
  body = "",
  address = "127.0.0.1",
) => rawRequest(port, { method, path, headers, body, address });

const HOST_REFUSED = {
  errors: [
    {
      pointer: "",
      message:
        "the control endpoints answer requests addressed to this machine only: a Host of 127.0.0.1, [::1] or localhost (any port), or the --host the sandbox listens on; a request naming another host may come from a web page by DNS rebinding",
      keyword: "host",
    },
  ],
};
const ORIGIN_REFUSED = {
  errors: [
    {
      pointer: "",
      message:
        "the control endpoints refuse requests a web browser sends from another origin (Origin, Sec-Fetch-Site): call them from a test, a script or a terminal",
      keyword: "origin",
    },
  ],
};

const withPort = (host: string, port: number) =>
  fc.constantFrom("", `:${port}`, ":80", ":8080").map((suffix) => `${host}${suffix}`);
/** Loopback spellings: localhost in any case, 127.0.0.0/8, ::1 and its other IPv6 forms. */
const loopbackHost = (port: number) =>
  fc
    .oneof(
      fc
        .array(fc.boolean(), { minLength: 9, maxLength: 9 })
        .map((upper) => [..."localhost"].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("")),
      fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((octets) => `127.${octets.join(".")}`),
      fc.constantFrom("[::1]", "[0:0:0:0:0:0:0:1]", "[0::1]", "[::0:1]", "[::ffff:127.0.0.1]", "[::FFFF:7F00:1]"),
    )
    .chain((host) => withPort(host, port));
/** Names and spellings that are not this machine's loopback, or not a Host at all. */
const foreignHost = (port: number) =>
  fc.oneof(
    fc
      .oneof(
        fc.constantFrom(
          "evil.example",
          "rebind.attacker.example",
          "127.0.0.1.evil.example",
          "localhost.",
          "localhost.evil.example",
          "evil.localhost",
          "localhost-evil",
          "127.1",
          "2130706433",
          "0x7f.0.0.1",
          "0177.0.0.1",
          "127.0.0.01",
          "0.0.0.0",
          "10.0.0.1",
          "[::2]",
          "[::]",
          "[::ffff:10.0.0.1]",
          "[fe80::1]",
        ),
        fc.domain().filter((domain) => domain !== "localhost"),
      )
      .chain((host) => withPort(host, port)),
    fc.constantFrom(
      "",
      "localhost:",
      `localhost:${port}:1`,
      "localhost:123456",
      `user@localhost:${port}`,
      `localhost:${port}@evil.example`,
      "localhost/x",
      "[::1",
      "::1",
      `::1:${port}`,
      "local host",
      "localhost, evil.example",
    ),
  );

/** The control requests, each with what it answers when allowed. */
const CONTROL = [
  { method: "GET", path: "/_sandbox/state", allowed: 200 },
  { method: "GET", path: "/_sandbox/webhooks", allowed: 200 },
  { method: "POST", path: "/_sandbox/reset", allowed: 200 },
  { method: "GET", path: "/_sandbox/nothing-here", allowed: 404 },
  {
    method: "POST",
    path: "/_sandbox/inbound",
    body: JSON.stringify({ from: "5531988887777@sms.example.net", type: "text/plain", content: "injected" }),
    allowed: 200,
  },
] as const;

describe("the control endpoints", () => {
  it("answer every loopback spelling of Host, with or without a port (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(loopbackHost(sandbox.port), fc.constantFrom(...CONTROL), async (host, request) => {
        const answer = await raw(
          sandbox.port,
          request.method,
          request.path,
          { Host: host },
          "body" in request ? request.body : "",
        );
        expect(answer.status, host).toBe(request.allowed);
      }),
      { numRuns: 150 },
    );
  });

  it("refuse 403 any other Host, a missing one, or one that is not a host (generated), and do nothing", async () => {
    sandbox.reset(); // no acknowledgement clock of an earlier delivery may change the state meanwhile
    const before = JSON.stringify(sandbox.state());
    await fc.assert(
      fc.asyncProperty(
        fc.option(foreignHost(sandbox.port), { nil: undefined }),
        fc.constantFrom(...CONTROL),
        async (host, request) => {
          const answer = await raw(
            sandbox.port,
            request.method,
            request.path,
            { Host: host },
            "body" in request ? request.body : "",
          );
          expect(answer.status, String(host)).toBe(403);
          expect(answer.headers["x-specfirst-sandbox"]).toBe("control");
          expect(JSON.parse(answer.body)).toEqual(HOST_REFUSED);
        },
      ),
      { numRuns: 300 },
    );
    // No customer message was injected, nothing was reset, and the state was never answered.
    expect(delivered).toEqual([]);
    expect(JSON.stringify(sandbox.state())).toBe(before);
  });

  it("refuse 403 a browser's cross-origin request (Origin not the sandbox's own, Sec-Fetch-Site cross-site or same-site)", async () => {
    const port = sandbox.port;
    const foreignOrigin = fc.oneof(
      fc.constantFrom(
        "null",
        "http://evil.example",
        `http://evil.example:${port}`,
        `https://127.0.0.1:${port}`,
        `http://127.0.0.1:${port + 1}`,
        `http://localhost:${port}`,
        "http://127.0.0.1",
        "file://",
      ),
      fc.webUrl().map((url) => new URL(url).origin),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          foreignOrigin.map((origin) => ({ Origin: origin })),
          fc.constantFrom("cross-site", "same-site", "CROSS-SITE", "").map((site) => ({ "Sec-Fetch-Site": site })),
        ),
        fc.constantFrom(...CONTROL),
        async (headers, request) => {
          const answer = await raw(
            port,
            request.method,
            request.path,
            { Host: `127.0.0.1:${port}`, ...headers },
            "body" in request ? request.body : "",
          );
          expect(answer.status, JSON.stringify(headers)).toBe(403);
          expect(JSON.parse(answer.body)).toEqual(ORIGIN_REFUSED);
        },
      ),
      { numRuns: 150 },
    );
    expect(delivered).toEqual([]);
  });

  it("answer a request of their own origin, one typed in the address bar, and Node's fetch", async () => {
    const port = sandbox.port;
    for (const headers of [
      { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}` },
      { Host: `LOCALHOST:${port}`, Origin: `http://localhost:${port}` },
      { Host: `[::1]:${port}`, Origin: `http://[::1]:${port}`, "Sec-Fetch-Site": "same-origin" },
      { Host: `localhost:${port}`, "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate" },
    ])
      expect((await raw(port, "GET", "/_sandbox/state", headers)).status, JSON.stringify(headers)).toBe(200);
    // What the tests and scripts of a bot send: fetch (undici) adds Sec-Fetch-Mode: cors, neither Origin nor Sec-Fetch-Site.
    expect((await fetch(`${sandbox.url}/_sandbox/state`)).status).toBe(200);
    const inbound = await fetch(`${sandbox.url}/_sandbox/inbound`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: "5531988887777@sms.example.net", type: "text/plain", content: "hi" }),
    });
    expect(inbound.status).toBe(200);
    expect(delivered).toHaveLength(1);
  });

  it.skipIf(nonLoopbackAddress() === undefined)(
    "also answer for the host the sandbox was told to listen on, unless it is a wildcard",
    async () => {
      const address = nonLoopbackAddress() as string;
      const listening = createSandbox({ host: address });
      const everywhere = createSandbox({ host: "0.0.0.0" });
      await Promise.all([listening.start(), everywhere.start()]);
      try {
        const ask = (target: Sandbox, host: string) =>
          raw(target.port, "GET", "/_sandbox/state", { Host: host }, "", address).then((answer) => answer.status);
        expect(await ask(listening, `${address}:${listening.port}`)).toBe(200);
        expect(await ask(listening, `localhost:${listening.port}`)).toBe(200);
        expect(await ask(listening, `evil.example:${listening.port}`)).toBe(403);
        // listening on every interface names no host: loopback names only
        expect(await ask(everywhere, `${address}:${everywhere.port}`)).toBe(403);
        expect(await ask(everywhere, `0.0.0.0:${everywhere.port}`)).toBe(403);
        expect(await ask(everywhere, `127.0.0.1:${everywhere.port}`)).toBe(200);
      } finally {
        await Promise.all([listening.close(), everywhere.close()]);
      }
    },
  );
});

describe("the API endpoints", () => {
  it("keep answering whatever the Host and Origin: they are the platform's, guarded by the keys", async () => {
    const body = JSON.stringify({ to: "5531988887777@sms.example.net", type: "text/plain", content: "hi" });
    for (const headers of [
      { Host: "evil.example" },
      { Host: "sandbox.internal:8080", Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
    ]) {
      const answer = await raw(
        sandbox.port,
        "POST",
        "/messages",
        {
          ...headers,
          Authorization: `Key ${ACCESS_KEY}`,
          "Content-Type": "application/json",
        },
        body,
      );
      expect(answer.status, JSON.stringify(headers)).toBe(202);
    }
    const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
    await expect(
      client.sendMessage({ to: "5531988887777@sms.example.net", type: "text/plain", content: "hi" }),
    ).resolves.toBeUndefined();
  });
});

/** An IPv4 address of this machine that is not loopback, if it has one. */
function nonLoopbackAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === "IPv4" && !entry.internal)?.address;
}
