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
import type { CheckId } from "./check-ids.js";
import { CHECKS, type CheckContext, type Exchange } from "./checks.js";
import { loadApi, type VerifiedApi, type VerifiedOperation } from "./contract.js";
import { allocateRuns, familiesOf, type CaseInput, type Family } from "./families.js";
import { curlOf, send, type CredentialUse, type Outcome, type SentRequest, type Transport } from "./http.js";
import { MUTATION_KINDS, mutationsOf } from "./mutations.js";
import type { CheckResult, CoverageEntry, VerifyFailure, VerifyReport } from "./report.js";
import { isSchemaObject, shapeOf } from "./schema-model.js";
import { judgeWebhooks, type WebhookResult } from "./webhook-checks.js";
import { startWebhookReceiver } from "./webhook.js";

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
  const variant = "89ab"[Number.parseInt(hex[16] ?? "0", 16) % 4] ?? "8";
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** One failure per check, operation and way of failing (the rule an invalid body breaks, which credential). */
const failureKey = (check: CheckId, exchange: Exchange): string =>
  `${check}\u0000${exchange.operation.operationId}\u0000${exchange.kind === "invalid" ? exchange.rule : exchange.kind}`;
const checkOfKey = (key: string): string => key.split("\u0000")[0] ?? "";

/** Throws `VerifyOptionError` for an option verify cannot run with. */
function checkOptions(options: VerifyOptions): void {
  if (!URL.canParse(options.baseUrl) || !["http:", "https:"].includes(new URL(options.baseUrl).protocol))
    throw new VerifyOptionError("baseUrl must be an http(s) URL");
  if (options.accessKey === "") throw new VerifyOptionError("accessKey must not be empty");
  const whole = (name: string, value: number | undefined, min: number) => {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < min))
      throw new VerifyOptionError(`${name} must be a whole number, at least ${min}`);
  };
  whole("seed", options.seed, -(2 ** 31));
  whole("maxRequests", options.maxRequests, 1);
  whole("timeLimitMs", options.timeLimitMs, 1);
  whole("requestTimeoutMs", options.requestTimeoutMs, 1);
  whole("webhook.port", options.webhook?.port, 0);
  whole("webhook.waitMs", options.webhook?.waitMs, 1);
}

/** The state of one run: the budget, what was sent and judged, and the failures found. */
class Run {
  readonly api: VerifiedApi;
  readonly baseUrl: string;
  readonly seed: number;
  readonly transport: Transport;
  readonly startedAt = performance.now();
  requests = 0;
  stoppedBy: VerifyReport["stoppedBy"] = "completed";
  discardedBodies = 0;
  /** What reached the server: messages accepted with an `id`, for the webhook checks. */
  readonly tracked: Exchange[] = [];
  /** By `failureKey`: the first failure seen, replaced by its shrunk form once fast-check has shrunk it. */
  readonly failures = new Map<string, FailureRecord>();
  readonly judged = new Map<CheckId, number>();
  readonly failedCount = new Map<CheckId, number>();
  /** Requests sent per case (`operation \0 family label`), shrinking left out. */
  readonly sentByCase = new Map<string, number>();
  readonly #options: VerifyOptions;
  readonly #maxRequests: number;
  readonly #deadline: number;
  readonly #checks: readonly (typeof CHECKS)[number][];
  readonly #context: CheckContext;
  readonly #limiter: RateLimiter | undefined;
  readonly #shrinkBudget: number;
  readonly #freshIds: ReadonlySet<string>;
  #idCounter = 0;
  #answered = false;
  #unreachable: string | undefined;
  /** The first of the requests in a row that got no answer, and how many there were. */
  #silence: { first: Exchange; count: number } | undefined;

  constructor(api: VerifiedApi, options: VerifyOptions) {
    this.api = api;
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.#maxRequests = options.maxRequests ?? VERIFY_DEFAULTS.maxRequests;
    this.#deadline = options.timeLimitMs === undefined ? Infinity : this.startedAt + options.timeLimitMs;
    const excluded = new Set(options.exclude ?? []);
    this.#checks = CHECKS.filter((check) => !excluded.has(check.id));
    this.#context = { validators: api.validators, registry: api.registry };
    this.#limiter = rateLimiterOf(api, options.rate);
    this.#shrinkBudget = Math.min(MAX_SHRINK_REQUESTS, Math.max(10, Math.floor(this.#maxRequests / 10)));
    this.transport = {
      security: api.descriptor.credential.security,
      key: options.accessKey,
      timeoutMs: options.requestTimeoutMs ?? VERIFY_DEFAULTS.requestTimeoutMs,
    };
    // Where the API matches ids (a message's id, "never reuse": the seed; a command's, the response's reference),
    // every request gets a new one.
    this.#freshIds = new Set(
      api.operations
        .filter((operation) => {
          const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))?.[1];
          const answersById =
            typeof success === "string" && shapeOf(api.registry, api.registry.named(success)).required.has("id");
          return operation.idempotentWith === "id" || answersById;
        })
        .map((operation) => operation.operationId),
    );
  }

  get serverStopped(): boolean {
    return this.#silence !== undefined && this.#silence.count >= STOPPED_AFTER;
  }

  /** True when no more request may start (and says why in `stoppedBy`). */
  outOfBudget(): boolean {
    if (this.#unreachable !== undefined) return true;
    if (this.serverStopped) this.stoppedBy = "server-stopped";
    else if (this.requests >= this.#maxRequests) this.stoppedBy = "max-requests";
    else if (performance.now() >= this.#deadline) this.stoppedBy = "time-limit";
    else return false;
    return true;
  }

  /** Runs every family once, so that a small budget still covers every case; then the rest of the runs, shrinking. */
  async runAll(): Promise<readonly Family[]> {
    const families = familiesOf(this.api);
    for (const [index, family] of families.entries()) await this.#runFamily(index, family, 1, false);
    const runs = allocateRuns(families, Math.max(0, Math.floor(this.#maxRequests * RUN_SHARE) - this.requests));
    for (const [index, family] of families.entries()) {
      const unshrunk = [...this.failures.values()].some((record) => !record.shrunk && record.family === family);
      await this.#runFamily(index, family, (runs[index] ?? 0) + (unshrunk ? RERUNS_TO_SHRINK : 0), true);
    }
    if (this.serverStopped && this.#silence !== undefined) {
      // Shrinking against a server that no longer answers proves nothing: the first silent request is reported.
      const { first, count } = this.#silence;
      for (const [key, record] of [...this.failures])
        if (checkOfKey(key) === "not_a_server_error" && "error" in record.exchange.outcome) this.failures.delete(key);
      const reason = "error" in first.outcome ? first.outcome.error : "no answer";
      this.failures.set(failureKey("not_a_server_error", first), {
        family: families.find((family) => family.operation === first.operation) as Family,
        exchange: first,
        message: `no answer: ${reason}; the server answered none of the ${count - 1} requests after it: it stopped answering`,
        shrunk: false,
      });
    }
    return families;
  }

  /** Runs a family as a fast-check property; with `shrink`, the first new failure is shrunk to a minimal case. */
  async #runFamily(index: number, family: Family, runs: number, shrink: boolean): Promise<void> {
    const caseKey = `${family.operation.label}\u0000${family.label}`;
    let remaining = runs;
    for (let attempt = 0; remaining > 0 && !this.outOfBudget(); attempt += 1) {
      const state = {
        target: undefined as string | undefined,
        failing: undefined as FailureRecord | undefined,
        spent: 0,
      };
      const property = fc.asyncProperty(family.arbitrary, async (input) => {
        if (this.outOfBudget()) return true;
        const shrinking = state.target !== undefined;
        if (shrinking && state.spent >= this.#shrinkBudget) return true;
        if (shrinking) state.spent += 1;
        const exchange = await this.#perform(family, input);
        if (exchange === undefined) return true;
        if (!shrinking) this.sentByCase.set(caseKey, (this.sentByCase.get(caseKey) ?? 0) + 1);
        const failed = new Map(
          [...this.#judge(exchange, !shrinking)].map(
            ([check, message]) => [failureKey(check, exchange), message] as const,
          ),
        );
        if (!shrinking)
          for (const [key, message] of failed)
            if (!this.failures.has(key)) this.failures.set(key, { family, exchange, message, shrunk: false });
        // The property fails for one failure (the target) only, so that shrinking keeps to it.
        if (state.target === undefined) {
          const fresh = shrink ? [...failed.keys()].find((key) => this.failures.get(key)?.shrunk !== true) : undefined;
          if (fresh === undefined) return true;
          state.target = fresh;
        }
        const message = failed.get(state.target);
        if (message === undefined) return true;
        state.failing = { family, exchange, message, shrunk: true };
        return false;
      });
      const result = await fc.check(property, {
        seed:
          (this.seed + Math.imul(index + 1, 0x9e3779b1) + Math.imul(attempt + 1, 0x85ebca6b) + (shrink ? 1 : 0)) | 0,
        numRuns: remaining,
      });
      // fast-check's last failing run is its counterexample: the smallest the shrinking reached.
      if (state.target !== undefined && state.failing !== undefined) this.failures.set(state.target, state.failing);
      if (!result.failed) break;
      remaining -= result.numRuns;
    }
    if (this.#unreachable !== undefined) throw new VerifyUnreachableError(this.baseUrl, this.#unreachable);
  }

  /** Builds and sends the request of one case; undefined when nothing was sent (a body the validators refuse). */
  async #perform(family: Family, input: CaseInput): Promise<Exchange | undefined> {
    const { operation } = family;
    const body = this.#freshen(operation, input.body);
    let bytes: Uint8Array;
    let label = family.label;
    let rule = "";
    if (family.kind === "invalid") {
      const all = mutationsOf(this.api.registry, operation.request, body);
      const kinds = MUTATION_KINDS.filter((kind) => all.some((mutation) => mutation.kind === kind));
      const [kindIndex, siteIndex] = input.mutation ?? [0, 0];
      const ofKind = all.filter((mutation) => mutation.kind === kinds[kindIndex % kinds.length]);
      const mutation = ofKind[siteIndex % ofKind.length];
      if (mutation === undefined) return undefined;
      bytes = mutation.bytes();
      label = `invalid body: ${mutation.rule}`;
      rule = mutation.kind;
    } else bytes = encoder.encode(JSON.stringify(body));
    // Only what the validators accept is a valid case, and only what they refuse an invalid one (fail closed on a
    // generator or mutation that missed: nothing is sent).
    if (this.#validBytes(operation, bytes) !== (family.kind !== "invalid")) {
      this.discardedBodies += 1;
      return undefined;
    }
    const credential: CredentialUse =
      family.kind === "no-credential" ? "none" : family.kind === "wrong-credential" ? "wrong" : "valid";
    const request: SentRequest = {
      method: operation.method,
      url: `${this.baseUrl}${operation.path}`,
      body: bytes,
      credential,
    };
    const outcome = await this.#exchange(request, operation);
    const exchange: Exchange = { operation, kind: family.kind, label, rule, request, body, outcome };
    if ("response" in outcome) this.#silence = undefined;
    else this.#silence = { first: this.#silence?.first ?? exchange, count: (this.#silence?.count ?? 0) + 1 };
    const accepted = "response" in outcome && outcome.response.status >= 200 && outcome.response.status < 300;
    if (
      operation.notifiedBy !== undefined &&
      family.kind === "valid" &&
      accepted &&
      isSchemaObject(body) &&
      typeof body.id === "string"
    )
      this.tracked.push(exchange);
    return exchange;
  }

  /** The body with a new `id` where the operation matches ids. */
  #freshen(operation: VerifiedOperation, body: unknown): unknown {
    return this.#freshIds.has(operation.operationId) && isSchemaObject(body) && typeof body.id === "string"
      ? { ...body, id: idFrom(this.seed, this.#idCounter++) }
      : body;
  }

  #validBytes(operation: VerifiedOperation, bytes: Uint8Array): boolean {
    try {
      return this.api.validators.validate(operation.schema, readJson(bytes)).valid;
    } catch (caught) {
      if (caught instanceof JsonSyntaxError) return false;
      throw caught;
    }
  }

  /** Sends, retrying a 429 after its Retry-After while the budget and the time allow. */
  async #exchange(request: SentRequest, operation: VerifiedOperation): Promise<Outcome> {
    let outcome = await this.#sendOnce(request, operation);
    for (let retry = 0; retry < RATE_LIMIT_RETRIES; retry += 1) {
      if (!("response" in outcome) || outcome.response.status !== 429) break;
      const waitMs = retryAfterMs(outcome.response.headers["retry-after"]);
      if (performance.now() + waitMs >= this.#deadline || this.requests >= this.#maxRequests) break;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      outcome = await this.#sendOnce(request, operation);
    }
    if ("response" in outcome) this.#answered = true;
    else if (!this.#answered) this.#unreachable = outcome.error;
    return outcome;
  }

  async #sendOnce(request: SentRequest, operation: VerifiedOperation): Promise<Outcome> {
    const release = await this.#limiter?.acquire(rateKind(this.#options.rate, operation));
    this.requests += 1;
    try {
      return await send(this.transport, request);
    } finally {
      release?.();
    }
  }

  /** The failed checks of one exchange, by id; `counting` adds it to the tallies (shrinking runs are not counted). */
  #judge(exchange: Exchange, counting: boolean): Map<CheckId, string> {
    const failed = new Map<CheckId, string>();
    for (const check of this.#checks) {
      const verdict = check.judge?.(exchange, this.#context);
      if (verdict === null || check.judge === undefined) continue;
      if (counting) this.judged.set(check.id, (this.judged.get(check.id) ?? 0) + 1);
      if (verdict === undefined) continue;
      failed.set(check.id, verdict);
      if (counting) this.failedCount.set(check.id, (this.failedCount.get(check.id) ?? 0) + 1);
    }
    return failed;
  }

  /** The report of the run, with the webhook checks' results when there were any. */
  report(
    families: readonly Family[],
    webhooks: ReadonlyMap<CheckId, WebhookResult> | undefined,
    webhookUrl: string | undefined,
  ): VerifyReport {
    const excluded = new Set(this.#options.exclude ?? []);
    const checks: CheckResult[] = CHECKS.map((check) => {
      const base = { id: check.id, why: check.why, scope: check.scope };
      if (excluded.has(check.id)) return { ...base, outcome: "skipped", judged: 0, failed: 0, failures: [] };
      const webhook = check.scope === "webhook" ? webhooks?.get(check.id) : undefined;
      const failures =
        check.scope === "webhook"
          ? (webhook?.failures ?? [])
          : [...this.failures]
              .filter(([key]) => checkOfKey(key) === check.id)
              .map(([, record]) => this.#failureOf(check.id, record));
      const judged = check.scope === "webhook" ? (webhook?.judged ?? 0) : (this.judged.get(check.id) ?? 0);
      const failed = check.scope === "webhook" ? (webhook?.failed ?? 0) : (this.failedCount.get(check.id) ?? 0);
      return {
        ...base,
        outcome: failures.length > 0 ? "failed" : judged > 0 ? "passed" : "skipped",
        judged,
        failed: Math.max(failed, failures.length),
        failures,
      };
    });
    const coverage: CoverageEntry[] = families.map((family) => ({
      operation: family.operation.label,
      case: family.label,
      sent: this.sentByCase.get(`${family.operation.label}\u0000${family.label}`) ?? 0,
    }));
    return {
      api: this.api.descriptor.api,
      baseUrl: this.baseUrl,
      seed: this.seed,
      requests: this.requests,
      durationMs: Math.round(performance.now() - this.startedAt),
      stoppedBy: this.stoppedBy,
      discardedBodies: this.discardedBodies,
      webhookUrl,
      checks,
      coverage,
      conformant: checks.every((check) => check.outcome !== "failed"),
    };
  }

  #failureOf(check: CheckId, record: FailureRecord): VerifyFailure {
    const response = "response" in record.exchange.outcome ? record.exchange.outcome.response : undefined;
    return {
      check,
      operationId: record.exchange.operation.operationId,
      operation: record.exchange.operation.label,
      case: caseLabel(record.exchange),
      message: record.message,
      reproduction: curlOf(this.transport.security, record.exchange.request),
      status: response?.status,
      responseExcerpt: response === undefined ? undefined : excerpt(response.body, this.transport.key),
      shrunk: record.shrunk,
    };
  }
}

/**
 * Verifies the implementation at `options.baseUrl` against the contract of `options.api` and resolves with the
 * report. Rejects with `VerifyUnreachableError` when nothing answers the first request, `VerifyOptionError` for an
 * option it cannot run with, `UnknownApiError` for an API it does not know.
 */
export async function verify(options: VerifyOptions): Promise<VerifyReport> {
  checkOptions(options);
  const api = await loadApi(options.api);
  const run = new Run(api, options);
  const receiver =
    options.webhook === undefined
      ? undefined
      : await startWebhookReceiver(options.webhook.port, options.webhook.host ?? VERIFY_DEFAULTS.webhookHost);
  try {
    if (receiver !== undefined) await options.onWebhookListening?.(receiver.url);
    const families = await run.runAll();
    // A server that stopped answering sends no notifications either: the webhook checks are then skipped.
    const webhooks =
      receiver === undefined || run.serverStopped
        ? undefined
        : await judgeWebhooks(
            api,
            receiver,
            run.tracked,
            options.webhook?.waitMs ?? VERIFY_DEFAULTS.webhookWaitMs,
            CHECKS.map((check) => check.id).filter((id) => !(options.exclude ?? []).includes(id)),
          );
    return run.report(families, webhooks, receiver?.url);
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
