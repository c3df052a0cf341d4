/**
 * Where a client's plan limiter and a webhook handler's redelivery window keep their state: in this process
 * (`memoryStore`, the default) or in a store every process of a bot shares (`createRedisStore` of `specfirst/redis`).
 * See docs/webhooks.md#running-more-than-one-process.
 */
import type { Reason } from "../messaging/envelopes.js";
import type { PlanLimits } from "./descriptor.js";
import { createRateLimiter, isRateLimiter, planRates, type LimitsOption, type RateLimiter } from "./limiter.js";
import { RecentKeys } from "./recent-keys.js";

/**
 * Names one account in a store: resolves with a digest of the API's name and the client's credential (SHA-256, hex),
 * never the credential. Called only by a store that needs it (the memory store does not).
 */
export type StoreScope = () => Promise<string>;

/** What a redelivery window knows of a message id, recorded at its first delivery and updated as it is confirmed. */
export type DeliveryRecord =
  /** Delivered; its handler runs (or ran) and its confirmation was not sent yet. */
  | { readonly state: "processing" }
  /** Its confirmation (`consumed` or `failed`) was sent. */
  | { readonly state: "confirmed"; readonly event: string }
  /** Its handler ran but its confirmation was given up: a redelivery sends this confirmation, without the handler. */
  | { readonly state: "unconfirmed"; readonly event: string; readonly reason?: Reason | undefined };

/** The redelivery window of one account's webhook handler. */
export interface RedeliveryWindow {
  /**
   * Records the first delivery of `key` (a message id, bounded by `boundedKey`) as `processing` and resolves with
   * undefined; for a redelivery within the window, resolves with what is recorded. Rejects when the store cannot
   * answer (the handler then answers 503: docs/webhooks.md#running-more-than-one-process).
   */
  claim(key: string): Promise<DeliveryRecord | undefined>;
  /** Replaces what is recorded for a claimed key, within the window its first delivery started. */
  record(key: string, record: DeliveryRecord): Promise<void>;
}

/** The size of a redelivery window. */
export interface RedeliveryWindowOptions {
  /** Ids remembered at most (the oldest is forgotten first); a store that expires keys by time alone may ignore it. */
  maxIds: number;
  /** How long an id is remembered after its first delivery, in milliseconds. */
  windowMs: number;
}

/**
 * A store for the plan limiter (`createMessagingClient({ limits, store })`) and the redelivery window
 * (`createWebhookHandler({ deduplicate: { store } })`). Its state is keyed by `scope` (a digest of the credential), so
 * one store serves several accounts.
 */
export interface Store {
  /**
   * A limiter keeping one account's sends under `rates` (sends per second, by kind), with the behaviour of
   * `createRateLimiter` (runtime/client/limiter.ts): per kind, at most N sends hold a slot at once, from their start
   * until 1 s after their answer.
   */
  rateLimiter(scope: StoreScope, rates: Readonly<Record<string, number>>): RateLimiter;
  /** The redelivery window of one account's webhook handler. */
  redeliveryWindow(scope: StoreScope, options: RedeliveryWindowOptions): RedeliveryWindow;
}

/** Today's behaviour, each object in this process only: a limiter per client, a window per webhook handler. */
export const memoryStore: Store = Object.freeze({
  rateLimiter: (_scope: StoreScope, rates: Readonly<Record<string, number>>) => createRateLimiter(rates),
  redeliveryWindow(_scope: StoreScope, options: RedeliveryWindowOptions): RedeliveryWindow {
    const recent = new RecentKeys<DeliveryRecord>(options.maxIds, options.windowMs);
    return {
      claim(key) {
        const known = recent.get(key);
        if (known === undefined) recent.set(key, { state: "processing" });
        return Promise.resolve(known);
      },
      record(key, record) {
        recent.update(key, record);
        return Promise.resolve();
      },
    };
  },
});

const isFunction = (value: unknown): value is (...args: never[]) => unknown => typeof value === "function";

/** True for an object with the two methods of a `Store`. */
export const isStore = (value: unknown): value is Store =>
  value !== null &&
  typeof value === "object" &&
  isFunction((value as Partial<Store>).rateLimiter) &&
  isFunction((value as Partial<Store>).redeliveryWindow);

/** The scope of each client made by `createClient` (looked up by the webhook handler given it). */
const scopes = new WeakMap<object, StoreScope>();

/** Marks `client` as sending with the credential `scope` names. */
export function attachScope(client: object, scope: StoreScope): void {
  scopes.set(client, scope);
}

/** The scope of a client made by `createClient`; undefined for anything else (a wrapper). */
export function scopeOf(client: unknown): StoreScope | undefined {
  return client !== null && (typeof client === "object" || typeof client === "function")
    ? scopes.get(client)
    : undefined;
}

/** SHA-256 (hex) of the API's name and a credential's wire form: the scope of a store's keys. */
export async function credentialDigest(api: string, wire: string): Promise<string> {
  const bytes = new TextEncoder().encode(`specfirst\n${api}\n${wire}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The limiter of a client's `limits` option (undefined for none): a limiter given as it is, else one of `store`
 * (in this process by default) over the option's rates, for the account `scope` names. `store` with a limiter
 * object, or with no limits, is a `TypeError`: the store would hold nothing.
 */
export function resolveLimiter(
  limits: LimitsOption | undefined,
  planLimits: PlanLimits | null,
  store: Store | undefined,
  scope: StoreScope,
  factory: string,
): RateLimiter | undefined {
  if (store !== undefined && !isStore(store))
    throw new TypeError(
      `${factory}: store must be a store ({ rateLimiter, redeliveryWindow }), e.g. createRedisStore(...)`,
    );
  if (limits === undefined || limits === false) {
    if (store !== undefined)
      throw new TypeError(`${factory}: store keeps the plan limiter's state: pass limits (a plan name or rates) too`);
    return undefined;
  }
  if (isRateLimiter(limits)) {
    if (store !== undefined)
      throw new TypeError(`${factory}: pass limits as a plan name or rates with store, not a limiter object`);
    return limits;
  }
  return (store ?? memoryStore).rateLimiter(scope, planRates(limits, planLimits));
}
