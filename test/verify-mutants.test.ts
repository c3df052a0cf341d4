import { describe, expect, it } from "vitest";
import { createSandbox, type SandboxOptions } from "../runtime/sandbox/server.js";
import { CHECK_IDS, verify, type CheckId, type VerifyReport } from "../runtime/verify/index.js";
import { jsonAnswer, startFaultProxy, startWebhookRelay, type Fault } from "./helpers/fault-proxy.js";

// docs/verify.md#proven-on-real-implementations: faults injected into copies of the sandbox, each by a loopback HTTP
// layer in front of it (or a relay between it and the bot's webhook URL), never by a switch in the sandbox's code.
// Each must be caught by the check named for it, and by no other: the checks are specific as well as sensitive.

const ACCESS_KEY = "mutant-access-key";
const CONFIGS_KEY = "mutant-configs-key";
const SEED = 20251128;

interface Mutant {
  /** The fault, as a sentence. */
  name: string;
  api: "messaging" | "configs";
  fault?: Fault;
  /** Changes each payload the sandbox POSTs to the bot (`undefined`: dropped). */
  webhook?: (payload: unknown) => unknown;
  sandbox?: SandboxOptions;
  /** The checks that must fail: exactly these. */
  caughtBy: CheckId[];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const empty = (status: number) => ({ status, headers: {}, body: Buffer.alloc(0) });
const json = (body: Buffer) => record(JSON.parse(body.toString("utf8")));
const is2xx = (status: number) => status >= 200 && status < 300;

const MUTANTS: Mutant[] = [
  {
    name: "accepts an invalid message (202 where the sandbox refuses it with 400)",
    api: "messaging",
    fault: {
      response: (request, answer) => (request.path === "/messages" && answer.status === 400 ? empty(202) : answer),
    },
    caughtBy: ["negative_data_rejection"],
  },
  {
    name: "answers 200 instead of 202 to an accepted message",
    api: "messaging",
    fault: {
      response: (request, answer) => (request.path === "/messages" && answer.status === 202 ? empty(200) : answer),
    },
    caughtBy: ["status_code_conformance"],
  },
  {
    name: "never answers 401: the credential is ignored (replaced by the right one before the server sees it)",
    api: "messaging",
    fault: {
      request: (request) => {
        request.headers.authorization = `Key ${ACCESS_KEY}`;
      },
    },
    caughtBy: ["ignored_auth"],
  },
  {
    name: "answers a command with a response that does not carry the request's id",
    api: "messaging",
    fault: {
      response: (request, answer) =>
        request.path === "/commands" && answer.status === 200
          ? jsonAnswer(200, { ...json(answer.body), id: `not-${String(json(answer.body).id)}` })
          : answer,
    },
    caughtBy: ["command_response_id"],
  },
  {
    name: "sends command responses as text/plain",
    api: "messaging",
    fault: {
      response: (request, answer) =>
        request.path === "/commands" && answer.status === 200
          ? { ...answer, headers: { ...answer.headers, "content-type": "text/plain; charset=utf-8" } }
          : answer,
    },
    caughtBy: ["content_type_conformance"],
  },
  {
    name: "fails with 500 on one media type (select messages)",
    api: "messaging",
    fault: {
      response: (request, answer) =>
        request.path === "/messages" &&
        record(request.json).type === "application/vnd.lime.select+json" &&
        is2xx(answer.status)
          ? jsonAnswer(500, { error: "select is not implemented" })
          : answer,
    },
    caughtBy: ["not_a_server_error"],
  },
  {
    name: "refuses valid collection messages with 400",
    api: "messaging",
    fault: {
      response: (request, answer) =>
        request.path === "/messages" &&
        record(request.json).type === "application/vnd.lime.collection+json" &&
        is2xx(answer.status)
          ? empty(400)
          : answer,
    },
    caughtBy: ["positive_data_acceptance"],
  },
  {
    name: "refuses an invalid notification with 422, a status the document does not declare",
    api: "messaging",
    fault: {
      response: (request, answer) => (request.path === "/notifications" && answer.status === 400 ? empty(422) : answer),
    },
    caughtBy: ["status_code_conformance"],
  },
  {
    name: "answers commands with an invalid response (status done)",
    api: "messaging",
    fault: {
      response: (request, answer) =>
        request.path === "/commands" && answer.status === 200
          ? jsonAnswer(200, { ...json(answer.body), status: "done" })
          : answer,
    },
    caughtBy: ["response_schema_conformance"],
  },
  {
    name: "answers an observe command with a command response",
    api: "messaging",
    fault: {
      response: (request, answer) =>
        request.path === "/commands" && record(request.json).method === "observe" && answer.status === 400
          ? jsonAnswer(200, {
              id: "observed",
              from: "postmaster@sandbox.example.net",
              to: "bot@sandbox.example.net",
              method: "get",
              status: "success",
              resource: {},
            })
          : answer,
    },
    caughtBy: ["observe_not_answered"],
  },
  {
    name: "loses the notifications of some messages",
    api: "messaging",
    webhook: (payload) => (/^[0-7]/.test(String(record(payload).id)) ? undefined : payload),
    caughtBy: ["notification_delivery"],
  },
  {
    name: "sends failed notifications without a reason",
    api: "messaging",
    sandbox: { failRecipients: /^[0-9]/ },
    webhook: (payload) => {
      const { reason: _reason, ...rest } = record(payload);
      return rest.event === "failed" ? rest : payload;
    },
    caughtBy: ["webhook_payload_conformance"],
  },
  {
    name: "configs: never answers 401 (the API key is replaced by the right one)",
    api: "configs",
    fault: {
      request: (request) => {
        request.headers.authorization = CONFIGS_KEY;
      },
    },
    caughtBy: ["ignored_auth"],
  },
  {
    name: "configs: stores a config with an unknown key (201 where the sandbox refuses it with 400)",
    api: "configs",
    fault: {
      response: (request, answer) =>
        answer.status === 400 && JSON.stringify(request.json ?? null).includes("specfirst_verify_unknown_key")
          ? jsonAnswer(201, { stored: true })
          : answer,
    },
    caughtBy: ["negative_data_rejection"],
  },
  {
    name: "configs: fails with 500 on one output kind (kafka)",
    api: "configs",
    fault: {
      response: (request, answer) =>
        is2xx(answer.status) && record(record(request.json).output).kafka !== undefined
          ? jsonAnswer(500, { error: "kafka output is not implemented" })
          : answer,
    },
    caughtBy: ["not_a_server_error"],
  },
  {
    name: "configs: answers 200 instead of the declared 201",
    api: "configs",
    fault: { response: (_request, answer) => (answer.status === 201 ? { ...answer, status: 200 } : answer) },
    caughtBy: ["status_code_conformance"],
  },
];

async function runMutant(mutant: Mutant): Promise<VerifyReport> {
  const relay =
    mutant.api === "messaging" ? await startWebhookRelay(mutant.webhook ?? ((payload) => payload)) : undefined;
  const sandbox = createSandbox({
    accessKey: ACCESS_KEY,
    configsKey: CONFIGS_KEY,
    notificationsWebhook: relay === undefined ? undefined : `${relay.url}/notifications`,
    ...mutant.sandbox,
  });
  const proxy = await startFaultProxy(await sandbox.start(), mutant.fault);
  try {
    return await verify({
      api: mutant.api,
      baseUrl: proxy.url,
      accessKey: mutant.api === "messaging" ? ACCESS_KEY : CONFIGS_KEY,
      seed: SEED,
      maxRequests: 120,
      webhook: relay === undefined ? undefined : { port: 0, waitMs: 2000 },
      onWebhookListening: (url) => relay?.forwardTo(url),
    });
  } finally {
    await proxy.close();
    await sandbox.close();
    await relay?.close();
  }
}

describe("verify catches each fault injected into the sandbox with the check named for it", () => {
  it("has at least ten faults, and a fault for every check verify has", () => {
    expect(MUTANTS.filter((mutant) => mutant.caughtBy.length > 0).length).toBeGreaterThanOrEqual(10);
    expect(new Set(MUTANTS.flatMap((mutant) => mutant.caughtBy))).toEqual(new Set(CHECK_IDS));
  });

  it.each(MUTANTS.map((mutant) => [mutant.name, mutant] as const))("%s", async (_name, mutant) => {
    const report = await runMutant(mutant);
    const failed = report.checks.filter((check) => check.outcome === "failed").map((check) => check.id);
    expect(
      failed.sort(),
      JSON.stringify(
        report.checks.flatMap((check) => check.failures),
        null,
        2,
      ),
    ).toEqual([...mutant.caughtBy].sort());
    expect(report.conformant).toBe(mutant.caughtBy.length === 0);
    for (const failure of report.checks.flatMap((check) => check.failures)) {
      expect(JSON.stringify(failure)).not.toContain(ACCESS_KEY);
      expect(JSON.stringify(failure)).not.toContain(CONFIGS_KEY);
    }
  });
});
