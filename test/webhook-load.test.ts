/**
 * The bot runtime under real load (docs/webhooks.md, under load), over loopback against the sandbox: confirmations that do not wait for
 * the reply queue, redeliveries handled once, the seed's received/consumed/failed order as an option, confirmation
 * bookkeeping, errors that say why (redacted), timeouts that close the connection.
 */
import { spawn } from "node:child_process";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BadRequestError,
  ConfirmationWarning,
  consumedNotification,
  createMessagingClient,
  createWebhookHandler,
  type WebhookErrorContext,
} from "../generated/client.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { startApiServer } from "./helpers/api-server.js";
import { listenOnLoopback } from "./helpers/loopback.js";

const ACCESS_KEY = "webhook-load-access-key-0123456789";
const customer = (n: number) => `55319888${String(n).padStart(5, "0")}@sms.example.net/instance-1`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function listen(listener: RequestListener): Promise<string> {
  const { url, close } = await listenOnLoopback(listener);
  cleanups.push(close);
  return url;
}

/** A sandbox on the Free plan (429 over its limits) whose messages webhook is `handler`. */
async function sandboxWith(
  makeHandler: (sandbox: Sandbox) => ReturnType<typeof createWebhookHandler>,
): Promise<{ sandbox: Sandbox; handler: ReturnType<typeof createWebhookHandler> }> {
  const sandbox = createSandbox({ accessKey: ACCESS_KEY, plan: "free" });
  await sandbox.start();
  cleanups.push(() => sandbox.close());
  const handler = makeHandler(sandbox);
  const url = await listen(handler);
  sandbox.setWebhooks({ messages: `${url}/messages` });
  return { sandbox, handler };
}

const deliver = (sandbox: Sandbox, message: Record<string, unknown>) =>
  fetch(`${sandbox.url}/_sandbox/inbound`, { method: "POST", body: JSON.stringify(message) }).then(async (response) => {
    expect(response.status).toBe(200);
    return ((await response.json()) as { delivery: { outcome: unknown } }).delivery.outcome;
  });

const events = (sandbox: Sandbox, id: string) =>
  sandbox.sent.notifications.filter((entry) => entry.notification.id === id).map((entry) => entry.notification.event);

describe("confirmation independent of the reply queue", () => {
  it("a Free-plan bot answering 24 simultaneous customers with reply() confirms every message in time: no violation, no 429", async () => {
    const { sandbox, handler } = await sandboxWith((sandbox) =>
      createWebhookHandler({
        client: createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY, limits: "free" }),
        onError: (error) => expect.fail(String(error)),
        onMessage: (message, { reply }) => reply({ type: "text/plain", content: `echo: ${String(message.content)}` }),
      }),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_unused, n) =>
        deliver(sandbox, { id: `load-${n}`, from: customer(n), type: "text/plain", content: `hello ${n}` }),
      ),
    );
    expect(outcomes.every((outcome) => (outcome as { status?: number }).status === 200)).toBe(true);
    // Every reply is sent (3 a second on Free: about 8 s), and every message was confirmed.
    await handler.idle();
    expect(sandbox.sent.messages).toHaveLength(24);
    expect(sandbox.sent.notifications.map((entry) => entry.notification.event)).toEqual(Array(24).fill("consumed"));
    // The sandbox's notify timeout (5 s) has passed for every message: a late confirmation would be a violation.
    await sandbox.waitFor(() => sandbox.received.messages.every((entry) => entry.acknowledgedWith === "consumed"));
    await new Promise((resolve) => setTimeout(resolve, 5100));
    expect(sandbox.violations).toEqual([]);
    expect(sandbox.rejected).toEqual([]);
  }, 60_000);

  it("a queued reply that fails is reported to onError; with confirmAfterReplies it turns the confirmation into failed", async () => {
    const api = await startApiServer();
    cleanups.push(() => api.close());
    for (const confirmAfterReplies of [false, true]) {
      api.answer("/messages", {
        status: 400,
        body: JSON.stringify({ errors: [{ pointer: "/to", message: "must be a known address" }] }),
      });
      const stages: string[] = [];
      const handler = createWebhookHandler({
        client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
        confirmAfterReplies,
        onError: (error, context) => stages.push(`${context.stage}: ${(error as Error).message}`),
        onMessage: (_message, { reply }) => reply({ type: "text/plain", content: "hi" }),
      });
      await handler.handle({
        id: `reply-fails-${String(confirmAfterReplies)}`,
        from: customer(1),
        to: "bot@example.net",
        type: "text/plain",
        content: "x",
      });
      await handler.idle();
      expect(stages).toEqual([
        "sendMessage: POST /messages answered HTTP 400 Bad Request: /to must be a known address",
      ]);
      const last = JSON.parse(api.on("/notifications").at(-1)?.body ?? "") as { event: string; reason?: unknown };
      expect(last.event).toBe(confirmAfterReplies ? "failed" : "consumed");
    }
  });
});

describe("notifyReceived: the seed's client-library order", () => {
  it("sends received before the handler runs, then consumed after it or failed when it throws", async () => {
    const order: string[] = [];
    const { sandbox, handler } = await sandboxWith((sandbox) =>
      createWebhookHandler({
        client: createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY, limits: "free" }),
        notifyReceived: true,
        onError: () => {},
        async onMessage(message) {
          // The received notification was sent before the handler ran.
          await sandbox.waitFor(() => events(sandbox, message.id as string).includes("received"));
          order.push(`handler ${String(message.id)}`);
          if (message.content === "fail") throw Object.assign(new Error("no"), { code: 7 });
        },
      }),
    );
    await deliver(sandbox, { id: "seq-ok", from: customer(1), type: "text/plain", content: "ok" });
    await deliver(sandbox, { id: "seq-fail", from: customer(2), type: "text/plain", content: "fail" });
    await handler.idle();
    expect(order).toEqual(["handler seq-ok", "handler seq-fail"]);
    expect(events(sandbox, "seq-ok")).toEqual(["received", "consumed"]);
    expect(events(sandbox, "seq-fail")).toEqual(["received", "failed"]);
    expect(
      sandbox.sent.notifications.find((entry) => entry.notification.event === "failed")?.notification.reason,
    ).toEqual({ code: 7, description: "The bot failed to process the message" });
    expect(sandbox.violations).toEqual([]);
  });
});

describe("redelivery safety", () => {
  it("runs the handler once for a message delivered twice (answered 200 both times); a message without id is never de-duplicated", async () => {
    let runs = 0;
    const { sandbox, handler } = await sandboxWith((sandbox) =>
      createWebhookHandler({
        client: createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY }),
        onMessage: (message, { reply }) => {
          runs++;
          return reply({ type: "text/plain", content: String(message.content) });
        },
      }),
    );
    const message = { id: "redelivered-1", from: customer(3), type: "text/plain", content: "once" };
    expect(await deliver(sandbox, message)).toEqual({ status: 200 });
    expect(await deliver(sandbox, message)).toEqual({ status: 200 });
    await handler.idle();
    expect(runs).toBe(1);
    expect(sandbox.sent.messages).toHaveLength(1);
    expect(events(sandbox, "redelivered-1")).toEqual(["consumed"]);
    const { id: _id, ...withoutId } = message;
    await deliver(sandbox, withoutId);
    await deliver(sandbox, withoutId);
    await handler.idle();
    expect(runs).toBe(3);
  });

  it("remembers at most maxIds ids, each for windowMs; ids of any length are kept bounded", async () => {
    const api = await startApiServer();
    cleanups.push(() => api.close());
    const seen: string[] = [];
    // The window is measured on a clock the test moves (performance.now(), faked): on a loaded machine, real time
    // between two deliveries could pass the window and make a repeated id look new.
    vi.useFakeTimers({ toFake: ["performance"] });
    cleanups.push(async () => void vi.useRealTimers());
    const handler = createWebhookHandler({
      client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
      deduplicate: { maxIds: 2, windowMs: 200 },
      onError: () => {},
      onMessage: (message) => void seen.push(String(message.id)),
    });
    const message = (id: string) => ({
      id,
      from: customer(4),
      to: "bot@example.net",
      type: "text/plain",
      content: "x",
    });
    const long = "L".repeat(100_000);
    for (const id of ["a", "b", "a", "c", "a", long, long]) await handler.handle(message(id));
    // "a" is remembered until "c" pushes it out (2 ids at most); the long id once.
    expect(seen).toEqual(["a", "b", "c", "a", long]);
    vi.advanceTimersByTime(150);
    await handler.handle(message(long));
    // Within the window: still remembered.
    expect(seen).toHaveLength(5);
    vi.advanceTimersByTime(100);
    await handler.handle(message(long));
    // Past the window: delivered again.
    expect(seen.at(-1)).toBe(long);
    expect(seen).toHaveLength(6);
    expect(() =>
      createWebhookHandler({
        client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
        deduplicate: { maxIds: 0 },
      }),
    ).toThrow(/deduplicate.maxIds must be a positive integer/);
    await handler.idle();
  });
});

describe("confirmation bookkeeping", () => {
  it("warns when the bot confirms a message itself (the automatic one is not sent), confirms twice, or a message is never confirmed", async () => {
    const api = await startApiServer();
    cleanups.push(() => api.close());
    const client = createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY });
    const warnings: string[] = [];
    const onError = (error: unknown, context: WebhookErrorContext) => {
      expect(error).toBeInstanceOf(ConfirmationWarning);
      warnings.push(`${context.stage}: ${(error as Error).message}`);
    };
    const handler = createWebhookHandler({
      client,
      onError,
      async onMessage(message) {
        // The README's other way: confirming by hand, next to the handler's own.
        await client.sendNotification(consumedNotification(message));
      },
    });
    const message = (id: string) => ({
      id,
      from: customer(5),
      to: "bot@example.net",
      type: "text/plain",
      content: "x",
    });
    await handler.handle(message("self-confirmed"));
    await handler.idle();
    expect(api.on("/notifications")).toHaveLength(1);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^confirmation: message self-confirmed was already confirmed by the bot \(consumed\): the handler's automatic consumed was not sent/,
      ),
    ]);

    const plain = createWebhookHandler({ client, onError, onMessage: () => {} });
    await plain.handle(message("confirmed-later"));
    await plain.idle();
    await client.sendNotification(consumedNotification(message("confirmed-later")));
    await vi.waitFor(() => expect(warnings).toHaveLength(2));
    expect(warnings[1]).toMatch(
      /^confirmation: message confirmed-later was confirmed twice \(consumed, then consumed\)/,
    );

    const nobody = createWebhookHandler({ client, onError });
    await nobody.handle(message("unhandled"));
    await nobody.idle();
    expect(warnings[2]).toMatch(/^confirmation: message unhandled matched no receiver .*it was never confirmed/);
  });
});

describe("errors that say why, without leaking", () => {
  it("BadRequestError carries the sandbox's reasons (in its message too) and the default onError prints status, operation and reasons", async () => {
    const sandbox = createSandbox({ accessKey: ACCESS_KEY });
    await sandbox.start();
    cleanups.push(() => sandbox.close());
    const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
    const error = await client
      .sendMessage({ id: "bad-1", to: "", type: "text/plain", content: "x" } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    const reasons = (error as BadRequestError).reasons ?? [];
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons[0]?.pointer).toMatch(/^\/to/);
    // each reason shown up to its first 200 characters (runtime/client/errors.ts): the address pattern is longer
    expect((error as Error).message).toContain(`: ${`${reasons[0]?.pointer} ${reasons[0]?.message}`.slice(0, 200)}`);
    expect((error as BadRequestError).attempts).toBe(1);

    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const handler = createWebhookHandler({
        client,
        onMessage: (_message, { reply }) => reply({ type: "text/plain", content: 42 as never }),
      });
      await handler.handle({
        id: "in-bad",
        from: customer(6),
        to: "bot@example.net",
        type: "text/plain",
        content: "x",
      });
      await handler.idle();
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual([
      expect.stringMatching(
        /^specfirst webhook handler: sendMessage failed: BadRequestError: POST \/messages answered HTTP 400 Bad Request: \/content /,
      ),
    ]);
  });

  it("redacts the key from the parsed reasons and the message, in every form the server echoes it", async () => {
    const api = await startApiServer();
    cleanups.push(() => api.close());
    const encoded = encodeURIComponent(ACCESS_KEY).replace(/-/g, "%2D");
    api.answer("/messages", {
      status: 400,
      body: JSON.stringify({
        errors: [
          { pointer: "/to", message: `key ${ACCESS_KEY} refused` },
          { pointer: "", message: `as ${encoded} or ${JSON.stringify(ACCESS_KEY).replace(/k/g, "\\u006b")}` },
        ],
      }),
    });
    const error = (await createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY })
      .sendMessage({ id: "r-1", to: customer(7), type: "text/plain", content: "x" })
      .catch((caught: unknown) => caught)) as BadRequestError;
    expect(error.reasons).toEqual([
      { pointer: "/to", message: "key [REDACTED] refused" },
      { pointer: "", message: expect.stringMatching(/^as \[REDACTED\] or "?\[REDACTED\]"?$/) },
    ]);
    expect(JSON.stringify({ ...error.toJSON(), stack: error.stack })).not.toMatch(/webhook-load-access-key|0123456789/);
  });
});

describe("timeouts that close the connection", () => {
  it("a timed-out call leaves no open socket: 20 calls time out and the server sees every connection closed", async () => {
    const sockets = new Set<Socket>();
    const hanging: Server = createServer(() => {
      // Never answers.
    });
    hanging.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () => new Promise<void>((resolve) => (hanging.closeAllConnections(), hanging.close(() => resolve()))),
    );
    const client = createMessagingClient({
      baseUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
      accessKey: ACCESS_KEY,
      timeoutMs: 300,
    });
    const errors = await Promise.all(
      Array.from({ length: 20 }, (_unused, n) =>
        client
          .sendMessage({ id: `t-${n}`, to: customer(n), type: "text/plain", content: "x" })
          .catch((error: unknown) => error),
      ),
    );
    expect(errors.every((error) => (error as Error).name === "TimeoutError")).toBe(true);
    await vi.waitFor(() => expect(sockets.size).toBe(0), { timeout: 5000 });
  });

  it("a script whose only call timed out exits on its own (the server never answers)", async () => {
    const hanging: Server = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () => new Promise<void>((resolve) => (hanging.closeAllConnections(), hanging.close(() => resolve()))),
    );
    const clientModule = pathToFileURL(path.resolve("dist/generated/client.js")).href;
    const script = `
      const { createMessagingClient } = await import(${JSON.stringify(clientModule)});
      const client = createMessagingClient({ baseUrl: "http://127.0.0.1:${(hanging.address() as AddressInfo).port}", accessKey: "test-key", timeoutMs: 300 });
      const error = await client.sendMessage({ id: "x", to: "a@b.example.net", type: "text/plain", content: "x" }).catch((e) => e);
      console.log(error.name, Math.round(performance.now()));
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
    const started = performance.now();
    // Killed only if it hangs (the server would keep its connection open for good).
    const killer = setTimeout(() => child.kill(), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    clearTimeout(killer);
    expect(code).toBe(0);
    expect(output).toMatch(/^TimeoutError \d+/);
    console.log(
      `timed-out script: exited ${Math.round(performance.now() - started)} ms after it was started (its call timed out after 300 ms)`,
    );
  });
});
