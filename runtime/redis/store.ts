/**
 * `createRedisStore` (`specfirst/redis`): the plan limiter and the redelivery window of specfirst's client kept in
 * Redis, so that every process of a bot keeps the plan's limits together and handles a redelivered message once
 * (docs/webhooks.md#running-more-than-one-process). It talks to Redis through node-redis (the `redis` package), an
 * optional peer dependency: this entry point is the only module of the package that loads it.
 *
 * The limiter is a sliding-window log (one sorted set per kind, atomic Lua scripts on Redis's clock) with the
 * behaviour of the in-memory limiter (runtime/client/limiter.ts): per kind, at most N sends hold a slot at once, each
 * from its start until 1 s after its answer, so any N + 1 sends of all the processes reach the server at least a
 * second apart, whatever the latency. rate-limiter-flexible's Redis limiter counts a fixed window from the first
 * send, which lets 2N sends through within a few milliseconds around a window's end: a sliding-window server such as
 * the sandbox answers 429 to those.
 */
import { createHash, randomUUID } from "node:crypto";
import { createClient } from "redis";
import { LIMIT_WINDOW_MS, type RateLimiter } from "../client/limiter.js";
import type { DeliveryRecord, RedeliveryWindow, RedeliveryWindowOptions, Store, StoreScope } from "../client/store.js";

/** The part of a node-redis client (v4 and later) the store uses. */
export interface RedisCommandClient {
  sendCommand(args: string[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
}

/** Options of `createRedisStore`: `url` or `client`, not both. */
export interface RedisStoreOptions {
  /** `redis://[[user]:password@]host:port[/db]` (or `rediss://`): the store opens its own connection, closed by `close()`. */
  url?: string | undefined;
  /** A node-redis client you created and connected (`createClient(...)` of `redis`); the store never closes it. */
  client?: RedisCommandClient | undefined;
  /** First part of every key (default `specfirst`): `<prefix>:<digest of the credential>:limit:<kind>` and `:seen:<id>`. */
  prefix?: string | undefined;
  /**
   * How long a send waits for an unreachable Redis before it fails (default 10000 ms). No send goes out without a
   * slot from Redis, so the plan's limits hold while it is down.
   */
  unavailableTimeoutMs?: number | undefined;
  /** How long one Redis command may take before Redis counts as unreachable (default 1000 ms). */
  commandTimeoutMs?: number | undefined;
}

/** A `Store` on Redis, for `createMessagingClient({ store })` and `createWebhookHandler({ deduplicate: { store } })`. */
export interface RedisStore extends Store {
  /** Closes the connection the store opened from `url` (a `client` you passed stays open). */
  close(): Promise<void>;
}

/** Defaults of `createRedisStore`. */
export const REDIS_STORE_DEFAULTS = Object.freeze({
  prefix: "specfirst",
  unavailableTimeoutMs: 10_000,
  commandTimeoutMs: 1000,
});

/** A slot in flight is leased for this long, renewed every third of it: a process that dies frees its slots by then. */
const LEASE_MS = 15_000;
/** Pause between two tries of an unreachable Redis. */
const UNAVAILABLE_RETRY_MS = 250;

/** Redis's clock in milliseconds, the same for every process. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * Takes a slot of KEYS[1] (a sorted set: member = a send's token, score = when its slot frees): ARGV = limit, token,
 * lease, window. Returns 0 when taken (leased until now + lease), else the milliseconds until a slot may free: the
 * earliest score, but at most one window, since a send in flight frees its slot one window after its answer at the
 * earliest.
 */
const ACQUIRE = `${NOW}
local lease = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local taken = redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1])
if taken then redis.call('ZADD', KEYS[1], now + lease, ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], lease + window)
if taken then return 0 end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, math.min(tonumber(first[2]) - now, window))`;

/** Moves a held slot's end (XX: a slot already freed stays freed): ARGV = token, milliseconds from now, lease, window. */
const EXTEND = `${NOW}
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) + tonumber(ARGV[4]))
return 0`;

/** Records a first delivery (ARGV[1], for ARGV[2] ms) and returns nothing, or returns what a redelivery finds. */
const CLAIM = `local known = redis.call('GET', KEYS[1])
if known then return known end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** Redis could not be reached in time: nothing was sent. */
export class StoreUnavailableError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}
Object.defineProperty(StoreUnavailableError.prototype, "name", {
  value: "StoreUnavailableError",
  writable: true,
  configurable: true,
});

const positive = (value: unknown, name: string): number => {
  if (!(typeof value === "number" && Number.isFinite(value) && value > 0))
    throw new TypeError(`createRedisStore: ${name} must be a positive number of milliseconds`);
  return value;
};

const abortable = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * A store on Redis: `createRedisStore({ url })` opens a connection of its own (node-redis, reconnecting), or
 * `createRedisStore({ client })` uses a node-redis client you made. While Redis cannot be reached, sends wait for it
 * (up to `unavailableTimeoutMs`, then they fail with a `NetworkError` naming this) and the webhook handler answers a
 * message 503 (`Retry-After: 1`) rather than risk running it twice: docs/webhooks.md#running-more-than-one-process.
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  if (options === null || typeof options !== "object")
    throw new TypeError("createRedisStore needs { url } or { client }");
  const { url, client: given } = options;
  if ((url === undefined) === (given === undefined))
    throw new TypeError(
      "createRedisStore needs exactly one of url (redis://host:port) and client (a node-redis client)",
    );
  if (url !== undefined && !(typeof url === "string" && /^rediss?:\/\//.test(url)))
    throw new TypeError("createRedisStore: url must be a redis:// or rediss:// URL");
  if (given !== undefined && typeof (given as Partial<RedisCommandClient>).sendCommand !== "function")
    throw new TypeError("createRedisStore: client must be a node-redis client (createClient of the redis package)");
  const prefix = options.prefix ?? REDIS_STORE_DEFAULTS.prefix;
  if (typeof prefix !== "string" || prefix === "" || /\s/.test(prefix))
    throw new TypeError("createRedisStore: prefix must be a non-empty string without spaces");
  const unavailableTimeoutMs = positive(
    options.unavailableTimeoutMs ?? REDIS_STORE_DEFAULTS.unavailableTimeoutMs,
    "unavailableTimeoutMs",
  );
  const commandTimeoutMs = positive(
    options.commandTimeoutMs ?? REDIS_STORE_DEFAULTS.commandTimeoutMs,
    "commandTimeoutMs",
  );

  let owned: ReturnType<typeof createClient> | undefined;
  let redis: RedisCommandClient;
  if (given !== undefined) {
    redis = given;
  } else {
    owned = createClient({
      url: url as string,
      // A command while Redis is unreachable fails at once (the store waits and tries again), rather than queue.
      disableOfflineQueue: true,
      socket: { connectTimeout: commandTimeoutMs, reconnectStrategy: (retries) => Math.min(100 * (retries + 1), 1000) },
    });
    // Connection errors are the store's to handle (every command then fails); without a listener they would throw.
    owned.on("error", () => {});
    owned.connect().catch(() => {
      // Reconnects on its own; commands fail meanwhile.
    });
    redis = owned as unknown as RedisCommandClient;
  }

  /** While the store's own connection is (re)connecting: resolves once it is ready, or after `commandTimeoutMs`. */
  let readiness: Promise<void> | undefined;
  const ready = (): Promise<void> | undefined => {
    if (owned === undefined || owned.isReady) return undefined;
    const connection = owned;
    return (readiness ??= new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        connection.off("ready", done);
        readiness = undefined;
        resolve();
      };
      const timer = setTimeout(done, commandTimeoutMs);
      connection.on("ready", done);
    }));
  };

  /** One command, given up after `commandTimeoutMs`. */
  async function command(args: string[]): Promise<unknown> {
    await ready();
    const signal = AbortSignal.timeout(commandTimeoutMs);
    return new Promise((resolve, reject) => {
      const onTimeout = () => reject(new Error(`Redis did not answer within ${commandTimeoutMs} ms`));
      signal.addEventListener("abort", onTimeout, { once: true });
      redis.sendCommand(args, { abortSignal: signal }).then(
        (reply) => {
          signal.removeEventListener("abort", onTimeout);
          resolve(reply);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onTimeout);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Runs a script by its digest, sending its text once Redis says it does not know it. */
  async function script(source: string, key: string, args: (string | number)[]): Promise<unknown> {
    const rest = ["1", key, ...args.map(String)];
    try {
      return await command(["EVALSHA", sha1(source), ...rest]);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith("NOSCRIPT"))) throw error;
      return command(["EVAL", source, ...rest]);
    }
  }

  const keyOf = async (scope: StoreScope, ...parts: string[]) => [prefix, await scope(), ...parts].join(":");

  function rateLimiter(scope: StoreScope, rates: Readonly<Record<string, number>>): RateLimiter {
    const limits = Object.freeze({ ...rates });
    const queues = new Map<string, Waiter[]>();
    const pumping = new Set<string>();
    /** When Redis first failed to answer, while it does not. */
    let failingSince: number | undefined;

    const release = (key: string, token: string, renewal: ReturnType<typeof setInterval>) => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        // An unreachable Redis keeps the slot until its lease ends: later, never sooner.
        script(EXTEND, key, [token, LIMIT_WINDOW_MS, LEASE_MS, LIMIT_WINDOW_MS]).catch(() => {});
      };
    };

    async function pump(kind: string, rate: number, queue: Waiter[]): Promise<void> {
      const key = await keyOf(scope, "limit", kind);
      while (queue.length > 0) {
        const token = randomUUID();
        let waitMs: number;
        try {
          waitMs = Number(await script(ACQUIRE, key, [rate, token, LEASE_MS, LIMIT_WINDOW_MS]));
        } catch (error) {
          const now = performance.now();
          failingSince ??= now;
          if (now - failingSince >= unavailableTimeoutMs) {
            const failure = new StoreUnavailableError(
              `the Redis store could not be reached for ${Math.round(now - failingSince)} ms (${error instanceof Error ? error.message : String(error)}); nothing was sent`,
              error,
            );
            for (const waiter of queue.splice(0)) settle(waiter).reject(failure);
          } else {
            await abortable(UNAVAILABLE_RETRY_MS);
          }
          continue;
        }
        if (waitMs > 0) {
          // Woken early when the head is aborted, so a new head is served.
          await abortable(waitMs, queue[0]?.signal);
          continue;
        }
        const recovered = failingSince !== undefined;
        failingSince = undefined;
        const renewal = setInterval(() => {
          script(EXTEND, key, [token, LEASE_MS, LEASE_MS, LIMIT_WINDOW_MS]).catch(() => {});
        }, LEASE_MS / 3);
        renewal.unref();
        const done = release(key, token, renewal);
        // Redis may have come back empty (restarted): the sends of the last window before it went away are unknown.
        if (recovered) await abortable(LIMIT_WINDOW_MS);
        const waiter = queue.shift();
        if (waiter !== undefined) {
          settle(waiter).resolve(done);
        } else {
          // Its sender gave up while the slot was taken: nothing was sent, so it frees now.
          clearInterval(renewal);
          script(EXTEND, key, [token, 0, LEASE_MS, LIMIT_WINDOW_MS]).catch(() => {});
        }
      }
    }

    /** The waiter, its abort listener removed. */
    const settle = (waiter: Waiter): Waiter => {
      if (waiter.onAbort !== undefined) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      return waiter;
    };

    return Object.freeze({
      limits,
      acquire(kind: string, signal?: AbortSignal): Promise<() => void> {
        const rate = limits[kind];
        if (rate === undefined) return Promise.resolve(() => {});
        if (signal?.aborted) return Promise.reject(signal.reason);
        let queue = queues.get(kind);
        if (queue === undefined) queues.set(kind, (queue = []));
        const line = queue;
        return new Promise<() => void>((resolve, reject) => {
          const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
          if (signal !== undefined) {
            waiter.onAbort = () => {
              const index = line.indexOf(waiter);
              if (index >= 0) line.splice(index, 1);
              reject(signal.reason);
            };
            signal.addEventListener("abort", waiter.onAbort, { once: true });
          }
          line.push(waiter);
          if (pumping.has(kind)) return;
          pumping.add(kind);
          pump(kind, rate, line)
            .catch((error: unknown) => {
              for (const queued of line.splice(0)) settle(queued).reject(error);
            })
            .finally(() => pumping.delete(kind));
        });
      },
    });
  }

  function redeliveryWindow(scope: StoreScope, windowOptions: RedeliveryWindowOptions): RedeliveryWindow {
    const windowMs = Math.max(1, Math.ceil(windowOptions.windowMs));
    return Object.freeze({
      async claim(id: string): Promise<DeliveryRecord | undefined> {
        const known = await script(CLAIM, await keyOf(scope, "seen", id), [
          JSON.stringify({ state: "processing" }),
          windowMs,
        ]);
        return typeof known === "string" ? readRecord(known) : undefined;
      },
      async record(id: string, record: DeliveryRecord): Promise<void> {
        // XX: only a claimed id; KEEPTTL: its window still runs from its first delivery.
        await command(["SET", await keyOf(scope, "seen", id), JSON.stringify(record), "XX", "KEEPTTL"]);
      },
    });
  }

  return Object.freeze({
    rateLimiter,
    redeliveryWindow,
    async close() {
      if (owned?.isOpen === true) await owned.close();
    },
  });
}

/** A record read back from Redis; anything unreadable counts as `processing` (the handler does not run again). */
function readRecord(text: string): DeliveryRecord {
  try {
    const value = JSON.parse(text) as Partial<Record<string, unknown>> | null;
    if (value?.state === "confirmed" && typeof value.event === "string")
      return { state: "confirmed", event: value.event };
    if (value?.state === "unconfirmed" && typeof value.event === "string") return value as DeliveryRecord;
  } catch {
    // Not JSON: see below.
  }
  return { state: "processing" };
}
