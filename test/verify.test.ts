import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCommand } from "../runtime/cli/commands/verify.js";
import { createSandbox, type Sandbox, type SandboxOptions } from "../runtime/sandbox/server.js";
import {
  CHECK_IDS,
  formatJson,
  formatJunit,
  formatText,
  verify,
  VerifyUnreachableError,
  type VerifyOptions,
  type VerifyReport,
} from "../runtime/verify/index.js";
import { runCli, runInProcess } from "./helpers/cli.js";
import { startFaultProxy } from "./helpers/fault-proxy.js";
import { ROOT } from "./helpers/fixtures.js";

// docs/verify.md: `specfirst verify` against real implementations over loopback: the sandbox (conformant), Prism's
// mock of the published documents (what it reports, and why), and the CLI's reports and exit codes. The faults
// injected into copies of the sandbox are test/verify-mutants.test.ts.

const run = promisify(execFile);
const ACCESS_KEY = "verify-test-access-key";
const CONFIGS_KEY = "verify-test-configs-key";

interface Running {
  url: string;
  sandbox: Sandbox;
  close: () => Promise<void>;
}

/** A sandbox, with its notifications going to verify's webhook receiver once it listens (`onWebhookListening`). */
async function startSandbox(
  options: SandboxOptions = {},
): Promise<Running & Pick<VerifyOptions, "onWebhookListening">> {
  const sandbox = createSandbox({ accessKey: ACCESS_KEY, configsKey: CONFIGS_KEY, ...options });
  const url = await sandbox.start();
  return {
    url,
    sandbox,
    close: () => sandbox.close(),
    onWebhookListening: (bot) =>
      sandbox.setWebhooks({ messages: `${bot}/messages`, notifications: `${bot}/notifications` }),
  };
}

const failedChecks = (report: VerifyReport) =>
  report.checks.filter((check) => check.outcome === "failed").map((check) => check.id);

describe("verify against the sandbox", () => {
  it("finds no violation: every check judges and passes, every case is sent, no generated body is discarded", async () => {
    // Recipients starting with 0-4 fail, so `failed` notifications (with their reason) are judged too.
    const target = await startSandbox({ failRecipients: /^[0-4]/ });
    try {
      const messaging = await verify({
        api: "messaging",
        baseUrl: target.url,
        accessKey: ACCESS_KEY,
        seed: 7,
        maxRequests: 250,
        webhook: { port: 0, waitMs: 3000 },
        onWebhookListening: target.onWebhookListening,
      });
      expect(failedChecks(messaging), formatText(messaging)).toEqual([]);
      expect(messaging.checks.map((check) => [check.id, check.outcome])).toEqual(CHECK_IDS.map((id) => [id, "passed"]));
      expect(messaging.coverage.filter((entry) => entry.sent === 0)).toEqual([]);
      expect(messaging.discardedBodies).toBe(0);
      // both delivery outcomes were played, so both `consumed` and `failed` (with its reason) reached the bot
      const outcomes = new Set(target.sandbox.state().sent.messages.map((entry) => entry.outcome));
      expect([...outcomes]).toEqual(expect.arrayContaining(["delivered", "failed"]));

      const configs = await verify({
        api: "configs",
        baseUrl: target.url,
        accessKey: CONFIGS_KEY,
        seed: 7,
        maxRequests: 150,
      });
      expect(failedChecks(configs), formatText(configs)).toEqual([]);
      // The configs document declares 201 with no body and `default`: no content type or body to check in the answer.
      expect(configs.checks.filter((check) => check.outcome === "passed").map((check) => check.id)).toEqual([
        "not_a_server_error",
        "status_code_conformance",
        "positive_data_acceptance",
        "negative_data_rejection",
        "ignored_auth",
      ]);
      expect(configs.coverage.filter((entry) => entry.sent === 0)).toEqual([]);
      // every Config input and output kind is a case of its own
      const cases = configs.coverage.map((entry) => entry.case);
      for (const kind of ["kafka", "azure_blob", "delta_sharing", "google_cloud_pubsub", "http_client", "n8n", "sql"])
        expect(cases).toContain(`input.${kind}`);
      expect(cases.filter((name) => name.startsWith("output.")).length).toBeGreaterThanOrEqual(15);
    } finally {
      await target.close();
    }
  });

  it("covers every media-type document, command method, extension URI and notification event as a case", async () => {
    const target = await startSandbox();
    try {
      const report = await verify({
        api: "messaging",
        baseUrl: target.url,
        accessKey: ACCESS_KEY,
        seed: 1,
        maxRequests: 60,
      });
      const cases = report.coverage.map((entry) => `${entry.operation} ${entry.case}`);
      for (const type of ["text/plain", "chatstate", "collection", "container", "media-link", "select"])
        expect(
          cases.some((name) => name.startsWith("POST /messages type=") && name.includes(type)),
          type,
        ).toBe(true);
      expect(cases).toContain("POST /messages type: another value");
      for (const method of ["get", "set", "merge", "delete", "subscribe", "unsubscribe", "observe"])
        expect(cases).toContain(`POST /commands method=${method}`);
      for (const uri of ["/ping", "/account", "/lists", "/schedules", "/event-track"])
        expect(cases).toContain(`POST /commands uri=${uri}`);
      for (const event of ["accepted", "dispatched", "received", "consumed", "failed"])
        expect(cases).toContain(`POST /notifications event=${event}`);
      // 60 requests: every case once, before any further run
      expect(report.coverage.every((entry) => entry.sent >= 1)).toBe(true);
    } finally {
      await target.close();
    }
  });

  it("passes for any seed (fast-check over seeds, small budgets)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom("messaging", "configs"),
        async (seed, api) => {
          const target = await startSandbox();
          try {
            const report = await verify({
              api,
              baseUrl: target.url,
              accessKey: api === "messaging" ? ACCESS_KEY : CONFIGS_KEY,
              seed,
              maxRequests: 70,
            });
            expect(failedChecks(report), formatText(report)).toEqual([]);
          } finally {
            await target.close();
          }
        },
      ),
      { numRuns: 4 },
    );
  });

  it("sends the same requests for the same seed, and others for another seed", async () => {
    const requestsOf = async (api: "messaging" | "configs", seed: number) => {
      const target = await startSandbox();
      const proxy = await startFaultProxy(target.url);
      try {
        await verify({
          api,
          baseUrl: proxy.url,
          accessKey: api === "messaging" ? ACCESS_KEY : CONFIGS_KEY,
          seed,
          maxRequests: 80,
        });
        return proxy.seen.map(
          (request) =>
            `${request.method} ${request.path} ${request.headers.authorization ?? "-"} ${request.body.toString("base64")}`,
        );
      } finally {
        await proxy.close();
        await target.close();
      }
    };
    for (const api of ["messaging", "configs"] as const) {
      const first = await requestsOf(api, 42);
      expect(first.length).toBeGreaterThan(50);
      expect(await requestsOf(api, 42)).toEqual(first);
      expect(await requestsOf(api, 43)).not.toEqual(first);
    }
  });

  it("keeps under a plan's limits with rate: the sandbox's plan never answers 429", async () => {
    const target = await startSandbox({ plan: "free" });
    const proxy = await startFaultProxy(target.url);
    try {
      const report = await verify({
        api: "messaging",
        baseUrl: proxy.url,
        accessKey: ACCESS_KEY,
        seed: 5,
        maxRequests: 24,
        rate: "free",
      });
      expect(failedChecks(report), formatText(report)).toEqual([]);
      expect(target.sandbox.rejected.filter((entry) => entry.status === 429)).toEqual([]);
      expect(proxy.seen.length).toBe(report.requests);
    } finally {
      await proxy.close();
      await target.close();
    }
  });

  it("stops starting requests at the time limit, and says so", async () => {
    const target = await startSandbox();
    try {
      const report = await verify({
        api: "configs",
        baseUrl: target.url,
        accessKey: CONFIGS_KEY,
        seed: 1,
        timeLimitMs: 1,
      });
      expect(report.stoppedBy).toBe("time-limit");
      expect(report.requests).toBeLessThan(500);
      expect(formatText(report)).toContain("stopped at --time-limit");
    } finally {
      await target.close();
    }
  });

  it("refuses to start against a server nothing answers (VerifyUnreachableError)", async () => {
    const port = await closedPort();
    await expect(
      verify({ api: "configs", baseUrl: `http://127.0.0.1:${port}`, accessKey: CONFIGS_KEY, maxRequests: 5 }),
    ).rejects.toBeInstanceOf(VerifyUnreachableError);
  });
});

describe("verify's reports", () => {
  let report: VerifyReport;
  let proxyUrl = "";
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    // A server that answers 200 instead of 202 to messages: one failure to report.
    const target = await startSandbox();
    const proxy = await startFaultProxy(target.url, {
      response: (request, answer) =>
        request.path === "/messages" && answer.status === 202 ? { ...answer, status: 200 } : answer,
    });
    proxyUrl = proxy.url;
    close = async () => {
      await proxy.close();
      await target.close();
    };
    report = await verify({ api: "messaging", baseUrl: proxy.url, accessKey: ACCESS_KEY, seed: 11, maxRequests: 120 });
  });
  afterAll(() => close());

  it("prints each failure with a minimal curl reproduction that reproduces it, the credential read from the environment", async () => {
    const [failure] = report.checks.flatMap((check) => check.failures);
    expect(failure).toMatchObject({
      check: "status_code_conformance",
      operation: "POST /messages",
      status: 200,
      shrunk: true,
    });
    const reproduction = failure?.reproduction ?? "";
    expect(reproduction).toContain('"Authorization: Key ${SPECFIRST_ACCESS_KEY}"');
    expect(reproduction).not.toContain(ACCESS_KEY);
    const { stdout } = await run("bash", ["-c", reproduction], {
      env: { ...process.env, SPECFIRST_ACCESS_KEY: ACCESS_KEY },
    });
    expect(stdout).toMatch(/^HTTP\/1\.1 200 /);
    // without the variable the same command is refused: the key really comes from the environment
    const { stdout: refused } = await run("bash", ["-c", reproduction], {
      env: { ...process.env, SPECFIRST_ACCESS_KEY: "" },
    });
    expect(refused).toMatch(/^HTTP\/1\.1 401 /);
  });

  it("renders text, JSON and JUnit XML, none of them holding the credential", () => {
    const text = formatText(report);
    expect(text).toMatch(/FAILED +status_code_conformance/);
    expect(text).toContain("minimal reproduction:");
    expect(text).toContain("Not conformant: 1 check failed.");
    const json = JSON.parse(formatJson(report)) as VerifyReport;
    expect(json.checks.find((check) => check.id === "status_code_conformance")?.outcome).toBe("failed");
    const junit = formatJunit(report);
    expect(junit).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(junit.match(/<failure /g)).toHaveLength(1);
    expect(junit).toContain('name="status_code_conformance POST /messages"');
    for (const rendered of [text, formatJson(report), junit]) expect(rendered).not.toContain(ACCESS_KEY);
  });

  it("exits 1 with violations, 0 when conformant, 2 on a usage error or an unreachable server (CLI in process)", async () => {
    const failing = await runInProcess(verifyCommand, [
      "messaging",
      "--base-url",
      proxyUrl,
      "--access-key",
      ACCESS_KEY,
      "--seed",
      "11",
      "--max-requests",
      "60",
      "--format",
      "junit",
    ]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain("<failure ");

    const target = await startSandbox();
    try {
      const previous = process.env.SPECFIRST_ACCESS_KEY;
      process.env.SPECFIRST_ACCESS_KEY = CONFIGS_KEY;
      try {
        const passing = await runInProcess(verifyCommand, [
          "configs",
          "--base-url",
          target.url,
          "--max-requests",
          "40",
          "--format",
          "json",
        ]);
        expect(passing.code, passing.stderr).toBe(0);
        expect((JSON.parse(passing.stdout) as VerifyReport).conformant).toBe(true);
      } finally {
        if (previous === undefined) delete process.env.SPECFIRST_ACCESS_KEY;
        else process.env.SPECFIRST_ACCESS_KEY = previous;
      }
    } finally {
      await target.close();
    }

    const port = await closedPort();
    const usage = async (args: string[]) => {
      const result = await runInProcess(verifyCommand, args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(result.stderr).not.toContain(ACCESS_KEY);
      return result.stderr;
    };
    expect(await usage(["configs", "--base-url", `http://127.0.0.1:${port}`, "--access-key", ACCESS_KEY])).toMatch(
      /^specfirst verify: cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED\n$/,
    );
    expect(await usage(["billing", "--base-url", proxyUrl, "--access-key", ACCESS_KEY])).toContain(
      'unknown API "billing"',
    );
    expect(await usage(["messaging", "--access-key", ACCESS_KEY])).toContain("--base-url <url> is required");
    expect(await usage(["messaging", "--base-url", proxyUrl, "--access-key", ACCESS_KEY, "--rate", "gold"])).toContain(
      '"gold" is not a plan of the messaging API',
    );
    expect(
      await usage(["messaging", "--base-url", proxyUrl, "--access-key", ACCESS_KEY, "--exclude-checks", "x"]),
    ).toContain('unknown check "x"');
  });

  it("runs as the shipped CLI: npx specfirst verify", async () => {
    const target = await startSandbox();
    try {
      const result = await runCli([
        "verify",
        "configs",
        "--base-url",
        target.url,
        "--access-key",
        CONFIGS_KEY,
        "--max-requests",
        "40",
        "--seed",
        "3",
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^specfirst verify configs against http:\/\/127\.0\.0\.1:\d+ \(seed 3\)\n/);
      expect(result.stdout).toContain("Conformant.");
    } finally {
      await target.close();
    }
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** `prism mock` of both published documents (test/helpers/prism-mock.mjs), once it says it listens on each. */
async function startPrism(): Promise<{
  urls: Record<"messaging" | "configs", string>;
  child: ChildProcess;
  output: () => string;
}> {
  const ports = { messaging: await closedPort(), configs: await closedPort() };
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "test", "helpers", "prism-mock.mjs"),
      ...(["messaging", "configs"] as const).flatMap((api) => [
        path.join(ROOT, "generated", "openapi", `${api}.yaml`),
        String(ports[api]),
      ]),
    ],
    { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism mock did not start:\n${output}`)), 170_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split("Prism is listening").length - 1 === 2) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => reject(new Error(`prism mock exited with ${String(code)}:\n${output}`)));
  });
  return {
    urls: { messaging: `http://127.0.0.1:${ports.messaging}`, configs: `http://127.0.0.1:${ports.configs}` },
    child,
    output: () => output,
  };
}

describe("verify against Prism's mock of the published documents (@stoplight/prism-cli 5.14.2)", () => {
  let prism: Awaited<ReturnType<typeof startPrism>>;
  beforeAll(async () => {
    prism = await startPrism();
  }, 180_000);
  afterAll(() => {
    prism.child.kill();
  });

  it("messaging: accepts every valid body, but answers with its examples, takes any key and reads JSON loosely", async () => {
    const report = await verify({
      api: "messaging",
      baseUrl: prism.urls.messaging,
      accessKey: "any",
      seed: 1,
      maxRequests: 300,
    });
    const outcome = Object.fromEntries(report.checks.map((check) => [check.id, check.outcome]));
    // It validates requests as the document says: every valid body is accepted, the schema-breaking ones refused.
    expect(outcome.positive_data_acceptance).toBe("passed");
    expect(outcome.status_code_conformance).toBe("passed");
    expect(outcome.response_schema_conformance).toBe("passed");
    // A mock answers a command with the document's example response, whose id is the example's, not the request's.
    expect(outcome.command_response_id).toBe("failed");
    // It checks that Authorization is there (401 without), not which key it holds.
    const auth = report.checks.find((check) => check.id === "ignored_auth")?.failures ?? [];
    expect(auth.length).toBeGreaterThan(0);
    expect(auth.every((failure) => failure.case === "valid body with a wrong credential")).toBe(true);
    // Its JSON parser takes the last of repeated keys (and decodes bytes that are not UTF-8): not the strict reader's rules.
    const rejected = report.checks.find((check) => check.id === "negative_data_rejection")?.failures ?? [];
    expect(rejected.some((failure) => failure.case.includes("a key repeated in one object"))).toBe(true);
    expect(rejected.every((failure) => /a key repeated|not UTF-8/.test(failure.case))).toBe(true);
    // An observe command is answered like any other command.
    expect(outcome.observe_not_answered).toBe("failed");
  }, 120_000);

  it("configs: stops answering after a body whose key holds a byte that is not UTF-8", async () => {
    const report = await verify({
      api: "configs",
      baseUrl: prism.urls.configs,
      accessKey: "any",
      seed: 1,
      maxRequests: 300,
    });
    expect(report.stoppedBy).toBe("server-stopped");
    const [crash] = report.checks.find((check) => check.id === "not_a_server_error")?.failures ?? [];
    expect(crash?.case).toContain("a byte that is not UTF-8");
    expect(crash?.message).toContain("it stopped answering");
    // Prism 5.14.2 names the unknown key (U+FFFD in it) in its sl-violations header, which Node refuses to send.
    expect(prism.output()).toContain('TypeError: Invalid character in header content ["sl-violations"]');
    // Until then: every valid config accepted with the declared 201, and any key taken.
    expect(report.checks.find((check) => check.id === "positive_data_acceptance")?.outcome).toBe("passed");
    expect(report.checks.find((check) => check.id === "status_code_conformance")?.outcome).toBe("passed");
  }, 120_000);
});
