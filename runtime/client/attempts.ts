/**
 * The queue of one send: each attempt waits for its turn at the plan limiter (limiter.ts), and a failed idempotent
 * send is attempted again after a pause (retry.ts), until it succeeds, fails in a way not worth retrying, or the
 * caller's signal stops it.
 */
import type { OperationDescriptor } from "./descriptor.js";
import {
  AbortedError,
  HttpError,
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  type OperationRef,
} from "./errors.js";
import type { RateLimiter } from "./limiter.js";
import { backoff, sleep, type ResolvedRetry } from "./retry.js";
import { sanitizedError, type Redact } from "./scrub-credential.js";

/** A signal's reason that means a timeout: `AbortSignal.timeout()` aborts with a `TimeoutError` DOMException. */
const isTimeoutReason = (reason: unknown): boolean =>
  reason !== null && typeof reason === "object" && (reason as { name?: unknown }).name === "TimeoutError";

/** The error of a call stopped by its signal: `TimeoutError` when the reason is a timeout, else `AbortedError`. */
export function abortError(operation: OperationRef, reason: unknown): TimeoutError | AbortedError {
  return isTimeoutReason(reason) ? new TimeoutError(operation, undefined, reason) : new AbortedError(operation, reason);
}

const isRetryable = (error: unknown): boolean =>
  error instanceof RateLimitedError || error instanceof ServerError || error instanceof NetworkError;

/** How the attempts of one send are paced. */
export interface AttemptQueue {
  operation: OperationDescriptor;
  /** The attempts allowed: 1, or the retry settings' for an idempotent send. */
  attempts: number;
  /** The limiter every attempt waits for (the operation's `category` is the kind it counts); none when unlimited. */
  limiter: RateLimiter | undefined;
  retry: ResolvedRetry | undefined;
  signal: AbortSignal | undefined;
  /** Redacts the credential from the limiter's errors. */
  redact: Redact;
  /** Told of each retry before its pause: the attempt that failed, the pause, the failure. */
  onRetry: ((attempt: number, delayMs: number, failure: unknown) => void) | undefined;
}

/**
 * Runs `attempt(1)`, `attempt(2)`, … in turn at the limiter, until one resolves (its value) or a failure is final:
 * not worth retrying, the attempts spent, or a `Retry-After` longer than the retry settings allow (the failure, with
 * `attempts` set to how many were made). Aborted while waiting: `AbortedError` or `TimeoutError`.
 */
export async function runAttempts(
  queue: AttemptQueue,
  attempt: (number: number) => Promise<unknown>,
): Promise<unknown> {
  const { operation, attempts, limiter, retry, signal, redact } = queue;
  for (let number = 1; ; number++) {
    let release = (): void => {};
    if (limiter !== undefined) {
      try {
        release = await limiter.acquire(operation.category as string, signal);
      } catch (error) {
        // Aborted while waiting, or a store that could not answer (nothing was sent: the plan's limits hold).
        if (signal?.aborted) throw abortError(operation, signal.reason);
        throw new NetworkError(operation, sanitizedError(error, redact));
      }
    }
    let failure: unknown;
    try {
      return await attempt(number);
    } catch (error) {
      failure = error;
    } finally {
      release();
    }
    if (failure instanceof Error) (failure as { attempts?: number }).attempts = number;
    if (number >= attempts || retry === undefined || !isRetryable(failure)) throw failure;
    const retryAfterMs = failure instanceof HttpError ? failure.retryAfterMs : undefined;
    // The server asked for a longer pause than the client may wait: give its error (with `retryAfterMs`) back now.
    if (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs) throw failure;
    const delayMs = backoff(retry, number, retryAfterMs);
    queue.onRetry?.(number, delayMs, failure);
    try {
      await sleep(delayMs, signal);
    } catch {
      throw abortError(operation, signal?.reason);
    }
  }
}
