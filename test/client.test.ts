/**
 * The typed clients through the generated module (generated/client.js): what the sources and the seed declare reaches
 * the client — addresses, success statuses, typed commands, plan limits, which operations retry, the real validators,
 * the messaging helpers — and the client stage of `npm run generate`. The run-time's mechanics (errors, timeouts,
 * aborts, security schemes, the limiter, retries) are tested once, with hand-written descriptors, in
 * runtime-client.test.ts. Proves docs/client.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CommandFailedError,
  HttpError,
  PLAN_LIMITS,
  RateLimitedError,
  RequestValidationError,
  ServerError,
  assertSuccess,
  commands,
  consumedNotification,
  createConfigsClient,
  createMessagingClient,
  createRateLimiter,
  extensionAddress,
  failedNotification,
  newMessageId,
  reply,
} from "../generated/client.js";
import type { CommandResponse, InboundMessage, Message } from "../generated/types.js";
import { generate } from "../generator/commands/generate.js";
import { GenerationFailed } from "../generator/problems.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";
import { copyProject } from "./helpers/project-copy.js";
import { ROOT, readJson } from "./helpers/fixtures.js";

const ACCESS_KEY = "bWVzc2FnaW5nLWJvdC1rZXk=";
const API_KEY = "cfg-api-key-7f3a9c";
const EXAMPLES = path.join(ROOT, "openapi", "examples");
const example = <T>(file: string) => readJson<T>(path.join(EXAMPLES, file));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const messaging = (options: Partial<Parameters<typeof createMessagingClient>[0]> = {}) =>
  createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY, ...options });

/** The rejection of a promise that must reject. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

/** Every way an error can be shown or logged. */
const renderings = (error: Error) => [
  String(error),
  error.message,
  error.stack ?? "",
  JSON.stringify(error),
  inspect(error, { depth: null, showHidden: true }),
];

describe("messaging client requests", () => {
  it("POSTs a message to /messages with the key, JSON content type and the body, and resolves on 202 only", async () => {
    const message = example<Message<"text/plain">>("messaging/message-text-plain.json");
    await expect(messaging().sendMessage(message)).resolves.toBeUndefined();
    const [request, ...others] = server.received;
    expect(others).toEqual([]);
    expect(request).toMatchObject({ method: "POST", path: "/messages" });
    expect(request?.headers.authorization).toBe(`Key ${ACCESS_KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(message);
    // 202 is the only success the source declares for a message: a 200 is an HttpError.
    server.answer("/messages", { status: 200 });
    expect(await rejection(messaging().sendMessage(message))).toMatchObject({
      name: "HttpError",
      status: 200,
      operationId: "sendMessage",
    });
  });

  it("POSTs a notification to /notifications and resolves on 202", async () => {
    const notification = consumedNotification(example<InboundMessage>("messaging/inbound-message-text-plain.json"));
    await expect(messaging().sendNotification(notification)).resolves.toBeUndefined();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      method: "POST",
      path: "/notifications",
      headers: { authorization: `Key ${ACCESS_KEY}`, "content-type": "application/json" },
    });
    expect(JSON.parse(server.received[0]?.body ?? "")).toEqual(example("messaging/notification-consumed.json"));
  });

  it("POSTs a command to /commands and resolves with the response envelope, success or failure", async () => {
    const client = messaging();
    const command = commands.setList(
      { identity: "news@broadcast.example.net" },
      { extension: "broadcast", host: "example.net", id: "e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7" },
    );
    expect(command).toEqual(example("messaging/command-set-list.json"));
    const success = example<CommandResponse>("messaging/command-response-set-list-success.json");
    const failure = example<CommandResponse>("messaging/command-response-set-list-failure.json");
    server.answer(
      "/commands",
      { status: 200, body: success },
      { status: 200, body: failure },
      { status: 200, body: failure },
    );

    const answered = await client.sendCommand(command);
    expect(answered).toEqual(success);
    expect(assertSuccess(answered)).toBe(answered);
    const failed = await client.sendCommand(command);
    expect(failed).toEqual(failure);
    expect(failed.status).toBe("failure");

    const thrown = await rejection(client.sendCommand(command).then(assertSuccess));
    expect(thrown).toBeInstanceOf(CommandFailedError);
    expect(thrown).toMatchObject({
      name: "CommandFailedError",
      code: 60,
      reason: { code: 60, description: "Invalid list identifier" },
    });
    expect(thrown.message).toBe(
      "Command e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7 failed: reason 60 (Invalid list identifier)",
    );
    expect(server.on("/commands").map((request) => JSON.parse(request.body))).toEqual([command, command, command]);
    for (const request of server.received) expect(request.headers.authorization).toBe(`Key ${ACCESS_KEY}`);
  });

  it("sends the typed commands of the seed to their addresses", async () => {
    const client = messaging();
    const when = "2026-12-01T13:30:00Z";
    const scheduled = { to: "5531988887777@sms.example.net", type: "text/plain", content: "Reminder" } as const;
    const built = [
      commands.ping(),
      commands.ping({ to: "postmaster@example.net", id: "ping-1" }),
      commands.account(),
      commands.getLists({ extension: "broadcast", host: "example.net" }),
      commands.setSchedule({ message: scheduled, when }, { extension: "scheduler", host: "example.net" }),
      commands.trackEvent(
        { category: "orders", action: "tracking-requested" },
        { host: "example.net", extension: "analytics" },
      ),
      commands.trackEvent({ category: "orders", action: "x" }, { to: "postmaster@tracking.example.net" }),
    ];
    for (const command of built)
      expect(assertSuccess(await client.sendCommand(command))).toMatchObject({ id: command.id, status: "success" });
    expect(server.on("/commands").map((request) => JSON.parse(request.body))).toEqual(built);
    expect(built[0]).toEqual({ id: expect.stringMatching(UUID), method: "get", uri: "/ping" });
    expect(built[1]).toEqual({ id: "ping-1", to: "postmaster@example.net", method: "get", uri: "/ping" });
    expect(built[2]).toMatchObject({ method: "get", uri: "/account" });
    expect(built[2]).not.toHaveProperty("to");
    expect(built[3]).toEqual({
      id: expect.stringMatching(UUID),
      to: "postmaster@broadcast.example.net",
      method: "get",
      uri: "/lists",
    });
    expect(built[4]).toMatchObject({
      to: "postmaster@scheduler.example.net",
      method: "set",
      uri: "/schedules",
      type: "application/vnd.ext.schedule+json",
      resource: { message: scheduled, when },
    });
    expect(built[5]).toMatchObject({
      to: "postmaster@analytics.example.net",
      method: "set",
      uri: "/event-track",
      type: "application/vnd.ext.eventTrack+json",
    });
    expect(built[6]?.to).toBe("postmaster@tracking.example.net");
    expect(() => commands.trackEvent({ category: "c", action: "a" }, { host: "example.net" } as never)).toThrow(
      /pass `to`, or `host` with `extension`/,
    );
    expect(extensionAddress("broadcast", "example.net")).toBe("postmaster@broadcast.example.net");
  });
});

describe("configs client", () => {
  const config = readJson<Record<string, unknown>>(
    path.join(EXAMPLES, "configs", "config-input-kafka-output-aws-kinesis.json"),
  );

  it("POSTs the config to /v1/configs with the API key as given and resolves on the declared 201, with no value", async () => {
    const client = createConfigsClient({ baseUrl: server.url, apiKey: API_KEY });
    await expect(client.createConfig(config)).resolves.toBeUndefined();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      method: "POST",
      path: "/v1/configs",
      headers: { authorization: API_KEY, "content-type": "application/json", accept: "application/json" },
    });
    expect(JSON.parse(server.received[0]?.body ?? "")).toEqual(config);
  });

  it("rejects another 2xx with HttpError: 201 is the only success the source declares (docs/decisions.md#openapi-documents)", async () => {
    server.answer("/v1/configs", { status: 200 });
    expect(
      await rejection(createConfigsClient({ baseUrl: server.url, apiKey: API_KEY }).createConfig(config)),
    ).toMatchObject({ name: "HttpError", status: 200, operationId: "createConfig" });
  });

  it("validates against the closed Config tree before sending, with validate: true", async () => {
    const client = createConfigsClient({ baseUrl: server.url, apiKey: API_KEY, validate: true });
    const error = await rejection(client.createConfig({ input: { kafka: { consumer_grop: "g" } } } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors).toContainEqual(
      expect.objectContaining({ pointer: "/input/kafka/consumer_grop", keyword: "additionalProperties" }),
    );
    expect(server.received).toEqual([]);
  });
});

describe("the credentials never reach an error", () => {
  it("never shows the access key or the API key, even when the server echoes them", async () => {
    const echo = JSON.stringify({
      youSent: { authorization: `Key ${ACCESS_KEY}` },
      raw: ACCESS_KEY,
      encoded: encodeURIComponent(ACCESS_KEY),
    });
    server.answer("/messages", { status: 401, body: echo }, { status: 400, body: `bad key ${ACCESS_KEY}` });
    server.answer("/v1/configs", { status: 401, body: `unknown key ${API_KEY} / ${encodeURIComponent(API_KEY)}` });
    const client = messaging();
    const configs = createConfigsClient({ baseUrl: server.url, apiKey: API_KEY });
    const message = { to: "a@b.c", type: "text/plain", content: "hi" } as const;
    // Every other path an error takes (timeouts, network failures, aborts, invalid options) is in runtime-client.test.ts.
    const errors = [
      await rejection(client.sendMessage(message)),
      await rejection(client.sendMessage(message)),
      await rejection(configs.createConfig({ name: "x" })),
      await rejection(messaging({ validate: true }).sendMessage({ to: ACCESS_KEY } as never)),
    ];
    expect(errors.map((error) => error.name)).toEqual([
      "UnauthorizedError",
      "BadRequestError",
      "UnauthorizedError",
      "RequestValidationError",
    ]);
    expect((errors[0] as HttpError).body).toContain("[REDACTED]");
    for (const error of errors) {
      for (const text of renderings(error)) {
        expect(text).not.toContain(ACCESS_KEY);
        expect(text).not.toContain(API_KEY);
        expect(text).not.toContain(encodeURIComponent(API_KEY));
        expect(text).not.toContain(encodeURIComponent(ACCESS_KEY));
      }
    }
    expect(inspect(client, { depth: null, showHidden: true })).not.toContain(ACCESS_KEY);
    expect(JSON.stringify(client)).not.toContain(ACCESS_KEY);
  });
});

/** The largest number of timestamps inside any window of `windowMs` starting at one of them. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(
    0,
    ...sorted.map((start) => sorted.filter((time) => time >= start && time < start + windowMs).length),
  );
}

describe("plan limits", () => {
  const text = (content: string) => ({ to: "5531988887777@sms.example.net", type: "text/plain" as const, content });

  it("come from the seed's two listings, Free being the same in both", () => {
    expect(PLAN_LIMITS).toEqual({
      free: { messages: 3, notifications: 6, commands: 48 },
      business: { messages: 250, notifications: 500, commands: 1000 },
      enterprise: { messages: 500, notifications: 1000, commands: 2000 },
      paid: { messages: 50, notifications: 100, commands: 200 },
    });
    expect(Object.isFrozen(PLAN_LIMITS.free)).toBe(true);
    expect(() => createRateLimiter("gold" as never)).toThrow(/expected one of: free, business, enterprise, paid/);
    expect(() => createRateLimiter({ messages: 0 })).toThrow(/positive integer/);
  });

  it("queue a burst of 7 messages on the Free plan: no 1-second window at the server holds more than 3, in order, while a command is not held up", async () => {
    const client = messaging({ limits: "free" });
    const sends = Array.from({ length: 7 }, (_, index) => client.sendMessage(text(`burst ${index}`)));
    // Each kind is limited on its own (x-specfirst-rate-limit-kind): the command goes out before the queue drains.
    await client.sendCommand(commands.ping());
    expect(server.on("/messages").length).toBeLessThan(7);
    await expect(Promise.all(sends)).resolves.toHaveLength(7);
    const arrivals = server.on("/messages");
    expect(arrivals).toHaveLength(7);
    expect(
      busiestWindow(
        arrivals.map((request) => request.at),
        1000,
      ),
    ).toBeLessThanOrEqual(3);
    // In order: the queue is first in, first out.
    expect(arrivals.map((request) => (JSON.parse(request.body) as { content: string }).content)).toEqual(
      sends.map((_, index) => `burst ${index}`),
    );
  });
});

describe("retries", () => {
  it("retry only what the source makes idempotent: a message with an id (after HTTP 429 and 500), never one without, nor notifications or commands", async () => {
    const retrying = messaging({ retry: { baseDelayMs: 5, maxDelayMs: 50 } });
    const withId = {
      to: "5531988887777@sms.example.net",
      type: "text/plain",
      content: "idempotent",
      id: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
    } as const;
    for (const [status, headers] of [
      [429, { "retry-after": "0" }],
      [500, {}],
    ] as const) {
      server.received.length = 0;
      server.answer("/messages", { status, headers }, { status: 202 });
      await expect(retrying.sendMessage(withId), String(status)).resolves.toBeUndefined();
      const attempts = server.on("/messages");
      expect(attempts, String(status)).toHaveLength(2);
      expect(attempts[1]?.body).toBe(attempts[0]?.body);
    }
    server.received.length = 0;
    server.answer("/messages", { status: 429 }, { status: 500 });
    const withoutId = { to: withId.to, type: "text/plain", content: "no id" } as const;
    await expect(retrying.sendMessage(withoutId)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(retrying.sendMessage(withoutId)).rejects.toBeInstanceOf(ServerError);
    server.answer("/notifications", { status: 503 });
    await expect(retrying.sendNotification({ id: "m1", from: "a@b.c", event: "consumed" })).rejects.toBeInstanceOf(
      ServerError,
    );
    server.answer("/commands", { status: 503 });
    await expect(retrying.sendCommand(commands.ping())).rejects.toBeInstanceOf(ServerError);
    expect(server.received.map((request) => request.path)).toEqual([
      "/messages",
      "/messages",
      "/notifications",
      "/commands",
    ]);
  });
});

describe("validation before sending", () => {
  it("rejects an invalid payload locally with the validator's errors and makes no request", async () => {
    const client = messaging({ validate: true });
    const error = await rejection(client.sendNotification({ id: "m1", from: "a@b.c", event: "failed" } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors).toEqual([
      { pointer: "/reason", message: "is required", keyword: "required" },
    ]);
    expect(error.message).toBe(
      "POST /notifications not sent: the outbound-notification is invalid (/reason is required)",
    );
    // POST /notifications carries the message originator's address in `from`: the outbound-notification requires it.
    const noFrom = await rejection(client.sendNotification({ id: "m1", event: "consumed" } as never));
    expect((noFrom as RequestValidationError).errors).toEqual([
      { pointer: "/from", message: "is required", keyword: "required" },
    ]);
    const bad = await rejection(client.sendMessage({ to: "not-an-address", type: "text/plain", content: 3 } as never));
    expect((bad as RequestValidationError).errors.map((e) => e.pointer)).toEqual(
      expect.arrayContaining(["/to", "/content"]),
    );
    expect(await rejection(client.sendCommand({ method: "get", uri: "/ping" } as never))).toBeInstanceOf(
      RequestValidationError,
    );
    expect(server.received).toEqual([]);

    await client.sendMessage({ to: "a@b.c", type: "text/plain", content: "valid" });
    expect(server.received).toHaveLength(1);
  });

  it("sends an invalid payload as it is without validate", async () => {
    await messaging().sendNotification({ id: "m1", event: "failed" } as never);
    expect(JSON.parse(server.received[0]?.body ?? "")).toEqual({ id: "m1", event: "failed" });
  });
});

describe("messaging helpers", () => {
  const inbound = example<Message<"text/plain">>("messaging/inbound-message-text-plain.json");

  it("makes UUID message ids", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newMessageId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it("replies to the received from address unchanged, instance included", () => {
    const answer = reply(inbound, { type: "text/plain", content: "Your order left our warehouse." });
    expect(answer).toEqual({
      id: expect.stringMatching(UUID),
      to: "1042221589186385@messenger.example.net/instance-1",
      type: "text/plain",
      content: "Your order left our warehouse.",
    });
    const chatState = reply(inbound, {
      type: "application/vnd.lime.chatstate+json",
      content: { state: "composing" },
      id: null,
    });
    expect(chatState).toEqual({
      to: inbound.from,
      type: "application/vnd.lime.chatstate+json",
      content: { state: "composing" },
    });
    expect(reply(inbound, { type: "text/plain", content: "x", id: "given" }).id).toBe("given");
    expect(() => reply({}, { type: "text/plain", content: "x" })).toThrow(TypeError);
  });

  it("builds consumed and failed notifications for a received message", () => {
    expect(consumedNotification(inbound)).toEqual(example("messaging/notification-consumed.json"));
    expect(failedNotification(inbound, { code: 42 })).toEqual(example("messaging/notification-failed.json"));
    expect(() => consumedNotification({ from: "a@b.c" })).toThrow(/no `id`/);
    expect(() => failedNotification(inbound, { code: 1.5 })).toThrow(/integer/);
  });
});

describe("types", () => {
  it("types payloads and answers from the generated models", () => {
    const client = messaging();
    const configs = createConfigsClient({ baseUrl: server.url, apiKey: API_KEY });
    // Only compiled (npm run typecheck), never run: each line is a type error the client's declarations catch.
    const compileOnly = () => {
      // @ts-expect-error: text/plain content is a string
      void client.sendMessage({ to: "a@b.c", type: "text/plain", content: { text: "x" } });
      // @ts-expect-error: a message needs `to`
      void client.sendMessage({ type: "text/plain", content: "x" });
      // @ts-expect-error: a notification needs `event`
      void client.sendNotification({ id: "m1" });
      // @ts-expect-error: the Config tree is closed
      void configs.createConfig({ nmae: "x" });
      // @ts-expect-error: a distribution list's identity is a node address (a string)
      void commands.setList({ identity: 42 }, { host: "example.net" });
      const answer: Promise<CommandResponse> = client.sendCommand(commands.ping());
      const sent: Promise<void> = client.sendMessage({
        to: "a@b.c",
        type: "application/vnd.lime.select+json",
        content: { text: "Pick", options: [{ order: 1, text: "A" }] },
      });
      return [answer, sent];
    };
    expect(typeof compileOnly).toBe("function");
  });
});

describe("the client stage of npm run generate", () => {
  const edit = (dir: string, file: string, from: string, to: string) => {
    const full = path.join(dir, file);
    const text = readFileSync(full, "utf8");
    expect(text).toContain(from);
    writeFileSync(full, text.replace(from, to));
  };
  const failure = (dir: string) =>
    generate({ root: dir }).then(
      () => [],
      (error: unknown) => {
        if (error instanceof GenerationFailed)
          return error.problems.map((problem) => `${problem.file}: ${problem.message}`);
        throw error;
      },
    );

  it.each([
    [
      "a template naming a value its data does not have",
      "templates/api/client.ts.hbs",
      "export function {{factory}}(",
      "export function {{factoryName}}(",
      /templates\/api\/client\.ts\.hbs: "factoryName" not defined/,
    ],
    [
      "plan limits naming a kind no operation declares",
      "openapi/messaging.source.yaml",
      "free: { messages: 3,",
      "free: { letters: 3,",
      /openapi\/messaging\.source\.yaml: no operation declares x-specfirst-rate-limit-kind: letters/,
    ],
    [
      "an unsupported security scheme",
      "openapi/messaging.source.yaml",
      "      in: header\n      name: Authorization",
      "      in: cookie\n      name: Authorization",
      /openapi\/messaging\.source\.yaml: supported security schemes: apiKey in a header or query parameter, http bearer, http basic/,
    ],
    [
      "an acknowledgement naming no operation",
      "openapi/messaging.source.yaml",
      "x-specfirst-acknowledge: { operation: sendNotification",
      "x-specfirst-acknowledge: { operation: sendNote",
      /openapi\/messaging\.source\.yaml: names no operation of this document: sendNote/,
    ],
  ])("fails with a clear message on %s, writing nothing", async (_name, file, from, to, expected) => {
    const dir = copyProject();
    const before = readFileSync(path.join(dir, "generated", "messaging", "client.ts"), "utf8");
    edit(dir, file, from, to);
    expect(await failure(dir)).toContainEqual(expect.stringMatching(expected));
    expect(readFileSync(path.join(dir, "generated", "messaging", "client.ts"), "utf8")).toBe(before);
  });
});
