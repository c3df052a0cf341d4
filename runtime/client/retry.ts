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

const RETRY_KEYS = ["attempts", "baseDelayMs", "maxDelayMs", "maxRetryAfterMs"] as const;

/** The retry settings of a client's `retry` option; undefined when retries are off (absent or `false`). */
export function resolveRetry(retry: boolean | RetryOptions | undefined): ResolvedRetry | undefined {
  if (retry === undefined || retry === false) return undefined;
  const options: RetryOptions = retry === true ? {} : retry;
  if (options === null || typeof options !== "object")
    throw new TypeError("retry must be true, false or { attempts, baseDelayMs, maxDelayMs, maxRetryAfterMs }");
  const resolved: RetryOptions = { ...RETRY_DEFAULTS };
  for (const key of RETRY_KEYS) {
    const value = options[key];
    if (value === undefined) continue;
    const least = key === "attempts" ? 1 : 0;
    if (typeof value !== "number" || !Number.isFinite(value) || value < least)
      throw new TypeError(`retry.${key} must be a number of at least ${least}`);
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
