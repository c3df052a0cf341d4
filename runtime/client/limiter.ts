/**
 * Throughput limiter: per kind (messages, notifications, commands, ...), at most N sends hold a slot at once, and a
 * send holds its slot from its start until LIMIT_WINDOW_MS after its answer (or failure) arrived. The server
 * receives a request between its start and its answer, so any N + 1 requests reach it at least LIMIT_WINDOW_MS
 * apart, whatever the latency. Waiting sends are served first in, first out.
 */
import type { PlanLimits } from "./descriptor.js";

/** A send holds its slot from its start until this long after its answer (or failure) arrived. */
export const LIMIT_WINDOW_MS = 1000;

/** Per-second limits by kind; a kind left out (or `undefined`) is not limited. */
export type LimitRates = { readonly [kind: string]: number | undefined };

/** Keeps sends under per-second limits, queuing the others in order (see `createRateLimiter`). */
export interface RateLimiter {
  /** The rates in force, by kind. */
  readonly limits: Readonly<Record<string, number>>;
  /**
   * Resolves when a send of this kind may start, with the function to call once its answer (or failure) arrived;
   * rejects with the signal's reason when aborted while waiting. A kind without a limit resolves at once.
   */
  acquire(kind: string, signal?: AbortSignal): Promise<() => void>;
}

interface Slot {
  until: number;
}

interface Waiter {
  resolve: (release: () => void) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

const positiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const noRelease = (): void => {};
const unlimited: Promise<() => void> = Promise.resolve(noRelease);

/** At most `rate` slots held at once; a slot is held from its acquisition until LIMIT_WINDOW_MS after its release. */
export class SlidingWindow {
  readonly #rate: number;
  #slots: Slot[] = [];
  readonly #queue: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(rate: number) {
    if (!positiveInteger(rate)) throw new TypeError("SlidingWindow: rate must be a positive integer");
    this.#rate = rate;
  }

  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, signal, onAbort: undefined };
      if (signal !== undefined) {
        waiter.onAbort = () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  #pump(): void {
    const now = performance.now();
    if (this.#slots.some((slot) => slot.until <= now)) this.#slots = this.#slots.filter((slot) => slot.until > now);
    while (this.#queue.length > 0 && this.#slots.length < this.#rate) {
      const waiter = this.#queue.shift() as Waiter;
      if (waiter.onAbort !== undefined) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      const slot: Slot = { until: Infinity };
      this.#slots.push(slot);
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        slot.until = performance.now() + LIMIT_WINDOW_MS;
        this.#pump();
      });
    }
    if (this.#queue.length === 0 || this.#timer !== undefined) return;
    let next = Infinity;
    for (const slot of this.#slots) if (slot.until < next) next = slot.until;
    // All slots in flight: the first release pumps again.
    if (next === Infinity) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#pump();
      },
      Math.max(1, Math.ceil(next - now)),
    );
  }
}

/**
 * The per-second rates of `limits`: a plan name of `planLimits` (the API's `x-specfirst-plan-limits`) or explicit
 * rates `{ [kind]: perSecond }` (a kind left out is not limited). Throws a `TypeError` for anything else.
 */
export function planRates(limits: string | LimitRates, planLimits?: PlanLimits | null): Record<string, number> {
  if (typeof limits === "string") {
    const plans = planLimits ?? {};
    const plan = Object.hasOwn(plans, limits) ? plans[limits] : undefined;
    if (plan === undefined) {
      const names = Object.keys(plans);
      throw new TypeError(
        names.length === 0
          ? "Unknown plan: this API declares no plans; pass per-second rates ({ [kind]: rate }) instead"
          : `Unknown plan; expected one of: ${names.join(", ")}`,
      );
    }
    return { ...plan };
  }
  if (limits !== null && typeof limits === "object" && !Array.isArray(limits)) {
    const rates: Record<string, number> = {};
    for (const [kind, rate] of Object.entries(limits)) {
      if (rate === undefined) continue;
      if (!positiveInteger(rate)) throw new TypeError(`limits.${kind} must be a positive integer (sends per second)`);
      rates[kind] = rate;
    }
    return rates;
  }
  throw new TypeError("createRateLimiter needs a plan name or a { [kind]: sends per second } object");
}

/**
 * A limiter keeping sends under per-second limits. `limits` is a plan name of `planLimits` (the API's
 * `x-specfirst-plan-limits`) or explicit rates `{ [kind]: perSecond }` (a kind left out is not limited). Sends
 * over the limit wait in line instead of failing. One limiter may be shared by several clients of the same account
 * in one process; processes share one through a store (docs/webhooks.md#running-more-than-one-process).
 */
export function createRateLimiter(limits: string | LimitRates, planLimits?: PlanLimits | null): RateLimiter {
  const rates = planRates(limits, planLimits);
  const windows = new Map<string, SlidingWindow>();
  for (const [kind, rate] of Object.entries(rates)) windows.set(kind, new SlidingWindow(rate));
  return Object.freeze({
    limits: Object.freeze(rates),
    acquire(kind: string, signal?: AbortSignal) {
      const window = windows.get(kind);
      return window === undefined ? unlimited : window.acquire(signal);
    },
  });
}

/** What a client's `limits` option may be: a plan name, rates, a shared limiter, or `false`/absent for none. */
export type LimitsOption = string | LimitRates | RateLimiter | false;

export const isRateLimiter = (value: unknown): value is RateLimiter =>
  value !== null && typeof value === "object" && typeof (value as { acquire?: unknown }).acquire === "function";
