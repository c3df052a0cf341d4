/** Retries of idempotent sends: options, exponential backoff with equal jitter, `Retry-After`, an abortable sleep. */

/** Retries of idempotent sends after HTTP 429, 5xx or a network failure. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  /** Delay before the first retry, doubled for each further one, with jitter (default 250). */
  baseDelayMs?: number;
  /** Upper bound of the backoff delay (default 4000). */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits for before retrying (default: `maxDelayMs`). A retry never starts before
   * the server's `Retry-After`; when that is longer than this, the call rejects at once with the server's error
   * (`RateLimitedError` or `ServerError`, carrying `retryAfterMs`).
   */
  maxRetryAfterMs?: number;
}

export type ResolvedRetry = Readonly<Required<RetryOptions>>;

export const RETRY_DEFAULTS: Readonly<Required<Omit<RetryOptions, "maxRetryAfterMs">>> = Object.freeze({
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 4000,
});

/**
 * How the webhook handler retries its confirmations and replies (`sendRetry`, docs/webhooks.md#behaviour): 5
 * attempts, the backoff doubling from 500 ms to at most 8 s, and a `Retry-After` of up to 30 s waited for: at most
 * about 45 s from the first attempt to the last, with the server's pauses. A confirmation lost for good is worse
 * than a late one, so the bound is wider than a client's default.
 */
export const CONFIRMATION_RETRY: ResolvedRetry = Object.freeze({
  attempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 30_000,
});

const RETRY_KEYS = ["attempts", "baseDelayMs", "maxDelayMs", "maxRetryAfterMs"] as const;

/**
 * The retry settings of a `retry` option (a client's, or the webhook handler's `sendRetry`, with its defaults);
 * undefined when retries are off (absent or `false`).
 */
export function resolveRetry(
  retry: boolean | RetryOptions | undefined,
  defaults: Readonly<RetryOptions> = RETRY_DEFAULTS,
  name = "retry",
): ResolvedRetry | undefined {
  if (retry === undefined || retry === false) return undefined;
  const options: RetryOptions = retry === true ? {} : retry;
  if (options === null || typeof options !== "object")
    throw new TypeError(`${name} must be true, false or { attempts, baseDelayMs, maxDelayMs, maxRetryAfterMs }`);
  const resolved: RetryOptions = { ...defaults };
  for (const key of RETRY_KEYS) {
    const value = options[key];
    if (value === undefined) continue;
    const least = key === "attempts" ? 1 : 0;
    if (typeof value !== "number" || !Number.isFinite(value) || value < least)
      throw new TypeError(`${name}.${key} must be a number of at least ${least}`);
    resolved[key] = key === "attempts" ? Math.floor(value) : value;
  }
  resolved.maxRetryAfterMs ??= resolved.maxDelayMs;
  return Object.freeze(resolved as Required<RetryOptions>);
}

/**
 * Delay before retry number `attempt` (1 for the first retry): exponential backoff with equal jitter (half fixed,
 * half random) capped at `maxDelayMs`, and never less than the server's Retry-After (the caller checks it against
 * `maxRetryAfterMs` first).
 */
export function backoff(
  retry: Pick<ResolvedRetry, "baseDelayMs" | "maxDelayMs">,
  attempt: number,
  retryAfterMs?: number,
): number {
  const exponential = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  const jittered = exponential / 2 + (Math.random() * exponential) / 2;
  return Math.max(jittered, retryAfterMs ?? 0);
}

/**
 * The delay before attempt `attempt + 1` of a send that failed in a way worth retrying, or undefined to give up: the
 * attempts are spent, or the server's `Retry-After` is longer than `maxRetryAfterMs`.
 */
export function retryDelay(
  retry: ResolvedRetry,
  attempt: number,
  retryAfterMs: number | undefined,
): number | undefined {
  if (attempt >= retry.attempts) return undefined;
  if (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs) return undefined;
  return backoff(retry, attempt, retryAfterMs);
}

/** A `Retry-After` header value (seconds, or an HTTP date) in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Resolves after `ms`; rejects with the signal's reason when it fires first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
