import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AbortedError,
  BadRequestError,
  ClientError,
  CommandFailedError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseFormatError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  assertSuccess,
  commands,
  consumedNotification,
  createConfigsClient,
  createMessagingClient,
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

const messaging = (options: Partial<Parameters<typeof createMessagingClient>[0]> = {}) => createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY, ...options });

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
const renderings = (error: Error) => [String(error), error.message, error.stack ?? "", JSON.stringify(error), inspect(error, { depth: null, showHidden: true })];

describe("messaging client requests", () => {
  it("POSTs a message to /messages with the key, JSON content type and the body, and resolves on 202", async () => {
    const message = example<Message<"text/plain">>("messaging/message-text-plain.json");
    await expect(messaging().sendMessage(message)).resolves.toBeUndefined();
    const [request, ...others] = server.received;
    expect(others).toEqual([]);
    expect(request).toMatchObject({ method: "POST", path: "/messages" });
    expect(request?.headers.authorization).toBe(`Key ${ACCESS_KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(message);
  });

  it("POSTs a notification to /notifications and resolves on 202", async () => {
    const notification = consumedNotification(example<InboundMessage>("messaging/inbound-message-text-plain.json"));
    await expect(messaging().sendNotification(notification)).resolves.toBeUndefined();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: "POST", path: "/notifications", headers: { authorization: `Key ${ACCESS_KEY}`, "content-type": "application/json" } });
    expect(JSON.parse(server.received[0]?.body ?? "")).toEqual(example("messaging/notification-consumed.json"));
  });

  it("POSTs a command to /commands and resolves with the response envelope, success or failure", async () => {
    const client = messaging();
    const command = commands.setList({ identity: "news@broadcast.example.net" }, { extension: "broadcast", host: "example.net", id: "e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7" });
    expect(command).toEqual(example("messaging/command-set-list.json"));
    const success = example<CommandResponse>("messaging/command-response-set-list-success.json");
    const failure = example<CommandResponse>("messaging/command-response-set-list-failure.json");
    server.answer("/commands", { status: 200, body: success }, { status: 200, body: failure }, { status: 200, body: failure });

    const answered = await client.sendCommand(command);
    expect(answered).toEqual(success);
    expect(assertSuccess(answered)).toBe(answered);
    const failed = await client.sendCommand(command);
    expect(failed).toEqual(failure);
    expect(failed.status).toBe("failure");

    const thrown = await rejection(client.sendCommand(command).then(assertSuccess));
    expect(thrown).toBeInstanceOf(CommandFailedError);
    expect(thrown).toMatchObject({ name: "CommandFailedError", code: 60, reason: { code: 60, description: "Invalid list identifier" } });
    expect(thrown.message).toBe("Command e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7 failed: reason 60 (Invalid list identifier)");
    expect(server.on("/commands").map((request) => JSON.parse(request.body))).toEqual([command, command, command]);
    for (const request of server.received) expect(request.headers.authorization).toBe(`Key ${ACCESS_KEY}`);
  });

  it("joins a base URL with a path prefix and a trailing slash", async () => {
    const client = createMessagingClient({ baseUrl: `${server.url}/bots/api/`, accessKey: ACCESS_KEY });
    await client.sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" });
    expect(server.received[0]?.path).toBe("/bots/api/messages");
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
      commands.trackEvent({ category: "orders", action: "tracking-requested" }, { host: "example.net", extension: "analytics" }),
      commands.trackEvent({ category: "orders", action: "x" }, { to: "postmaster@tracking.example.net" }),
    ];
    for (const command of built) expect(assertSuccess(await client.sendCommand(command))).toMatchObject({ id: command.id, status: "success" });
    expect(server.on("/commands").map((request) => JSON.parse(request.body))).toEqual(built);
    expect(built[0]).toEqual({ id: expect.stringMatching(UUID), method: "get", uri: "/ping" });
    expect(built[1]).toEqual({ id: "ping-1", to: "postmaster@example.net", method: "get", uri: "/ping" });
    expect(built[2]).toMatchObject({ method: "get", uri: "/account" });
    expect(built[2]).not.toHaveProperty("to");
    expect(built[3]).toEqual({ id: expect.stringMatching(UUID), to: "postmaster@broadcast.example.net", method: "get", uri: "/lists" });
    expect(built[4]).toMatchObject({ to: "postmaster@scheduler.example.net", method: "set", uri: "/schedules", type: "application/vnd.ext.schedule+json", resource: { message: scheduled, when } });
    expect(built[5]).toMatchObject({ to: "postmaster@analytics.example.net", method: "set", uri: "/event-track", type: "application/vnd.ext.eventTrack+json" });
    expect(built[6]?.to).toBe("postmaster@tracking.example.net");
    expect(() => commands.trackEvent({ category: "c", action: "a" }, { host: "example.net" } as never)).toThrow(/pass `to`, or `host` with `extension`/);
    expect(extensionAddress("broadcast", "example.net")).toBe("postmaster@broadcast.example.net");
  });

  it("rejects a command answer that is not a JSON object with ResponseFormatError", async () => {
    server.answer("/commands", { status: 200, body: "<html>oops</html>" });
    const error = await rejection(messaging().sendCommand(commands.ping()));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error).toMatchObject({ status: 200, body: "<html>oops</html>", operationId: "sendCommand" });
  });
});

describe("configs client", () => {
  const config = readJson<Record<string, unknown>>(path.join(EXAMPLES, "configs", "config-input-kafka-output-aws-kinesis.json"));

  it("POSTs the config to /v1/configs with the API key as given and resolves with status and body", async () => {
    const client = createConfigsClient({ baseUrl: server.url, apiKey: API_KEY });
    await expect(client.createConfig(config)).resolves.toEqual({ status: 201, body: { id: "cfg-1" } });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: "POST", path: "/v1/configs", headers: { authorization: API_KEY, "content-type": "application/json", accept: "application/json" } });
    expect(JSON.parse(server.received[0]?.body ?? "")).toEqual(config);
  });

  it("validates against the closed Config tree before sending, with validate: true", async () => {
    const client = createConfigsClient({ baseUrl: server.url, apiKey: API_KEY, validate: true });
    const error = await rejection(client.createConfig({ input: { kafka: { consumer_grop: "g" } } } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors).toContainEqual(expect.objectContaining({ pointer: "/input/kafka/consumer_grop", keyword: "additionalProperties" }));
    expect(server.received).toEqual([]);
  });
});

describe("errors", () => {
  it.each([
    [400, BadRequestError, "Bad Request"],
    [401, UnauthorizedError, "Unauthorized"],
    [500, ServerError, "Internal Server Error"],
    [503, ServerError, "Service Unavailable"],
    [418, HttpError, ""],
  ] as const)("rejects HTTP %i with %o carrying status and the body text", async (status, type, text) => {
    server.answer("/messages", { status, body: `{"error":"status ${status}"}` });
    const error = await rejection(messaging().sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" }));
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ status, body: `{"error":"status ${status}"}`, operationId: "sendMessage", method: "POST", path: "/messages", name: type.name });
    expect(error.message).toBe(`POST /messages answered HTTP ${status}${text ? ` ${text}` : ""}`);
  });

  it("treats a success status the operation does not declare as an error (200 for a message)", async () => {
    server.answer("/messages", { status: 200 });
    expect(await rejection(messaging().sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" }))).toMatchObject({ name: "HttpError", status: 200 });
  });

  it("rejects with TimeoutError when the server is slower than timeoutMs (client default and per call)", async () => {
    server.answer("/messages", { status: 202, delayMs: 1000 }, { status: 202, delayMs: 1000 });
    const slow = await rejection(messaging({ timeoutMs: 100 }).sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" }));
    expect(slow).toBeInstanceOf(TimeoutError);
    expect(slow).toMatchObject({ timeoutMs: 100, message: "POST /messages timed out after 100 ms" });
    const perCall = await rejection(messaging().sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" }, { timeoutMs: 80 }));
    expect(perCall).toMatchObject({ name: "TimeoutError", timeoutMs: 80 });
  });

  it("rejects with AbortedError when the caller's signal fires, and sends nothing when it already has", async () => {
    server.answer("/notifications", { status: 202, delayMs: 1000 });
    const controller = new AbortController();
    const pending = messaging().sendNotification({ id: "m1", from: "a@b.c", event: "consumed" }, { signal: controller.signal });
    await server.waitFor(1);
    controller.abort(new Error("shutting down"));
    const aborted = await rejection(pending);
    expect(aborted).toBeInstanceOf(AbortedError);
    expect(aborted.cause).toMatchObject({ message: "shutting down" });

    const before = server.received.length;
    const early = await rejection(messaging().sendNotification({ id: "m1", from: "a@b.c", event: "consumed" }, { signal: AbortSignal.abort() }));
    expect(early).toBeInstanceOf(AbortedError);
    expect(server.received.length).toBe(before);
  });

  it("rejects with NetworkError when nothing listens", async () => {
    const closed = await startApiServer();
    await closed.close();
    const error = await rejection(createMessagingClient({ baseUrl: closed.url, accessKey: ACCESS_KEY }).sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: "ECONNREFUSED", operationId: "sendMessage" });
  });

  it("never shows the access key or the API key, even when the server echoes them", async () => {
    const echo = JSON.stringify({ youSent: { authorization: `Key ${ACCESS_KEY}` }, raw: ACCESS_KEY, encoded: encodeURIComponent(ACCESS_KEY) });
    server.answer("/messages", { status: 401, body: echo }, { status: 400, body: `bad key ${ACCESS_KEY}` }, { status: 202, delayMs: 1000 });
    server.answer("/v1/configs", { status: 401, body: `unknown key ${API_KEY} / ${encodeURIComponent(API_KEY)}` });
    const client = messaging();
    const configs = createConfigsClient({ baseUrl: server.url, apiKey: API_KEY });
    const closed = await startApiServer();
    await closed.close();
    const message = { to: "a@b.c", type: "text/plain", content: "hi" } as const;
    const errors = [
      await rejection(client.sendMessage(message)),
      await rejection(client.sendMessage(message)),
      // Only this call has the short timeout: on a loaded machine an immediate answer once took over 100 ms.
      await rejection(client.sendMessage(message, { timeoutMs: 100 })),
      await rejection(configs.createConfig({ name: "x" })),
      await rejection(createMessagingClient({ baseUrl: closed.url, accessKey: ACCESS_KEY }).sendMessage(message)),
      await rejection(client.sendMessage(message, { signal: AbortSignal.abort() })),
      await rejection(messaging({ validate: true }).sendMessage({ to: ACCESS_KEY } as never)),
      // A key a header cannot carry (fetch would refuse it quoting the value): refused when the client is made.
      await rejection(Promise.resolve().then(() => createMessagingClient({ baseUrl: server.url, accessKey: `${ACCESS_KEY}\nX` }))),
      await rejection(Promise.resolve().then(() => createMessagingClient({ baseUrl: "ftp://example.net", accessKey: ACCESS_KEY }))),
    ];
    expect(errors.map((error) => error.name)).toEqual(["UnauthorizedError", "BadRequestError", "TimeoutError", "UnauthorizedError", "NetworkError", "AbortedError", "RequestValidationError", "TypeError", "TypeError"]);
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

describe("validation before sending", () => {
  it("rejects an invalid payload locally with the validator's errors and makes no request", async () => {
    const client = messaging({ validate: true });
    const error = await rejection(client.sendNotification({ id: "m1", from: "a@b.c", event: "failed" } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors).toEqual([{ pointer: "/reason", message: "is required", keyword: "required" }]);
    expect(error.message).toBe("POST /notifications not sent: the outbound-notification is invalid (/reason is required)");
    // POST /notifications carries the message originator's address in `from`: the outbound-notification requires it.
    const noFrom = await rejection(client.sendNotification({ id: "m1", event: "consumed" } as never));
    expect((noFrom as RequestValidationError).errors).toEqual([{ pointer: "/from", message: "is required", keyword: "required" }]);
    const bad = await rejection(client.sendMessage({ to: "not-an-address", type: "text/plain", content: 3 } as never));
    expect((bad as RequestValidationError).errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(["/to", "/content"]));
    expect(await rejection(client.sendCommand({ method: "get", uri: "/ping" } as never))).toBeInstanceOf(RequestValidationError);
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
    expect(answer).toEqual({ id: expect.stringMatching(UUID), to: "1042221589186385@messenger.example.net/instance-1", type: "text/plain", content: "Your order left our warehouse." });
    const chatState = reply(inbound, { type: "application/vnd.lime.chatstate+json", content: { state: "composing" }, id: null });
    expect(chatState).toEqual({ to: inbound.from, type: "application/vnd.lime.chatstate+json", content: { state: "composing" } });
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
      const sent: Promise<void> = client.sendMessage({ to: "a@b.c", type: "application/vnd.lime.select+json", content: { text: "Pick", options: [{ order: 1, text: "A" }] } });
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
        if (error instanceof GenerationFailed) return error.problems.map((problem) => `${problem.file}: ${problem.message}`);
        throw error;
      },
    );

  it.each([
    ["a template naming a value its data does not have", "templates/api/client.ts.hbs", "export function {{factory}}(", "export function {{factoryName}}(", /templates\/api\/client\.ts\.hbs: "factoryName" not defined/],
    ["plan limits naming a kind no operation declares", "openapi/messaging.source.yaml", "free: { messages: 3,", "free: { letters: 3,", /openapi\/messaging\.source\.yaml: no operation declares x-specfirst-rate-limit-kind: letters/],
    ["an unsupported security scheme", "openapi/messaging.source.yaml", "      in: header\n      name: Authorization", "      in: cookie\n      name: Authorization", /openapi\/messaging\.source\.yaml: supported security schemes: apiKey in a header or query parameter, http bearer, http basic/],
    ["an acknowledgement naming no operation", "openapi/messaging.source.yaml", "x-specfirst-acknowledge: { operation: sendNotification", "x-specfirst-acknowledge: { operation: sendNote", /openapi\/messaging\.source\.yaml: names no operation of this document: sendNote/],
  ])("fails with a clear message on %s, writing nothing", async (_name, file, from, to, expected) => {
    const dir = copyProject();
    const before = readFileSync(path.join(dir, "generated", "messaging", "client.ts"), "utf8");
    edit(dir, file, from, to);
    expect(await failure(dir)).toContainEqual(expect.stringMatching(expected));
    expect(readFileSync(path.join(dir, "generated", "messaging", "client.ts"), "utf8")).toBe(before);
  });
});
