import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommandFailedError, createClient, type CallOptions } from "../runtime/client/index.js";
import {
  assertSuccess,
  consumedNotification,
  createCommandBuilders,
  extensionAddress,
  failedNotification,
  newMessageId,
  notificationFor,
  reply,
  type CommandSpec,
} from "../runtime/messaging/index.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const inbound = {
  id: "5d8c1a3e-7f2b-4c9d-a1e0-3b6f9c2d8e41",
  from: "1042221589186385@messenger.example.net/instance-1",
  to: "mybot@example.net",
  type: "text/plain",
  content: "Where is my order?",
};

/** `x-specfirst-commands` of openapi/messaging.source.yaml. */
const SPECS = [
  {
    name: "setList",
    summary: "Create or update a distribution list (broadcast lists)",
    method: "set",
    uri: "/lists",
    type: "application/vnd.ext.distribution-list+json",
    resource: true,
  },
  {
    name: "getLists",
    summary: "Read the distribution lists (broadcast lists)",
    method: "get",
    uri: "/lists",
    type: "application/vnd.ext.distribution-list+json",
    resource: false,
  },
  {
    name: "setSchedule",
    summary: "Schedule a message (scheduler)",
    method: "set",
    uri: "/schedules",
    type: "application/vnd.ext.schedule+json",
    resource: true,
  },
  {
    name: "trackEvent",
    summary: "Track an event (event tracking)",
    method: "set",
    uri: "/event-track",
    type: "application/vnd.ext.eventTrack+json",
    resource: true,
  },
] as const satisfies readonly CommandSpec[];

describe("ids, replies and notifications", () => {
  it("makes UUID message ids", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newMessageId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it("replies to the received from address unchanged, instance included, with a new id unless given", () => {
    const answer = reply(inbound, { type: "text/plain", content: "Your order left our warehouse." });
    expect(answer).toEqual({
      id: expect.stringMatching(UUID),
      to: "1042221589186385@messenger.example.net/instance-1",
      type: "text/plain",
      content: "Your order left our warehouse.",
    });
    expect(answer.id).not.toBe(inbound.id);
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
    expect(chatState).not.toHaveProperty("id");
    expect(reply(inbound, { type: "text/plain", content: "x", id: "given" }).id).toBe("given");
    expect(() => reply({}, { type: "text/plain", content: "x" })).toThrow(
      new TypeError("reply: the received message has no `from` address to answer"),
    );
    expect(() => reply({ from: "" }, { type: "text/plain", content: "x" })).toThrow(TypeError);
  });

  it("builds consumed and failed notifications for a received message", () => {
    expect(consumedNotification(inbound)).toEqual({ id: inbound.id, from: inbound.from, event: "consumed" });
    expect(Object.keys(consumedNotification(inbound))).toEqual(["id", "from", "event"]);
    expect(failedNotification(inbound, { code: 42 })).toEqual({
      id: inbound.id,
      from: inbound.from,
      event: "failed",
      reason: { code: 42 },
    });
    expect(consumedNotification({ id: "m1" })).toEqual({ id: "m1", event: "consumed" });
    expect(notificationFor(inbound, "received")).toEqual({ id: inbound.id, from: inbound.from, event: "received" });
    expect(() => consumedNotification({ from: "a@b.c" })).toThrow(/no `id`/);
    expect(() => consumedNotification({ id: "", from: "a@b.c" })).toThrow(/no `id`/);
    expect(() => failedNotification(inbound, { code: 1.5 })).toThrow(/`reason.code` must be an integer/);
    expect(() => failedNotification(inbound, undefined as never)).toThrow(/integer/);
  });
});

describe("assertSuccess", () => {
  it("returns a success response and throws CommandFailedError for a failure", () => {
    const success = { id: "c1", method: "get", status: "success" as const };
    expect(assertSuccess(success)).toBe(success);
    const failure = {
      id: "e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7",
      method: "set",
      status: "failure" as const,
      reason: { code: 60, description: "Invalid list identifier" },
    };
    let thrown: unknown;
    try {
      assertSuccess(failure);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CommandFailedError);
    expect(thrown).toMatchObject({ name: "CommandFailedError", code: 60, reason: failure.reason, response: failure });
    expect((thrown as Error).message).toBe(
      "Command e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7 failed: reason 60 (Invalid list identifier)",
    );
    expect(JSON.parse(JSON.stringify(thrown))).toEqual({
      name: "CommandFailedError",
      message: (thrown as Error).message,
      response: failure,
      reason: failure.reason,
      code: 60,
    });
    expect(() => assertSuccess({ status: "failure" })).toThrow(new CommandFailedError({ status: "failure" }).message);
    expect(new CommandFailedError({ status: "failure" }).message).toBe("Command failed");
    expect(new CommandFailedError({ id: "c9", status: "failure", reason: { code: 42 } }).message).toBe(
      "Command c9 failed: reason 42",
    );
    expect(() => assertSuccess(undefined as never)).toThrow(CommandFailedError);
  });
});

describe("command builders", () => {
  const commands = createCommandBuilders(SPECS);

  it("build the server commands, to omitted unless given", () => {
    expect(commands.ping()).toEqual({ id: expect.stringMatching(UUID), method: "get", uri: "/ping" });
    expect(commands.ping({ to: "postmaster@example.net", id: "ping-1" })).toEqual({
      id: "ping-1",
      to: "postmaster@example.net",
      method: "get",
      uri: "/ping",
    });
    expect(commands.account()).toEqual({ id: expect.stringMatching(UUID), method: "get", uri: "/account" });
    expect(commands.account()).not.toHaveProperty("to");
    expect(commands.ping().id).not.toBe(commands.ping().id);
  });

  it("build the extension commands of the specs, to `to` or `postmaster@<extension>.<host>`", () => {
    expect(
      commands.setList(
        { identity: "news@broadcast.example.net" },
        { host: "example.net", extension: "broadcast", id: "e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7" },
      ),
    ).toEqual({
      id: "e2f3a4b5-c6d7-4e8f-90a1-b2c3d4e5f6a7",
      to: "postmaster@broadcast.example.net",
      method: "set",
      uri: "/lists",
      type: "application/vnd.ext.distribution-list+json",
      resource: { identity: "news@broadcast.example.net" },
    });
    expect(commands.getLists({ to: "postmaster@broadcast.example.net" })).toEqual({
      id: expect.stringMatching(UUID),
      to: "postmaster@broadcast.example.net",
      method: "get",
      uri: "/lists",
    });
    const when = "2026-12-01T13:30:00Z";
    const message = { to: "5531988887777@sms.example.net", type: "text/plain", content: "Reminder" };
    expect(commands.setSchedule({ message, when }, { host: "example.net", extension: "scheduler" })).toMatchObject({
      to: "postmaster@scheduler.example.net",
      method: "set",
      uri: "/schedules",
      type: "application/vnd.ext.schedule+json",
      resource: { message, when },
    });
    expect(commands.trackEvent({ category: "orders", action: "x" }, { to: "postmaster@tracking.example.net" }).to).toBe(
      "postmaster@tracking.example.net",
    );
    expect(commands.setList(undefined, { to: "postmaster@broadcast.example.net" })).toEqual({
      id: expect.stringMatching(UUID),
      to: "postmaster@broadcast.example.net",
      method: "set",
      uri: "/lists",
    });
  });

  it("need `to`, or `host` with `extension`: the API description shows no extension address", () => {
    const message =
      "commands.setList: pass `to`, or `host` with `extension` (no extension address is shown in the API description)";
    expect(() => commands.setList({ identity: "a@b.c" }, { host: "example.net" } as never)).toThrow(
      new TypeError(message),
    );
    expect(() => commands.setList({ identity: "a@b.c" }, undefined as never)).toThrow(new TypeError(message));
    expect(() => commands.getLists({ extension: "broadcast" } as never)).toThrow(
      /commands.getLists: pass `to`, or `host` with `extension`/,
    );
    expect(() => commands.trackEvent({ category: "c", action: "a" }, { to: "" })).toThrow(
      /commands.trackEvent: pass `to`/,
    );
    expect(extensionAddress("broadcast", "example.net")).toBe("postmaster@broadcast.example.net");
    expect(() => extensionAddress("", "example.net")).toThrow(/extension and host must be non-empty strings/);
  });

  it("are frozen, and reject specs that are not plain command data", () => {
    expect(Object.isFrozen(commands)).toBe(true);
    expect(Object.keys(commands)).toEqual(["ping", "account", "setList", "getLists", "setSchedule", "trackEvent"]);
    const base = { name: "x", summary: "", method: "get", uri: "/x", type: "t", resource: false };
    expect(() => createCommandBuilders([{ ...base, name: "ping" }])).toThrow(/ping: the name is already taken/);
    expect(() => createCommandBuilders([base, base])).toThrow(/x: the name is already taken/);
    expect(() => createCommandBuilders([{ ...base, name: "not an identifier" }])).toThrow(
      /name must be a JavaScript identifier/,
    );
    expect(() => createCommandBuilders([{ ...base, uri: "" }])).toThrow(/uri must be a non-empty string/);
    expect(() => createCommandBuilders([{ ...base, resource: "yes" as never }])).toThrow(/resource must be a boolean/);
    expect(() => createCommandBuilders("specs" as never)).toThrow(/needs an array/);
  });

  describe("sent by a client", () => {
    let server: ApiServer;
    beforeAll(async () => {
      server = await startApiServer();
    });
    afterAll(() => server.close());

    it("go to /commands as built, and their responses pass assertSuccess", async () => {
      const client = createClient<{
        sendCommand(body: unknown, options?: CallOptions): Promise<{ id: string; status: string }>;
      }>(
        {
          api: "messaging",
          title: "Messaging",
          factory: "createMessagingClient",
          credential: {
            option: "accessKey",
            security: { kind: "apiKey", in: "header", name: "Authorization", prefix: "Key " },
          },
          planLimits: null,
          operations: [
            {
              operationId: "sendCommand",
              method: "POST",
              path: "/commands",
              schema: "command",
              success: [200],
              responses: {},
              response: "json",
              category: null,
              idempotentWith: null,
            },
          ],
          webhooks: [],
          loadValidators: () => Promise.reject(new Error("not used")),
        },
        { baseUrl: server.url, accessKey: "test-key" },
      );
      const built = [
        commands.ping(),
        commands.account(),
        commands.getLists({ host: "example.net", extension: "broadcast" }),
        commands.trackEvent({ category: "orders", action: "a" }, { host: "example.net", extension: "analytics" }),
      ];
      for (const command of built)
        expect(assertSuccess(await client.sendCommand(command))).toMatchObject({ id: command.id, status: "success" });
      expect(server.on("/commands").map((request) => JSON.parse(request.body))).toEqual(built);
    });
  });
});
