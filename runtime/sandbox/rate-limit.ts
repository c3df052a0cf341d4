import { PLAN_LIMITS, type PlanName } from "../../generated/client.js";

/** The three kinds of envelope with their own per-second limit (the seed's throughput tables). */
export type LimitKind = "messages" | "notifications" | "commands";

/** Plans of the seed's two throughput listings (figures from `PLAN_LIMITS` of the generated client). */
export type SandboxPlan = PlanName;

export const PLANS = Object.keys(PLAN_LIMITS) as SandboxPlan[];

export function isPlan(value: string): value is SandboxPlan {
  return Object.hasOwn(PLAN_LIMITS, value);
}

/**
 * Slack allowed for timer granularity when counting a second: a request counts against the limit for 1000 ms
 * less this after it arrived. A client that waits a full second between sends (as the generated client's limiter
 * does) must never be refused because its timers fired a millisecond early.
 */
export const TOLERANCE_MS = 50;
const WINDOW_MS = 1000;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Per-kind sliding window: a request is refused when the kind already accepted `limit` requests in the last second
 * (less `TOLERANCE_MS`). Refused requests do not count. Arrival times come from `performance.now()`.
 */
export class SlidingWindowLimiter {
  readonly #limits: Partial<Record<LimitKind, number>>;
  readonly #arrivals = new Map<LimitKind, number[]>();

  constructor(plan: SandboxPlan | undefined) {
    this.#limits = plan === undefined ? {} : { ...PLAN_LIMITS[plan] };
  }

  /** The per-second limit of a kind, or undefined when it is not limited. */
  limit(kind: LimitKind): number | undefined {
    return this.#limits[kind];
  }

  take(kind: LimitKind, at: number = performance.now()): LimitDecision {
    const limit = this.#limits[kind];
    if (limit === undefined) return { allowed: true };
    let arrivals = this.#arrivals.get(kind);
    if (arrivals === undefined) this.#arrivals.set(kind, (arrivals = []));
    const span = WINDOW_MS - TOLERANCE_MS;
    let expired = 0;
    while (expired < arrivals.length && (arrivals[expired] ?? 0) <= at - span) expired++;
    if (expired > 0) arrivals.splice(0, expired);
    if (arrivals.length >= limit) return { allowed: false, retryAfterMs: Math.max(1, (arrivals[0] ?? at) + span - at) };
    arrivals.push(at);
    return { allowed: true };
  }

  reset(): void {
    this.#arrivals.clear();
  }
}
