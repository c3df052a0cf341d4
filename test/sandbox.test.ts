import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BadRequestError,
  RateLimitedError,
  UnauthorizedError,
  commands,
  createConfigsClient,
  createMessagingClient,
} from "../generated/client.js";
import type { CommandResponse, Config, Message, Notification } from "../generated/types.js";
import { validate } from "../generated/validators.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";
import { ROOT, readJson } from "./helpers/fixtures.js";

// Keys and addresses of these tests. `example.net` addresses are placeholders (the seed shows no domain values);
// postmaster@broadcast.sandbox.example.net is an example extension address of the form postmaster@<extension>.<host>.
const ACCESS_KEY = "sandbox-test-access-key-3f9a";
const CONFIGS_KEY = "sandbox-test-configs-key-81c2";
const BOT = "mybot@sandbox.example.net";
const BROADCAST = "postmaster@broadcast.sandbox.example.net";
const SCHEDULER = "postmaster@scheduler.sandbox.example.net";
const ANALYTICS = "postmaster@analytics.sandbox.example.net";
const CUSTOMER = "5531988887777@sms.example.net";
const EXAMPLES = path.join(ROOT, "openapi", "examples");

let sandbox: Sandbox;
let webhooks: ApiServer; // records what the sandbox POSTs to the "bot"

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { authorization: `Key ${ACCESS_KEY}`, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  webhooks = await startApiServer();
  sandbox = createSandbox({
    accessKey: ACCESS_KEY,
    configsKey: CONFIGS_KEY,
    bot: BOT,
    notificationsWebhook: `${webhooks.url}/notifications`,
    notifyTimeoutMs: 300,
  });
  await sandbox.start();
});
afterAll(async () => {
  await sandbox.close();
  await webhooks.close();
});
beforeEach(async () => {
  await sandbox.idle();
  sandbox.reset();
  webhooks.received.length = 0;
});

describe("sandbox: messaging over HTTP with the generated client", () => {
  const client = () => createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });

  it("listens on an ephemeral loopback port", () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.port).toBeGreaterThan(0);
  });

  it("answers 202 to a valid message and a valid notification", async () => {
    await expect(client().sendMessage({ to: CUSTOMER, type: "text/plain", content: "Hello" })).resolves.toBeUndefined();
    await expect(client().sendNotification({ id: "m-1", from: CUSTOMER, event: "consumed" })).resolves.toBeUndefined();
    expect(sandbox.sent.messages.map((entry) => entry.message)).toEqual([
      { to: CUSTOMER, type: "text/plain", content: "Hello" },
    ]);
    expect(sandbox.sent.notifications).toMatchObject([
      { notification: { id: "m-1", event: "consumed" }, matchesDelivered: false },
    ]);
  });

  it("answers 400 to an invalid envelope with the validator's errors, marked as the sandbox's choice", async () => {
    const secret = "do-not-echo-this-3141";
    const error = await client()
      .sendMessage({ to: CUSTOMER, type: "text/plain", content: { secret } } as unknown as Message)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    const body = JSON.parse((error as BadRequestError).body) as { errors: { pointer: string }[]; sandbox: string };
    expect(body.errors.map((entry) => entry.pointer)).toContain("/content");
    expect(body.sandbox).toMatch(/^The sandbox's choice, not the platform's/);
    expect((error as BadRequestError).body).not.toContain(secret);
    expect(sandbox.sent.messages).toEqual([]);
    expect(sandbox.rejected).toMatchObject([{ status: 400, path: "/messages" }]);
  });

  it("answers 400 to a body that is not JSON, repeats a key, or has another content type", async () => {
    for (const [body, headers] of [
      ["{not json", {}],
      ['{"to":"a@b.c","to":"d@e.f","type":"text/plain","content":"x"}', {}],
      [JSON.stringify({ to: CUSTOMER, type: "text/plain", content: "x" }), { "content-type": "text/plain" }],
    ] as const) {
      const response = await post("/messages", body, headers);
      expect(response.status).toBe(400);
      expect(response.headers.get("x-specfirst-sandbox")).toBe("choice");
      const answer = (await response.json()) as { errors: { keyword: string }[] };
      expect(answer.errors.length).toBeGreaterThan(0);
    }
    const notification = await post("/notifications", { id: "m-1", event: "failed" }); // failed needs a reason
    expect(notification.status).toBe(400);
  });

  it("answers a notification without id or from 400 with the outbound-notification validator's errors, as the published document requires", async () => {
    // The kind-neutral `notification` accepts these; `POST /notifications` takes an OutboundNotification.
    const cases = [{ from: CUSTOMER, event: "consumed" }, { id: "m-1", event: "consumed" }, { event: "received" }];
    for (const body of cases) {
      expect(validate("notification", body).valid).toBe(true);
      const expected = validate("outbound-notification", body);
      expect(expected.valid).toBe(false);
      const response = await post("/notifications", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get("x-specfirst-sandbox")).toBe("choice");
      const answer = (await response.json()) as { errors: unknown[] };
      expect(answer.errors).toEqual(expected.valid ? [] : expected.errors);
      expect(answer.errors).toContainEqual(expect.objectContaining({ keyword: "required" }));
    }
    expect(sandbox.sent.notifications).toEqual([]);
    expect(sandbox.rejected.map((entry) => `${entry.status} ${entry.path}`)).toEqual(
      cases.map(() => "400 /notifications"),
    );
  });

  it("answers 401 to a wrong key, a missing header or another scheme, never echoing the key", async () => {
    const wrong = createMessagingClient({ baseUrl: sandbox.url, accessKey: "not-the-key" });
    await expect(wrong.sendMessage({ to: CUSTOMER, type: "text/plain", content: "x" })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    for (const authorization of [undefined, `Bearer ${ACCESS_KEY}`, "Key not-the-key", ACCESS_KEY]) {
      const response = await fetch(`${sandbox.url}/commands`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization === undefined ? {} : { authorization }) },
        body: JSON.stringify(commands.ping()),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("x-specfirst-sandbox")).toBe("choice");
      const text = await response.text();
      expect(text).not.toContain("not-the-key");
      expect(text).not.toContain(ACCESS_KEY);
      expect(JSON.parse(text)).toMatchObject({
        errors: [{ keyword: "authorization" }],
        sandbox: expect.stringContaining("sandbox's choice"),
      });
    }
    expect(sandbox.sent.commands).toEqual([]);
  });

  it("answers 404 and 405 outside the operations, marked as the sandbox's choice", async () => {
    expect((await post("/v2/messages", {})).status).toBe(404);
    const response = await fetch(`${sandbox.url}/messages`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("x-specfirst-sandbox")).toBe("choice");
  });
});

describe("sandbox: delivery notifications", () => {
  const notifications = () => webhooks.on("/notifications").map((request) => JSON.parse(request.body) as Notification);

  it("POSTs accepted, dispatched, received, consumed for a message with an id, to the bot, in order", async () => {
    const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
    await client.sendMessage({ id: "msg-1", to: CUSTOMER, type: "text/plain", content: "Hello" });
    await webhooks.waitFor(4);
    expect(notifications()).toEqual([
      { id: "msg-1", from: "postmaster@sandbox.example.net", to: BOT, event: "accepted" },
      { id: "msg-1", from: "postmaster@sandbox.example.net", to: BOT, event: "dispatched" },
      { id: "msg-1", from: CUSTOMER, to: BOT, event: "received" },
      { id: "msg-1", from: CUSTOMER, to: BOT, event: "consumed" },
    ]);
    for (const notification of notifications()) expect(validate("notification", notification)).toEqual({ valid: true });
    for (const request of webhooks.received) expect(request.headers["content-type"]).toBe("application/json");
    await sandbox.idle();
    expect(sandbox.received.notifications.map((entry) => entry.outcome)).toEqual(Array(4).fill({ status: 202 }));
    expect(sandbox.violations).toEqual([]);
  });

  it("sends none for a message without id", async () => {
    expect(
      (
        await post("/messages", {
          to: CUSTOMER,
          type: "application/vnd.lime.chatstate+json",
          content: { state: "composing" },
        })
      ).status,
    ).toBe(202);
    await sandbox.idle();
    expect(webhooks.received).toEqual([]);
    expect(sandbox.sent.messages).toMatchObject([{ outcome: "no id" }]);
  });

  it("fails messages to the failing recipient pattern with reason 42 (destination not found)", async () => {
    expect(
      (await post("/messages", { id: "msg-2", to: "unknown@sms.example.net", type: "text/plain", content: "x" }))
        .status,
    ).toBe(202);
    await webhooks.waitFor(2);
    await sandbox.idle();
    expect(notifications()).toEqual([
      { id: "msg-2", from: "postmaster@sandbox.example.net", to: BOT, event: "accepted" },
      {
        id: "msg-2",
        from: "postmaster@sandbox.example.net",
        to: BOT,
        event: "failed",
        reason: { code: 42, description: "Destination not found" },
      },
    ]);
    expect(sandbox.sent.messages).toMatchObject([{ outcome: "failed" }]);
  });

  it("records a violation when the notifications webhook answers an error status", async () => {
    webhooks.answer("/notifications", { status: 500 });
    await post("/messages", { id: "msg-3", to: CUSTOMER, type: "text/plain", content: "x" });
    await sandbox.waitFor((state) => state.violations.length > 0);
    expect(sandbox.violations).toMatchObject([{ kind: "webhook-error-status", messageId: "msg-3" }]);
  });
});

describe("sandbox: commands", () => {
  const client = () => createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY, validate: true });
  const expectResponse = (response: CommandResponse) =>
    expect(validate("command-response", response)).toEqual({ valid: true });

  it("answers /ping and /account from the server", async () => {
    const ping = await client().sendCommand(commands.ping({ id: "ping-1" }));
    expect(ping).toMatchObject({
      id: "ping-1",
      from: "postmaster@sandbox.example.net",
      to: BOT,
      method: "get",
      status: "success",
      resource: {},
    });
    const account = await client().sendCommand(commands.account());
    expect(account).toMatchObject({ status: "success", type: "application/vnd.lime.account+json" });
    expectResponse(ping);
    expectResponse(account);
  });

  it("keeps distribution lists: set, get, delete; reason 60 for an invalid list identifier", async () => {
    const set = await client().sendCommand(
      commands.setList({ identity: "news@broadcast.sandbox.example.net" }, { to: BROADCAST }),
    );
    expect(set).toMatchObject({
      status: "success",
      from: BROADCAST,
      metadata: { "#command.uri": `lime://${BOT}/lists/news@broadcast.sandbox.example.net` },
    });
    const lists = await client().sendCommand(commands.getLists({ to: BROADCAST }));
    expect(lists).toMatchObject({
      status: "success",
      resource: {
        itemType: "application/vnd.ext.distribution-list+json",
        items: [{ identity: "news@broadcast.sandbox.example.net" }],
      },
    });
    const one = await client().sendCommand({
      id: "get-1",
      to: BROADCAST,
      method: "get",
      uri: "/lists/news%40broadcast.sandbox.example.net",
    });
    expect(one).toMatchObject({ status: "success", resource: { identity: "news@broadcast.sandbox.example.net" } });
    // No `type`: the resource is not checked by the schema, so the list extension finds the identifier invalid.
    const invalid = await client().sendCommand({
      id: "set-bad",
      to: BROADCAST,
      method: "set",
      uri: "/lists",
      resource: { identity: "not an address" },
    });
    expect(invalid).toEqual({
      id: "set-bad",
      from: BROADCAST,
      to: BOT,
      method: "set",
      status: "failure",
      reason: { code: 60, description: "Invalid list identifier" },
    });
    const deleted = await client().sendCommand({
      id: "del-1",
      to: BROADCAST,
      method: "delete",
      uri: "/lists/news@broadcast.sandbox.example.net",
    });
    expect(deleted.status).toBe("success");
    const again = await client().sendCommand({
      id: "del-2",
      to: BROADCAST,
      method: "delete",
      uri: "/lists/news@broadcast.sandbox.example.net",
    });
    expect(again).toMatchObject({ status: "failure", reason: { code: 60 } });
    for (const response of [set, lists, one, invalid, deleted, again]) expectResponse(response);
    expect(sandbox.state().lists).toEqual([]);
  });

  it("records event tracks", async () => {
    const tracked = await client().sendCommand(
      commands.trackEvent({ category: "orders", action: "tracking-requested" }, { to: ANALYTICS }),
    );
    expect(tracked.status).toBe("success");
    expect(sandbox.state().eventTracks).toMatchObject([
      { event: { category: "orders", action: "tracking-requested" } },
    ]);
  });

  it("answers any other URI or method with status failure and an integer reason code, still HTTP 200", async () => {
    const response = await post("/commands", { id: "other-1", method: "get", uri: "/contacts" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CommandResponse;
    expect(body).toMatchObject({
      id: "other-1",
      method: "get",
      status: "failure",
      reason: { code: expect.any(Number) },
    });
    expect(Number.isInteger(body.reason?.code)).toBe(true);
    expectResponse(body);
    const merge = await client().sendCommand({ id: "sub-1", to: ANALYTICS, method: "subscribe", uri: "/event-track" });
    expect(merge).toMatchObject({ status: "failure", reason: { code: 1 } });
  });

  it("requires to for the extension URIs, in the extension address form (400 at /to, the command schema's rule)", async () => {
    const missing = await post("/commands", { id: "l-1", method: "get", uri: "/lists" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: [{ pointer: "/to", keyword: "required" }] });
    // docs/decisions.md: a command to an extension goes to postmaster@<extension>.<host>, checked by the command schema
    const customer = await post("/commands", { id: "l-2", method: "get", uri: "/schedules", to: CUSTOMER });
    expect(customer.status).toBe(400);
    expect(await customer.json()).toMatchObject({ errors: [{ pointer: "/to", keyword: "pattern" }] });
    const observe = await post("/commands", { method: "observe", uri: "/ping", resource: {} });
    expect(observe.status).toBe(400);
  });

  it("keeps schedules: get lists the pending ones, delete cancels", async () => {
    const when = new Date(Date.now() + 60_000).toISOString();
    const message: Message = { id: "sched-1", to: CUSTOMER, type: "text/plain", content: "later" };
    expect((await client().sendCommand(commands.setSchedule({ message, when }, { to: SCHEDULER }))).status).toBe(
      "success",
    );
    const listed = await client().sendCommand({ id: "gs-1", to: SCHEDULER, method: "get", uri: "/schedules" });
    expect(listed).toMatchObject({
      status: "success",
      resource: { itemType: "application/vnd.ext.schedule+json", items: [{ message, when }] },
    });
    expect(sandbox.scheduled).toMatchObject([{ state: "pending", schedule: { message, when } }]);
    const cancelled = await client().sendCommand({
      id: "ds-1",
      to: SCHEDULER,
      method: "delete",
      uri: "/schedules/sched-1",
    });
    expect(cancelled.status).toBe("success");
    expect(sandbox.scheduled).toMatchObject([{ state: "cancelled" }]);
    const unknown = await client().sendCommand({
      id: "ds-2",
      to: SCHEDULER,
      method: "delete",
      uri: "/schedules/sched-1",
    });
    expect(unknown).toMatchObject({ status: "failure", reason: { code: 2 } });
  });

  it("sends a scheduled message at `when`, with its notifications", async () => {
    const when = new Date(Date.now() + 300).toISOString();
    const message: Message = { id: "sched-2", to: CUSTOMER, type: "text/plain", content: "now" };
    const example = readJson<{ resource: { message: Message } }>(
      path.join(EXAMPLES, "messaging", "command-set-schedule.json"),
    );
    expect(example.resource.message.type).toBe("text/plain"); // the seed's shape: a message envelope and when
    const response = await client().sendCommand(
      commands.setSchedule({ message, when, name: "soon" }, { to: SCHEDULER }),
    );
    expect(response.status).toBe("success");
    expect(sandbox.sent.messages).toEqual([]);
    const sent = await sandbox.waitFor((state) => state.sent.messages.find((entry) => entry.via === "schedule"), 3000);
    expect(sent.message).toEqual(message);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(when));
    expect(sandbox.scheduled).toMatchObject([{ state: "fired", schedule: { name: "soon" } }]);
    await webhooks.waitFor(4);
    expect(notifications().map((entry) => `${entry.id} ${entry.event}`)).toEqual([
      "sched-2 accepted",
      "sched-2 dispatched",
      "sched-2 received",
      "sched-2 consumed",
    ]);
  });

  const notifications = () => webhooks.on("/notifications").map((request) => JSON.parse(request.body) as Notification);
});

describe("sandbox: configs", () => {
  const example = readJson<Config>(path.join(EXAMPLES, "configs", "config-input-kafka-output-aws-kinesis.json"));

  // docs/decisions.md#openapi-documents: the configs document declares 201 with no body, the sandbox's answer.
  it("stores a valid config and answers the declared 201 with no body (the sandbox's choice); the id is in its state", async () => {
    const configs = createConfigsClient({ baseUrl: sandbox.url, apiKey: CONFIGS_KEY, validate: true });
    await expect(configs.createConfig(example)).resolves.toBeUndefined();
    const raw = await fetch(`${sandbox.url}/v1/configs`, {
      method: "POST",
      headers: { authorization: CONFIGS_KEY, "content-type": "application/json" },
      body: JSON.stringify({ name: "without-id" }),
    });
    expect({
      status: raw.status,
      body: await raw.text(),
      contentType: raw.headers.get("content-type"),
      sandbox: raw.headers.get("x-specfirst-sandbox"),
    }).toEqual({ status: 201, body: "", contentType: null, sandbox: "choice" });
    const ids = sandbox.configs.map((entry) => entry.id);
    expect(ids[0]).toBe(example.id ?? ids[0]);
    expect(ids[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const state = (await (await fetch(`${sandbox.url}/_sandbox/state`)).json()) as { configs: { id: string }[] };
    expect(state.configs.map((entry) => entry.id)).toEqual(ids);
  });

  it("never echoes a secret value: in the stored config and the 400 errors", async () => {
    const secret = "s3cr3t-sasl-password-8472";
    const configs = createConfigsClient({ baseUrl: sandbox.url, apiKey: CONFIGS_KEY });
    const valid: Config = {
      name: "orders",
      input: { type: "KAFKA", kafka: { sasl: { mechanism: "PLAIN", user: "u", password: secret } } },
    };
    await configs.createConfig(valid);
    expect(JSON.stringify(sandbox.state())).not.toContain(secret);
    const invalid = {
      ...valid,
      input: { ...valid.input, kafka: { sasl: { password: secret, mechanizm: secret } } },
    } as unknown as Config;
    const error = await configs.createConfig(invalid).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    const body = JSON.parse((error as BadRequestError).body) as { errors: { pointer: string; keyword: string }[] };
    expect(body.errors).toContainEqual(
      expect.objectContaining({ pointer: "/input/kafka/sasl/mechanizm", keyword: "additionalProperties" }),
    );
    expect((error as BadRequestError).body).not.toContain(secret);
  });

  it("answers 401 without the configs key (the messaging scheme is not accepted)", async () => {
    const wrong = createConfigsClient({ baseUrl: sandbox.url, apiKey: "not-the-configs-key" });
    await expect(wrong.createConfig(example)).rejects.toBeInstanceOf(UnauthorizedError);
    const keyScheme = await fetch(`${sandbox.url}/v1/configs`, {
      method: "POST",
      headers: { authorization: `Key ${CONFIGS_KEY}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(keyScheme.status).toBe(401);
    expect(sandbox.configs).toEqual([]);
  });
});

describe("sandbox: plan limits", () => {
  let limited: Sandbox;
  beforeAll(async () => {
    limited = createSandbox({ accessKey: ACCESS_KEY, plan: "free" });
    await limited.start();
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After over the plan's per-second limit (free: 3 messages)", async () => {
    const send = () =>
      fetch(`${limited.url}/messages`, {
        method: "POST",
        headers: { authorization: `Key ${ACCESS_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ to: CUSTOMER, type: "text/plain", content: "x" }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await send());
    expect(statuses.map((response) => response.status)).toEqual([202, 202, 202, 429]);
    const refused = statuses[3]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("x-specfirst-sandbox")).toBe("choice");
    expect(await refused.json()).toMatchObject({
      errors: [{ keyword: "rate-limit" }],
      sandbox: expect.stringContaining("not the answer to an exceeded limit"),
    });
    // Kinds are counted separately: notifications still pass.
    const notification = await fetch(`${limited.url}/notifications`, {
      method: "POST",
      headers: { authorization: `Key ${ACCESS_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ id: "x", from: CUSTOMER, event: "consumed" }),
    });
    expect(notification.status).toBe(202);
    // The generated client without a limiter sees RateLimitedError with the server's Retry-After.
    const client = createMessagingClient({ baseUrl: limited.url, accessKey: ACCESS_KEY });
    const error = await client
      .sendMessage({ to: CUSTOMER, type: "text/plain", content: "x" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBeGreaterThanOrEqual(1000);
  });

  it("lets the generated client's limiter (limits: free) through without a 429", async () => {
    limited.reset(); // forgets the previous test's requests, limiter included
    const client = createMessagingClient({ baseUrl: limited.url, accessKey: ACCESS_KEY, limits: "free" });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => client.sendMessage({ to: CUSTOMER, type: "text/plain", content: `m${i}` })),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(900); // the fourth waited for a slot
    expect(limited.rejected).toEqual([]);
    expect(limited.sent.messages).toHaveLength(4);
  });
});

describe("sandbox: control endpoints", () => {
  it("POST /_sandbox/inbound answers 409 without a messages webhook, 400 for an invalid message", async () => {
    const noWebhook = await fetch(`${sandbox.url}/_sandbox/inbound`, {
      method: "POST",
      body: JSON.stringify({ from: CUSTOMER, type: "text/plain", content: "hi" }),
    });
    expect(noWebhook.status).toBe(409);
    sandbox.setWebhooks({ messages: `${webhooks.url}/messages` });
    try {
      const invalid = await fetch(`${sandbox.url}/_sandbox/inbound`, {
        method: "POST",
        body: JSON.stringify({ type: "text/plain", content: 3 }),
      });
      expect(invalid.status).toBe(400);
      expect(
        ((await invalid.json()) as { errors: { pointer: string }[] }).errors.map((entry) => entry.pointer),
      ).toEqual(expect.arrayContaining(["/from", "/content"]));
      const delivered = await fetch(`${sandbox.url}/_sandbox/inbound`, {
        method: "POST",
        body: JSON.stringify({ id: "in-1", from: CUSTOMER, type: "text/plain", content: "hi" }),
      });
      expect(delivered.status).toBe(200);
      expect(await delivered.json()).toMatchObject({
        delivery: { envelope: { id: "in-1", from: CUSTOMER, to: BOT }, outcome: { status: 202 } },
      });
      expect(JSON.parse(webhooks.on("/messages")[0]!.body)).toEqual({
        id: "in-1",
        from: CUSTOMER,
        to: BOT,
        type: "text/plain",
        content: "hi",
      });
    } finally {
      sandbox.setWebhooks({ messages: undefined });
    }
  });

  it("GET /_sandbox/state returns the same as state()", async () => {
    await post("/messages", { to: CUSTOMER, type: "text/plain", content: "x" });
    const state = await (await fetch(`${sandbox.url}/_sandbox/state`)).json();
    expect(state).toEqual(sandbox.state());
    expect(Object.keys(state as object)).toEqual([
      "sent",
      "received",
      "scheduled",
      "lists",
      "eventTracks",
      "configs",
      "rejected",
      "violations",
      "counts",
    ]);
  });
});
