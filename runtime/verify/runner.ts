/**
 * `verify()`: property-based conformance testing of a running implementation against the contract. For each
 * operation it runs families of cases (one per variant of the body, any valid body, invalid bodies, no credential, a
 * wrong credential) as fast-check properties: every request is judged by every check of runtime/verify/checks.ts,
 * and the first failure of a check on an operation is shrunk by fast-check to a minimal request. Every generated
 * body goes through the API's validators before it is sent, so a generator mistake is never reported as the
 * server's. docs/verify.md says what a run covers and how it is bounded.
 */
import fc from "fast-check";
import { createRateLimiter, type RateLimiter } from "../client/limiter.js";
import { JsonSyntaxError, readJson } from "../json/read-json.js";
import { CHECKS, type CheckContext, type CheckId, type Exchange, type ExchangeKind } from "./checks.js";
import { loadApi, webhookOf, type VerifiedApi, type VerifiedOperation } from "./contract.js";
import { curlOf, send, type CredentialUse, type Outcome, type SentRequest, type Transport } from "./http.js";
import { MUTATION_KINDS, mutationsOf } from "./mutations.js";
import type { CheckResult, CoverageEntry, VerifyFailure, VerifyReport } from "./report.js";
import { isSchemaObject, sameJson, shapeOf } from "./schema-model.js";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook.js";

export interface VerifyOptions {
  /** The API of the contract: `messaging` or `configs`. */
  api: string;
  /** Where the implementation answers: scheme, host and any path prefix (`http://127.0.0.1:8080`). */
  baseUrl: string;
  /** The key of the API's security scheme (messaging: sent as `Authorization: Key <key>`); never printed. */
  accessKey: string;
  /** Seed of the generation: the same seed, versions and server give the same requests. Default: random. */
  seed?: number;
  /** Most HTTP requests sent, shrinking and retries included. Default 500. */
  maxRequests?: number;
  /** Stop starting requests after this long (ms). Default: no limit. */
  timeLimitMs?: number;
  /** Requests per second, in total; or a plan of the API (`free`): each operation under its kind's figure. */
  rate?: number | string;
  /** Stand in for the bot's webhook URLs: messaging's delivery checks (`notification_delivery`, ...). */
  webhook?: {
    /** 0: a free port (see `onWebhookListening`). */
    port: number;
    /** Default 127.0.0.1. */
    host?: string;
    /** How long to wait for notifications after the last message (ms). Default 5000. */
    waitMs?: number;
  };
  /** Called with the bot's base URL (`http://127.0.0.1:<port>`) once it listens, before any request. */
  onWebhookListening?: (url: string) => void | Promise<void>;
  /** Checks not to run. */
  exclude?: readonly CheckId[];
  /** Longest wait for one answer (ms). Default 10000. */
  requestTimeoutMs?: number;
}

/** An option verify cannot run with (a base URL that is not http(s), a rate that is no plan of the API): exit 2. */
export class VerifyOptionError extends Error {
  constructor(message: string) {
    super(`verify: ${message}`);
    this.name = "VerifyOptionError";
  }
}

/** The server could not be reached at all (nothing answered the first request): exit 2 in the CLI. */
export class VerifyUnreachableError extends Error {
  constructor(baseUrl: string, reason: string) {
    super(`cannot reach ${baseUrl}: ${reason}`);
    this.name = "VerifyUnreachableError";
  }
}

export const VERIFY_DEFAULTS = Object.freeze({
  maxRequests: 500,
  webhookWaitMs: 5000,
  requestTimeoutMs: 10_000,
  webhookHost: "127.0.0.1",
});

/** A 429 is retried this many times, after its `Retry-After` (at most MAX_RETRY_AFTER_MS). */
const RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 10_000;
/** Most requests spent shrinking one failure (and at most a tenth of --max-requests, at least 10). */
const MAX_SHRINK_REQUESTS = 100;
/** Share of the budget given to runs; the rest is left for shrinking and retries. */
const RUN_SHARE = 0.8;
/** Requests in a row without an answer after which the server is taken to have stopped (the run ends). */
const STOPPED_AFTER = 3;
/** Runs given to a family whose failure was found on its first run, so that fast-check meets it again and shrinks it. */
const RERUNS_TO_SHRINK = 3;
/** Quiet time that ends the wait for more webhook payloads once every message has one. */
const WEBHOOK_QUIET_MS = 200;

interface CaseInput {
  readonly body: unknown;
  /** For invalid bodies: which kind of mutation, which one of that kind. */
  readonly mutation?: readonly [number, number];
}

interface Family {
  readonly operation: VerifiedOperation;
  readonly kind: ExchangeKind;
  /** Coverage label: `type=text/plain`, `any valid body`, `invalid bodies`. */
  readonly label: string;
  readonly arbitrary: fc.Arbitrary<CaseInput>;
  /** Share of the runs beyond the first. */
  readonly weight: number;
}

interface FailureRecord {
  readonly family: Family;
  readonly exchange: Exchange;
  readonly message: string;
  readonly shrunk: boolean;
}

/** A UUID (version 4 form) from the seed and a counter: fresh per request, the same for the same seed. */
function idFrom(seed: number, counter: number): string {
  let state = (seed ^ Math.imul(counter + 1, 0x9e3779b1)) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const hex = [next(), next(), next(), next()].map((word) => word.toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${"89ab"[Number.parseInt(hex[16] ?? "0", 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export async function verify(options: VerifyOptions): Promise<VerifyReport> {
  const api = await loadApi(options.api);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const base = new URL(baseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw new VerifyOptionError("baseUrl must be an http(s) URL");
  if (options.accessKey === "") throw new VerifyOptionError("accessKey must not be empty");
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const maxRequests = options.maxRequests ?? VERIFY_DEFAULTS.maxRequests;
  const startedAt = performance.now();
  const deadline = options.timeLimitMs === undefined ? Infinity : startedAt + options.timeLimitMs;
  const excluded = new Set(options.exclude ?? []);
  const activeChecks = CHECKS.filter((check) => !excluded.has(check.id));
  const limiter = rateLimiterOf(api, options.rate);
  const transport: Transport = {
    security: api.descriptor.credential.security,
    key: options.accessKey,
    timeoutMs: options.requestTimeoutMs ?? VERIFY_DEFAULTS.requestTimeoutMs,
  };
  const context: CheckContext = { validators: api.validators, registry: api.registry };

  let receiver: WebhookReceiver | undefined;
  if (options.webhook !== undefined) {
    receiver = await startWebhookReceiver(options.webhook.port, options.webhook.host ?? VERIFY_DEFAULTS.webhookHost);
  }
  try {
    if (receiver !== undefined) await options.onWebhookListening?.(receiver.url);
    let requests = 0;
    let answered = false;
    let unreachable: string | undefined;
    let stoppedBy: VerifyReport["stoppedBy"] = "completed";
    let idCounter = 0;
    let discardedBodies = 0;
    const judged = new Map<CheckId, number>();
    const failedCount = new Map<CheckId, number>();
    /** (check, operationId) → its failure: unshrunk until fast-check has shrunk it. */
    const failures = new Map<string, FailureRecord>();
    const sentByCase = new Map<string, number>();
    const tracked: Exchange[] = [];

    /** The first of the requests in a row that got no answer, and how many there were. */
    let silence: { first: Exchange; count: number } | undefined;
    const serverStopped = () => silence !== undefined && silence.count >= STOPPED_AFTER;
    const outOfBudget = (): boolean => {
      if (unreachable !== undefined) return true;
      if (serverStopped()) {
        stoppedBy = "server-stopped";
        return true;
      }
      if (requests >= maxRequests) {
        stoppedBy = "max-requests";
        return true;
      }
      if (performance.now() >= deadline) {
        stoppedBy = "time-limit";
        return true;
      }
      return false;
    };

    const freshIds = new Map(
      api.operations.map((operation) => {
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))?.[1];
        const answersById =
          typeof success === "string" && shapeOf(api.registry, api.registry.named(success)).required.has("id");
        return [operation.operationId, operation.idempotentWith === "id" || answersById];
      }),
    );
    /** The body with a new `id` where the API matches ids (a message's id is never reused: the seed). */
    const freshen = (operation: VerifiedOperation, body: unknown): unknown =>
      freshIds.get(operation.operationId) === true && isSchemaObject(body) && typeof body.id === "string"
        ? { ...body, id: idFrom(seed, idCounter++) }
        : body;

    const exchangeOnce = async (request: SentRequest, operation: VerifiedOperation): Promise<Outcome> => {
      const release = limiter === undefined ? undefined : await limiter.acquire(rateKind(options.rate, operation));
      requests += 1;
      try {
        return await send(transport, request);
      } finally {
        release?.();
      }
    };

    /** Sends, retrying a 429 after its Retry-After while the budget and the time allow. */
    const exchange = async (request: SentRequest, operation: VerifiedOperation): Promise<Outcome> => {
      let outcome = await exchangeOnce(request, operation);
      for (let retry = 0; retry < RATE_LIMIT_RETRIES; retry += 1) {
        if (!("response" in outcome) || outcome.response.status !== 429) break;
        const waitMs = retryAfterMs(outcome.response.headers["retry-after"]);
        if (performance.now() + waitMs >= deadline || requests >= maxRequests) break;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        outcome = await exchangeOnce(request, operation);
      }
      if ("response" in outcome) answered = true;
      else if (!answered) unreachable = outcome.error;
      return outcome;
    };

    const validBytes = (operation: VerifiedOperation, bytes: Uint8Array): boolean => {
      try {
        return api.validators.validate(operation.schema, readJson(bytes)).valid;
      } catch (caught) {
        if (caught instanceof JsonSyntaxError) return false;
        throw caught;
      }
    };

    /** Builds and sends the request of one case; undefined when nothing was sent (a body the validators refuse). */
    const perform = async (family: Family, input: CaseInput): Promise<Exchange | undefined> => {
      const { operation } = family;
      const body = freshen(operation, input.body);
      let bytes: Uint8Array;
      let label = family.label;
      let rule = "";
      if (family.kind === "invalid") {
        const all = mutationsOf(api.registry, operation.request, body);
        const kinds = MUTATION_KINDS.filter((kind) => all.some((mutation) => mutation.kind === kind));
        const [kindIndex, siteIndex] = input.mutation ?? [0, 0];
        const ofKind = all.filter((mutation) => mutation.kind === kinds[kindIndex % kinds.length]);
        const mutation = ofKind[siteIndex % ofKind.length];
        if (mutation === undefined) return undefined;
        bytes = mutation.bytes();
        // Only a body the validators refuse is an invalid case (fail closed on a mutation that missed).
        if (validBytes(operation, bytes)) {
          discardedBodies += 1;
          return undefined;
        }
        label = `invalid body: ${mutation.rule}`;
        rule = mutation.kind;
      } else {
        bytes = encoder.encode(JSON.stringify(body));
        if (!validBytes(operation, bytes)) {
          discardedBodies += 1;
          return undefined;
        }
      }
      const credential: CredentialUse =
        family.kind === "no-credential" ? "none" : family.kind === "wrong-credential" ? "wrong" : "valid";
      const request: SentRequest = {
        method: operation.method,
        url: `${baseUrl}${operation.path}`,
        body: bytes,
        credential,
      };
      const outcome = await exchange(request, operation);
      const done: Exchange = { operation, kind: family.kind, label, rule, request, body, outcome };
      if ("response" in outcome) silence = undefined;
      else silence = silence === undefined ? { first: done, count: 1 } : { ...silence, count: silence.count + 1 };
      if (
        operation.notifiedBy !== undefined &&
        family.kind === "valid" &&
        "response" in outcome &&
        outcome.response.status >= 200 &&
        outcome.response.status < 300 &&
        isSchemaObject(body) &&
        typeof body.id === "string"
      )
        tracked.push(done);
      return done;
    };

    const judge = (exchangeDone: Exchange, counting: boolean): Map<CheckId, string> => {
      const failed = new Map<CheckId, string>();
      for (const check of activeChecks) {
        if (check.judge === undefined) continue;
        const verdict = check.judge(exchangeDone, context);
        if (verdict === null) continue;
        if (counting) judged.set(check.id, (judged.get(check.id) ?? 0) + 1);
        if (verdict === undefined) continue;
        failed.set(check.id, verdict);
        if (counting) failedCount.set(check.id, (failedCount.get(check.id) ?? 0) + 1);
      }
      return failed;
    };

    /** One failure per check, operation and way of failing (the rule an invalid body breaks, which credential). */
    const failureKey = (check: CheckId, done: Exchange): string =>
      `${check}\u0000${done.operation.operationId}\u0000${done.kind === "invalid" ? done.rule : done.kind}`;

    /** Runs a family as a fast-check property; with `shrink`, the first new failure is shrunk to a minimal case. */
    const runFamily = async (index: number, family: Family, runs: number, shrink: boolean): Promise<void> => {
      const caseKey = `${family.operation.label}\u0000${family.label}`;
      let remaining = runs;
      for (let attempt = 0; remaining > 0 && !outOfBudget(); attempt += 1) {
        const state = {
          target: undefined as string | undefined,
          failing: undefined as FailureRecord | undefined,
          spent: 0,
        };
        const property = fc.asyncProperty(family.arbitrary, async (input) => {
          if (outOfBudget()) return true;
          const shrinking = state.target !== undefined;
          if (shrinking && state.spent >= shrinkBudget) return true;
          if (shrinking) state.spent += 1;
          const done = await perform(family, input);
          if (done === undefined) return true;
          if (!shrinking) sentByCase.set(caseKey, (sentByCase.get(caseKey) ?? 0) + 1);
          const failed = new Map(
            [...judge(done, !shrinking)].map(([check, message]) => [failureKey(check, done), message] as const),
          );
          if (!shrinking)
            for (const [key, message] of failed)
              if (!failures.has(key)) failures.set(key, { family, exchange: done, message, shrunk: false });
          if (state.target === undefined) {
            const fresh = shrink ? [...failed.keys()].find((key) => failures.get(key)?.shrunk !== true) : undefined;
            if (fresh === undefined) return true;
            state.target = fresh;
            state.failing = { family, exchange: done, message: failed.get(fresh) ?? "", shrunk: true };
            return false;
          }
          const message = failed.get(state.target);
          if (message === undefined) return true;
          state.failing = { family, exchange: done, message, shrunk: true };
          return false;
        });
        const result = await fc.check(property, {
          seed: (seed + Math.imul(index + 1, 0x9e3779b1) + Math.imul(attempt + 1, 0x85ebca6b) + (shrink ? 1 : 0)) | 0,
          numRuns: remaining,
        });
        if (state.target !== undefined && state.failing !== undefined) failures.set(state.target, state.failing);
        if (!result.failed) break;
        remaining -= result.numRuns;
      }
      if (unreachable !== undefined) throw new VerifyUnreachableError(baseUrl, unreachable);
    };

    // First every family once, so that a small budget still covers every case; then the rest of the runs, shrinking.
    const families = familiesOf(api);
    const shrinkBudget = Math.min(MAX_SHRINK_REQUESTS, Math.max(10, Math.floor(maxRequests / 10)));
    for (const [index, family] of families.entries()) await runFamily(index, family, 1, false);
    const runs = allocateRuns(families, Math.max(0, Math.floor(maxRequests * RUN_SHARE) - requests));
    for (const [index, family] of families.entries()) {
      const unshrunk = [...failures.values()].some((record) => !record.shrunk && record.family === family);
      await runFamily(index, family, (runs[index] ?? 0) + (unshrunk ? RERUNS_TO_SHRINK : 0), true);
    }

    if (silence !== undefined && serverStopped()) {
      // Shrinking against a server that no longer answers proves nothing: the first silent request is reported.
      const { first, count } = silence;
      const message = `${"error" in first.outcome ? first.outcome.error : "no answer"}; the server answered none of the ${count - 1} requests after it: it stopped answering`;
      for (const key of [...failures.keys()]) if (key.startsWith("not_a_server_error\u0000")) failures.delete(key);
      failures.set(failureKey("not_a_server_error", first), {
        family: families.find((family) => family.operation === first.operation) as Family,
        exchange: first,
        message: `no answer: ${message}`,
        shrunk: false,
      });
    }

    // A server that stopped answering sends no notifications either: the webhook checks are skipped.
    const webhookResults =
      receiver === undefined || serverStopped()
        ? undefined
        : await judgeWebhooks(
            api,
            receiver,
            tracked,
            options.webhook?.waitMs ?? VERIFY_DEFAULTS.webhookWaitMs,
            activeChecks.map((check) => check.id),
          );

    const failureOf = (check: CheckId, record: FailureRecord): VerifyFailure => {
      const response = "response" in record.exchange.outcome ? record.exchange.outcome.response : undefined;
      return {
        check,
        operationId: record.exchange.operation.operationId,
        operation: record.exchange.operation.label,
        case: caseLabel(record.exchange),
        message: record.message,
        reproduction: curlOf(transport.security, record.exchange.request),
        status: response?.status,
        responseExcerpt: response === undefined ? undefined : excerpt(response.body, options.accessKey),
        shrunk: record.shrunk,
      };
    };
    const checks: CheckResult[] = CHECKS.map((check) => {
      if (excluded.has(check.id))
        return {
          id: check.id,
          why: check.why,
          scope: check.scope,
          outcome: "skipped",
          judged: 0,
          failed: 0,
          failures: [],
        };
      if (check.scope === "webhook") {
        const result = webhookResults?.get(check.id);
        const own = result?.failures ?? [];
        return {
          id: check.id,
          why: check.why,
          scope: check.scope,
          outcome: own.length > 0 ? "failed" : (result?.judged ?? 0) > 0 ? "passed" : "skipped",
          judged: result?.judged ?? 0,
          failed: result?.failed ?? 0,
          failures: own,
        };
      }
      const own = [...failures.entries()]
        .filter(([key]) => key.split("\u0000")[0] === check.id)
        .map(([, record]) => failureOf(check.id, record));
      const count = judged.get(check.id) ?? 0;
      return {
        id: check.id,
        why: check.why,
        scope: check.scope,
        outcome: own.length > 0 ? "failed" : count > 0 ? "passed" : "skipped",
        judged: count,
        failed: Math.max(failedCount.get(check.id) ?? 0, own.length),
        failures: own,
      };
    });
    const coverage: CoverageEntry[] = families.map((family) => ({
      operation: family.operation.label,
      case: family.label,
      sent: sentByCase.get(`${family.operation.label}\u0000${family.label}`) ?? 0,
    }));
    return {
      api: api.descriptor.api,
      baseUrl,
      seed,
      requests,
      durationMs: Math.round(performance.now() - startedAt),
      stoppedBy,
      discardedBodies,
      webhookUrl: receiver?.url,
      checks,
      coverage,
      conformant: checks.every((check) => check.outcome !== "failed"),
    };
  } finally {
    await receiver?.close();
  }
}

function caseLabel(exchange: Exchange): string {
  switch (exchange.kind) {
    case "valid":
      return `valid body (${exchange.label})`;
    case "unanswered":
      return `valid body the server must not answer (${exchange.label})`;
    case "invalid":
      return exchange.label;
    case "no-credential":
      return "valid body without a credential";
    case "wrong-credential":
      return "valid body with a wrong credential";
  }
}

/** The start of an answer's body as text, the credential masked (a server may echo it). */
function excerpt(body: Uint8Array, key: string): string {
  const text = decoder.decode(body.subarray(0, 1200)).split(key).join("[REDACTED]");
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function retryAfterMs(header: string | undefined): number {
  const seconds = header === undefined ? Number.NaN : Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = header === undefined ? Number.NaN : Date.parse(header);
  return Number.isFinite(date) ? Math.min(Math.max(date - Date.now(), 0), MAX_RETRY_AFTER_MS) : 1000;
}

const ALL_KINDS = "all";

function rateLimiterOf(api: VerifiedApi, rate: number | string | undefined): RateLimiter | undefined {
  if (rate === undefined) return undefined;
  if (typeof rate === "number") {
    if (!Number.isInteger(rate) || rate < 1)
      throw new VerifyOptionError("rate must be a whole number of requests per second, at least 1");
    return createRateLimiter({ [ALL_KINDS]: rate });
  }
  const plans = Object.keys(api.descriptor.planLimits ?? {});
  if (!plans.includes(rate))
    throw new VerifyOptionError(
      plans.length === 0
        ? `the ${api.descriptor.api} API declares no plans: give the rate as requests per second`
        : `"${rate}" is not a plan of the ${api.descriptor.api} API (${plans.join(", ")})`,
    );
  return createRateLimiter(rate, api.descriptor.planLimits);
}

function rateKind(rate: number | string | undefined, operation: VerifiedOperation): string {
  return typeof rate === "number" ? ALL_KINDS : (operation.category ?? "");
}

/** The families of cases of every operation, interleaved so that a small budget still reaches each operation. */
function familiesOf(api: VerifiedApi): Family[] {
  const perOperation = api.operations.map((operation) => {
    const unanswered = operation.unanswered;
    const isUnanswered = (body: unknown) =>
      unanswered !== undefined && isSchemaObject(body) && sameJson(body[unanswered.property], unanswered.value);
    const any = api.arbitraries.of(operation.request);
    const answerable = any.filter((body) => !isUnanswered(body));
    const input = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((body): CaseInput => ({ body }));
    const list: Family[] = [
      { operation, kind: "no-credential", label: "without a credential", arbitrary: input(answerable), weight: 0 },
      {
        operation,
        kind: "wrong-credential",
        label: "with a wrong credential",
        arbitrary: input(answerable),
        weight: 0,
      },
      { operation, kind: "valid", label: "any valid body", arbitrary: input(answerable), weight: 4 },
      {
        operation,
        kind: "invalid",
        label: "invalid bodies",
        arbitrary: fc
          .tuple(any, fc.nat(), fc.nat())
          .map(([body, kind, site]): CaseInput => ({ body, mutation: [kind, site] })),
        weight: 6,
      },
    ];
    for (const variant of operation.variants) {
      const pinsUnanswered =
        unanswered !== undefined &&
        variant.pinned?.name === unanswered.property &&
        sameJson(variant.pinned.value, unanswered.value);
      const bodies = api.arbitraries.of(operation.request, variant.constraint);
      list.push({
        operation,
        kind: pinsUnanswered ? "unanswered" : "valid",
        label: variant.label,
        arbitrary: input(pinsUnanswered ? bodies : bodies.filter((body) => !isUnanswered(body))),
        weight: 1,
      });
    }
    return list;
  });
  const families: Family[] = [];
  for (let index = 0; perOperation.some((list) => index < list.length); index += 1)
    for (const list of perOperation) {
      const family = list[index];
      if (family !== undefined) families.push(family);
    }
  return families;
}

/** Runs per family beyond the first: `budget` shared by weight, the remainders going to the largest fractions. */
function allocateRuns(families: readonly Family[], budget: number): number[] {
  const totalWeight = families.reduce((sum, family) => sum + family.weight, 0);
  if (totalWeight === 0) return families.map(() => 0);
  const shares = families.map((family) => (budget * family.weight) / totalWeight);
  const runs = shares.map(Math.floor);
  const byFraction = shares
    .map((share, index) => [share - Math.floor(share), index] as const)
    .sort((a, b) => b[0] - a[0]);
  for (const [, index] of byFraction.slice(0, budget - runs.reduce((sum, count) => sum + count, 0)))
    runs[index] = (runs[index] ?? 0) + 1;
  return runs;
}

interface WebhookResult {
  judged: number;
  failed: number;
  failures: VerifyFailure[];
}

/** Waits for the bot's notifications, then judges `notification_delivery` and `webhook_payload_conformance`. */
async function judgeWebhooks(
  api: VerifiedApi,
  receiver: WebhookReceiver,
  tracked: readonly Exchange[],
  waitMs: number,
  active: readonly CheckId[],
): Promise<Map<CheckId, WebhookResult>> {
  const idOf = (bytes: Uint8Array): unknown => {
    try {
      const value = readJson(bytes);
      return isSchemaObject(value) ? value.id : undefined;
    } catch {
      return undefined;
    }
  };
  const notifiedIds = () => new Set(receiver.received.map((payload) => idOf(payload.body)));
  const sentIds = tracked.map((exchange) => (exchange.body as { id: string }).id);
  await receiver.waitFor(() => {
    const seen = notifiedIds();
    return sentIds.every((id) => seen.has(id));
  }, waitMs);
  // Then until the payloads stop coming for a moment (later events of the same messages), within the same wait.
  const waitEnd = performance.now() + waitMs;
  for (let count = -1; count !== receiver.received.length && performance.now() < waitEnd;) {
    count = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_QUIET_MS));
  }

  const results = new Map<CheckId, WebhookResult>();
  const bySize = (a: Exchange, b: Exchange) => a.request.body.byteLength - b.request.body.byteLength;
  const security = api.descriptor.credential.security;
  if (active.includes("notification_delivery")) {
    const seen = notifiedIds();
    const missing = tracked.filter((exchange) => !seen.has((exchange.body as { id: string }).id)).sort(bySize);
    const smallest = missing[0];
    results.set("notification_delivery", {
      judged: tracked.length,
      failed: missing.length,
      failures:
        smallest === undefined
          ? []
          : [
              {
                check: "notification_delivery",
                operationId: smallest.operation.operationId,
                operation: smallest.operation.label,
                case: `valid body (${smallest.label}), the smallest of ${missing.length} without a notification`,
                message: `the message was accepted (${"response" in smallest.outcome ? smallest.outcome.response.status : "?"}) but no notification for its id reached ${receiver.url} within ${waitMs} ms`,
                reproduction: curlOf(security, smallest.request),
                status: undefined,
                responseExcerpt: undefined,
                shrunk: true,
              },
            ],
    });
  }
  if (active.includes("webhook_payload_conformance")) {
    const bySent = new Map(tracked.map((exchange) => [(exchange.body as { id: string }).id, exchange]));
    const problems = new Map<string, { size: number; failure: VerifyFailure }>();
    let failed = 0;
    for (const payload of receiver.received) {
      let problem: string | undefined;
      let webhookName = "webhook";
      let value: unknown;
      try {
        value = readJson(payload.body);
        const webhook = webhookOf(api.descriptor, value);
        if (webhook === undefined) problem = "matches no webhook of the document";
        else {
          webhookName = webhook.name;
          const result = api.validators.validate(webhook.schema, value);
          if (!result.valid)
            problem = `invalid against ${webhook.schema}: ${result.errors
              .slice(0, 3)
              .map((error) => `${error.pointer || "/"} ${error.message}`)
              .join("; ")}`;
        }
      } catch (caught) {
        if (!(caught instanceof JsonSyntaxError)) throw caught;
        problem = `not JSON (${caught.message})`;
      }
      if (problem === undefined) continue;
      failed += 1;
      const key = `${webhookName}\u0000${problem}`;
      const previous = problems.get(key);
      if (previous !== undefined && previous.size <= payload.body.byteLength) continue;
      const cause = isSchemaObject(value) && typeof value.id === "string" ? bySent.get(value.id) : undefined;
      problems.set(key, {
        size: payload.body.byteLength,
        failure: {
          check: "webhook_payload_conformance",
          operationId: cause?.operation.operationId ?? webhookName,
          operation: `${webhookName} (POST ${payload.path})`,
          case:
            cause === undefined
              ? "a payload POSTed to the bot"
              : `a payload about the message sent by ${cause.operation.label}`,
          message: `the payload is ${problem}\npayload: ${decoder.decode(payload.body.subarray(0, 600))}`,
          reproduction: cause === undefined ? undefined : curlOf(security, cause.request),
          status: undefined,
          responseExcerpt: undefined,
          shrunk: true,
        },
      });
    }
    results.set("webhook_payload_conformance", {
      judged: receiver.received.length,
      failed,
      failures: [...problems.values()].map((entry) => entry.failure),
    });
  }
  return results;
}
