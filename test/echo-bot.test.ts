import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEchoBot } from "../examples/echo-bot/bot.js";
import type { Message } from "../generated/types.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";
import { ROOT, readJson } from "./helpers/fixtures.js";

const ACCESS_KEY = "echo-bot-key";
const inbound = readJson<Message<"text/plain">>(
  path.join(ROOT, "openapi", "examples", "messaging", "inbound-message-text-plain.json"),
);

let api: ApiServer;
let bot: Server;
let botUrl = "";
const logs: string[] = [];
beforeAll(async () => {
  api = await startApiServer();
  bot = createEchoBot({ baseUrl: api.url, accessKey: ACCESS_KEY, log: (line: string) => logs.push(line) }) as Server;
  await new Promise<void>((resolve) => bot.listen(0, "127.0.0.1", resolve));
  botUrl = `http://127.0.0.1:${(bot.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => bot.close(() => resolve()));
  await api.close();
});

describe("examples/echo-bot", () => {
  it("echoes a message POSTed to its webhook to the received from, then sends the consumed notification", async () => {
    const response = await fetch(`${botUrl}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(inbound),
    });
    expect(response.status).toBe(200);
    // The bot answers before its sends (they wait for the plan limiter); both follow.
    await api.waitFor(2);
    expect(api.received.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /messages",
      "POST /notifications",
    ]);
    const [echo, consumed] = api.received.map((request) => JSON.parse(request.body) as Record<string, unknown>);
    expect(echo).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to: "1042221589186385@messenger.example.net/instance-1",
      type: "text/plain",
      content: "Where is my order?",
    });
    expect(echo?.id).not.toBe(inbound.id);
    expect(consumed).toEqual({ id: inbound.id, from: inbound.from, event: "consumed" });
    for (const request of api.received) {
      expect(request.headers.authorization).toBe(`Key ${ACCESS_KEY}`);
      expect(request.headers["content-type"]).toBe("application/json");
    }
  });

  it("logs the notifications the service sends about its messages", async () => {
    const notification = readJson(
      path.join(ROOT, "openapi", "examples", "messaging", "inbound-notification-failed.json"),
    );
    const response = await fetch(`${botUrl}/notifications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(notification),
    });
    expect(response.status).toBe(200);
    // The receiver runs after the answer: wait for its log line.
    for (let waited = 0; !(logs.at(-1) ?? "").endsWith(": failed (reason 42)") && waited < 2000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logs.at(-1)).toMatch(/: failed \(reason 42\)$/);
  });
});
