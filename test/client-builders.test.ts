/**
 * Builders for the seed's resources (docs/client.md, typed commands): one schedule read and cancelled, one list read, against the sandbox
 * over loopback; the item goes into the URI, URI-encoded.
 */
import { afterEach, describe, expect, it } from "vitest";
import { assertSuccess, commands, createMessagingClient } from "../generated/client.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";

const ACCESS_KEY = "client-builders-key";
const SCHEDULER = { to: "postmaster@scheduler.sandbox.example.net" };
const BROADCAST = { to: "postmaster@broadcast.sandbox.example.net" };

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("command builders for one item", () => {
  it("getSchedule and cancelSchedule: schedule, read it, cancel it (it no longer fires), read it again (not found)", async () => {
    sandbox = createSandbox({ accessKey: ACCESS_KEY });
    await sandbox.start();
    const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
    const message = {
      id: "sched-1",
      to: "5531988887777@sms.example.net",
      type: "text/plain",
      content: "later",
    } as const;
    const when = new Date(Date.now() + 60_000).toISOString();
    const set = assertSuccess(await client.sendCommand(commands.setSchedule({ message, when }, SCHEDULER)));
    const key = String((set.metadata as Record<string, string>)["#command.uri"]).split("/schedules/")[1] as string;
    expect(commands.getSchedule(key, SCHEDULER)).toMatchObject({
      method: "get",
      uri: `/schedules/${encodeURIComponent(key)}`,
      to: SCHEDULER.to,
    });
    const got = assertSuccess(await client.sendCommand(commands.getSchedule(key, SCHEDULER)));
    expect(got.resource).toMatchObject({ message, when });
    expect(commands.cancelSchedule(key, SCHEDULER)).toMatchObject({
      method: "delete",
      uri: `/schedules/${encodeURIComponent(key)}`,
    });
    assertSuccess(await client.sendCommand(commands.cancelSchedule(key, SCHEDULER)));
    expect(sandbox.scheduled.map((entry) => entry.state)).toEqual(["cancelled"]);
    expect((await client.sendCommand(commands.getSchedule(key, SCHEDULER))).status).toBe("failure");
  });

  it("getList reads one distribution list by its identity (URI-encoded); an empty identifier is refused", async () => {
    sandbox = createSandbox({ accessKey: ACCESS_KEY });
    await sandbox.start();
    const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
    const identity = "news@broadcast.sandbox.example.net";
    assertSuccess(await client.sendCommand(commands.setList({ identity }, BROADCAST)));
    const command = commands.getList(identity, BROADCAST);
    expect(command.uri).toBe("/lists/news%40broadcast.sandbox.example.net");
    expect(assertSuccess(await client.sendCommand(command)).resource).toMatchObject({ identity });
    expect(() => commands.getList("", BROADCAST)).toThrow(/pass the item's identifier first/);
  });
});
