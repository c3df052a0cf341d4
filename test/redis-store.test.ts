/**
 * `createRedisStore` (runtime/redis/store.ts, `specfirst/redis`) against a real redis-server on loopback: the plan
 * limiter shared by several processes (each store its own connection, as each process has), the redelivery window,
 * keys named by a digest of the credential with a TTL each, and what happens while Redis is down. Proves
 * docs/webhooks.md#running-more-than-one-process.
 */
import fc from "fast-check";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMessagingClient,
  createRateLimiter,
  createWebhookHandler,
  NetworkError,
  type MessagingClient,
  type WebhookErrorContext,
} from "../generated/client.js";
import { createRedisStore, StoreUnavailableError, type RedisStore } from "../runtime/redis/store.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { redisAvailable, startRedis, type RedisServer } from "./helpers/redis.js";

const ACCESS_KEY = "redis-store-access-key-01";
const customer = (n: number) => `55319777${String(n).padStart(5, "0")}@sms.example.net`;
const notification = (id: string, n = 1) => ({
  id,
  from: customer(n),
  to: "bot@sandbox.example.net",
  event: "consumed" as const,
});

describe.skipIf(!redisAvailable("test/redis-store.test.ts"))("the Redis store", () => {
  let redis: RedisServer;
  let sandbox: Sandbox;
  const stores: RedisStore[] = [];
  const store = (options: Partial<Parameters<typeof createRedisStore>[0]> = {}) => {
    const made = createRedisStore({ url: redis.url, ...options });
    stores.push(made);
    return made;
  };
  /** Every key of the test Redis, with its remaining time to live (ms). */
  const keysWithTtl = async (): Promise<[string, number][]> => {
    const reader = createClient({ url: redis.url });
    await reader.connect();
    try {
      const keys = (await reader.sendCommand(["KEYS", "*"])) as string[];
      return await Promise.all(
        keys.map(async (key) => [key, Number(await reader.sendCommand(["PTTL", key]))] as [string, number]),
      );
    } finally {
      await reader.close();
    }
  };

  const flushRedis = async () => {
    const writer = createClient({ url: redis.url });
    await writer.connect();
    await writer.sendCommand(["FLUSHALL"]);
    await writer.close();
  };

  beforeAll(async () => {
    redis = await startRedis();
    sandbox = createSandbox({ accessKey: ACCESS_KEY, plan: "free" });
    await sandbox.start();
  });
  afterAll(async () => {
    for (const made of stores) await made.close();
    await sandbox?.close();
    await redis?.close();
  });

  it("refuses options it cannot act on, naming the option", () => {
    expect(() => createRedisStore({} as never)).toThrow(/exactly one of url .* and client/);
    expect(() => createRedisStore({ url: redis.url, client: {} as never })).toThrow(/exactly one of url/);
    expect(() => createRedisStore({ url: "http://127.0.0.1:6379" })).toThrow(
      /url must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => createRedisStore({ client: {} as never })).toThrow(/client must be a node-redis client/);
    expect(() => createRedisStore({ url: redis.url, prefix: "a b" })).toThrow(/prefix must be a non-empty string/);
    expect(() => createRedisStore({ url: redis.url, unavailableTimeoutMs: 0 })).toThrow(/unavailableTimeoutMs must be/);
    const shared = store();
    const base = { baseUrl: sandbox.url, accessKey: ACCESS_KEY };
    expect(() => createMessagingClient({ ...base, store: shared })).toThrow(
      /store keeps the plan limiter's state: pass limits/,
    );
    expect(() => createMessagingClient({ ...base, limits: createRateLimiter("free"), store: shared })).toThrow(
      /pass limits as a plan name or rates with store, not a limiter object/,
    );
    expect(() => createMessagingClient({ ...base, limits: "free", store: {} as never })).toThrow(
      /store must be a store/,
    );
    const wrapper = { ...createMessagingClient(base) } as MessagingClient;
    expect(() => createWebhookHandler({ client: wrapper, deduplicate: { store: shared } })).toThrow(
      /deduplicate.store needs options.client made by createMessagingClient/,
    );
  });

  it("takes an existing node-redis client, and never closes it", async () => {
    const own = createClient({ url: redis.url });
    await own.connect();
    const wrapped = createRedisStore({ client: own });
    const client = createMessagingClient({
      baseUrl: sandbox.url,
      accessKey: ACCESS_KEY,
      limits: "free",
      store: wrapped,
    });
    await client.sendNotification(notification("own-client-1"));
    await wrapped.close();
    expect(own.isOpen).toBe(true);
    await own.close();
  });

  it("names every key by a digest of the credential, never the credential, and gives every key a time to live", async () => {
    const credentials = fc.sample(
      fc.string({ minLength: 8, maxLength: 40, unit: fc.constantFrom(..."abcXYZ019-_.~:+/=") }),
      {
        numRuns: 6,
        seed: 54,
      },
    );
    await flushRedis();
    // The sandbox refuses these keys (401): what matters here is what reaches Redis.
    const shared = store();
    for (const [n, accessKey] of credentials.entries()) {
      const client = createMessagingClient({ baseUrl: sandbox.url, accessKey, limits: "free", store: shared });
      await client.sendNotification(notification(`digest-${n}`)).catch(() => undefined);
      const handler = createWebhookHandler({
        client,
        deduplicate: { store: shared },
        onError: () => {},
        onMessage: () => {},
      });
      await handler.handle({
        id: `digest-message-${n}`,
        from: customer(n),
        to: "bot@sandbox.example.net",
        type: "text/plain",
        content: "x",
      });
      await handler.idle();
    }
    const keys = await keysWithTtl();
    expect(keys.length).toBeGreaterThanOrEqual(2 * credentials.length);
    for (const [key, ttl] of keys) {
      expect(key).toMatch(/^specfirst:[0-9a-f]{64}:(limit:notifications|seen:digest-message-\d+)$/);
      for (const credential of credentials) expect(key).not.toContain(credential);
      expect(ttl, key).toBeGreaterThan(0);
    }
    // One digest per credential.
    expect(new Set(keys.map(([key]) => key.split(":")[1])).size).toBe(credentials.length);
  });

  it("keeps the Free plan across processes: bursts from two stores (two connections) meet no 429 at a Free-plan sandbox", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 3, max: 9 }), async (first, second) => {
        sandbox.reset();
        const processes = [store(), store()].map((own) =>
          createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY, limits: "free", store: own }),
        );
        const sends = [first, second].flatMap((count, which) =>
          Array.from({ length: count }, (_unused, n) =>
            (processes[which] as MessagingClient).sendNotification(notification(`burst-${which}-${n}`)),
          ),
        );
        await Promise.all(sends);
        expect(sandbox.rejected).toEqual([]);
        expect(sandbox.sent.notifications).toHaveLength(first + second);
      }),
      { numRuns: 3, seed: 54 },
    );
  }, 120_000);

  it("(without the store, two processes' limiters each keep only their own count: the same burst meets 429)", async () => {
    sandbox.reset();
    const processes = [0, 1].map(() =>
      createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY, limits: "free" }),
    );
    const results = await Promise.allSettled(
      processes.flatMap((client, which) =>
        Array.from({ length: 6 }, (_unused, n) => client.sendNotification(notification(`alone-${which}-${n}`))),
      ),
    );
    expect(results.filter((result) => result.status === "rejected").length).toBeGreaterThan(0);
    expect(sandbox.rejected.map((entry) => entry.status)).toContain(429);
  });

  it("shares the redelivery window: an id claimed through one store is known through another, and keeps its first delivery's time to live", async () => {
    const scope = () => Promise.resolve("window-test");
    const [one, other] = [store(), store()].map((own) => own.redeliveryWindow(scope, { maxIds: 10, windowMs: 60_000 }));
    expect(await one?.claim("m-1")).toBeUndefined();
    expect(await other?.claim("m-1")).toEqual({ state: "processing" });
    await other?.record("m-1", { state: "unconfirmed", event: "failed", reason: { code: 7, description: "no" } });
    expect(await one?.claim("m-1")).toEqual({
      state: "unconfirmed",
      event: "failed",
      reason: { code: 7, description: "no" },
    });
    await one?.record("m-1", { state: "confirmed", event: "failed" });
    expect(await other?.claim("m-1")).toEqual({ state: "confirmed", event: "failed" });
    const ttl = (await keysWithTtl()).find(([key]) => key === "specfirst:window-test:seen:m-1")?.[1];
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  describe("while Redis is down", () => {
    it("sends nothing: a send waits for Redis and goes once it is back", async () => {
      sandbox.reset();
      const waiting = store({ unavailableTimeoutMs: 60_000 });
      const client = createMessagingClient({
        baseUrl: sandbox.url,
        accessKey: ACCESS_KEY,
        limits: "free",
        store: waiting,
      });
      await client.sendNotification(notification("before-outage"));
      await redis.stop();
      const sent = client.sendNotification(notification("during-outage"));
      // Several tries of the store have failed meanwhile (one every 250 ms): none let the send out.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(sandbox.sent.notifications.map((entry) => entry.notification.id)).toEqual(["before-outage"]);
      await redis.start();
      await sent;
      expect(sandbox.sent.notifications.map((entry) => entry.notification.id)).toEqual([
        "before-outage",
        "during-outage",
      ]);
      expect(sandbox.rejected).toEqual([]);
    });

    it("a send that waited longer than unavailableTimeoutMs fails with a NetworkError saying so; nothing was sent", async () => {
      sandbox.reset();
      const impatient = store({ unavailableTimeoutMs: 300 });
      const client = createMessagingClient({
        baseUrl: sandbox.url,
        accessKey: ACCESS_KEY,
        limits: "free",
        store: impatient,
      });
      await redis.stop();
      try {
        const error = await client.sendNotification(notification("given-up")).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(NetworkError);
        expect((error as NetworkError).message).toMatch(
          /^POST \/notifications failed: the Redis store could not be reached for \d+ ms \(.*\); nothing was sent$/,
        );
        expect(((error as NetworkError).cause as Error).name).toBe(StoreUnavailableError.name);
        expect(sandbox.sent.notifications).toEqual([]);
      } finally {
        await redis.start();
      }
    });

    it("the webhook handler answers 503 with Retry-After, runs no handler, and reports the message id", async () => {
      const reports: WebhookErrorContext[] = [];
      let runs = 0;
      const client = createMessagingClient({
        baseUrl: sandbox.url,
        accessKey: ACCESS_KEY,
        limits: "free",
        store: store(),
      });
      const handler = createWebhookHandler({
        client,
        deduplicate: { store: stores.at(-1) },
        onError: (_error, context) => void reports.push(context),
        onMessage: () => void runs++,
      });
      const message = {
        id: "outage-1",
        from: customer(1),
        to: "bot@sandbox.example.net",
        type: "text/plain",
        content: "x",
      };
      await redis.stop();
      try {
        expect(await handler.handle(message)).toEqual({
          status: 503,
          body: {
            errors: [
              {
                pointer: "",
                message: "could not be checked against the redelivery window; deliver it again later",
                keyword: "deduplicate",
              },
            ],
          },
          headers: { "Retry-After": "1" },
        });
        expect(runs).toBe(0);
        expect(reports.map((context) => [context.stage, context.messageId])).toEqual([["deduplicate", "outage-1"]]);
      } finally {
        await redis.start();
      }
      // Delivered again once Redis is back: handled once.
      expect((await handler.handle(message)).status).toBe(200);
      expect((await handler.handle(message)).status).toBe(200);
      await handler.idle();
      expect(runs).toBe(1);
    });
  });
});
