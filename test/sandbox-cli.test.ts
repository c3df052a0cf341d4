import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createMessagingClient } from "../generated/client.js";
import { proxyCommand } from "../runtime/cli/commands/proxy.js";
import { sandboxCommand } from "../runtime/cli/commands/sandbox.js";
import type { Notification } from "../generated/types.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";
import { runInProcess, runtimeCli } from "./helpers/cli.js";
import { ROOT } from "./helpers/fixtures.js";

/** Spawns `specfirst sandbox ...` (the shipped CLI, built from the sources); resolves once it printed its `listening on` line. */
async function startSandboxCli(args: string[]) {
  const child = spawn(process.execPath, [await runtimeCli(), "sandbox", ...args], { cwd: ROOT });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const url = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /^listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match?.[1] !== undefined) resolve(match[1]);
    };
    child.stdout.on("data", check);
    void exited.then(() => reject(new Error(`the sandbox exited before listening:\n${stdout}\n${stderr}`)));
  });
  return { child, url, exited, stdout: () => stdout, stderr: () => stderr };
}

let webhooks: ApiServer | undefined;
afterAll(async () => webhooks?.close());

describe("specfirst sandbox (CLI)", () => {
  it("listens on the port it prints, serves the flags' keys and webhook, reports violations, and stops on SIGTERM", async () => {
    webhooks = await startApiServer();
    const cli = await startSandboxCli([
      "--port",
      "0",
      "--access-key",
      "cli-access-key",
      "--configs-key",
      "cli-configs-key",
      "--bot",
      "clibot@sandbox.example.net",
      "--notifications-webhook",
      `${webhooks.url}/notifications`,
      "--messages-webhook",
      `${webhooks.url}/messages`,
      "--plan",
      "business",
      "--notify-timeout-ms",
      "200",
    ]);
    try {
      const url = await cli.url;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
      const client = createMessagingClient({ baseUrl: url, accessKey: "cli-access-key" });
      await client.sendMessage({ id: "cli-1", to: "5531988887777@sms.example.net", type: "text/plain", content: "hi" });
      await webhooks.waitFor(4);
      const events = webhooks.on("/notifications").map((request) => JSON.parse(request.body) as Notification);
      expect(events.map((entry) => `${entry.to} ${entry.event}`)).toEqual(
        ["accepted", "dispatched", "received", "consumed"].map((event) => `clibot@sandbox.example.net ${event}`),
      );
      const configs = await fetch(`${url}/v1/configs`, {
        method: "POST",
        headers: { authorization: "cli-configs-key", "content-type": "application/json" },
        body: JSON.stringify({ name: "n" }),
      });
      expect(configs.status).toBe(201);
      // A customer message the webhook recorder answers without confirming: a violation on stderr.
      const inbound = await fetch(`${url}/_sandbox/inbound`, {
        method: "POST",
        body: JSON.stringify({ id: "cli-in-1", from: "c@sms.example.net", type: "text/plain", content: "hi" }),
      });
      expect(inbound.status).toBe(200);
      await expect
        .poll(() => cli.stderr(), { timeout: 3000 })
        .toMatch(/^violation: missing-notification \(message cli-in-1\): /m);
    } finally {
      cli.child.kill("SIGTERM");
    }
    expect(await cli.exited).toBe(0);
    expect(cli.stdout()).toMatch(/stopped \(SIGTERM\)\n$/);
  });

  it("stops on SIGINT", async () => {
    const cli = await startSandboxCli(["--port", "0"]);
    await cli.url;
    cli.child.kill("SIGINT");
    expect(await cli.exited).toBe(0);
  });

  it("refuses a port already taken with exit 2 and one line naming the address and the error, as the proxy does", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const sandbox = await runInProcess(sandboxCommand, ["--port", String(port)]);
      expect(sandbox).toEqual({
        code: 2,
        stdout: "",
        stderr: `specfirst sandbox: cannot listen on 127.0.0.1:${port} (EADDRINUSE)\n`,
      });
      const proxy = await runInProcess(proxyCommand, ["--upstream", "http://127.0.0.1:9", "--port", String(port)]);
      expect(proxy).toEqual({
        code: 2,
        stdout: "",
        stderr: `specfirst proxy: cannot listen on 127.0.0.1:${port} (EADDRINUSE)\n`,
      });
    } finally {
      taken.close();
    }
  });

  it("refuses bad flags with exit 2 and one line on stderr", async () => {
    for (const args of [
      ["--plan", "gold"],
      ["--port", "http"],
      ["--port", "70000"],
      ["--messages-webhook", "ftp://x"],
      ["--bot", "not an address"],
      ["--notify-timeout-ms", "0"],
      ["--fail-recipients", "("],
      ["--nope"],
      ["extra"],
    ]) {
      const result = await runInProcess(sandboxCommand, args);
      expect(result, args.join(" ")).toMatchObject({ code: 2, stdout: "" });
      expect(result.stderr).toMatch(/^specfirst sandbox: .+\n$/);
      expect(result.stderr.split("\n")).toHaveLength(2);
    }
  });
});
