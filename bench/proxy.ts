/**
 * Section 8 — proxy availability: the latency of a small request through `specfirst proxy --enforce` (bench/proxy/
 * proxy.mjs, a process of its own, in front of bench/proxy/upstream.mjs) while 4 clients send large bodies back to
 * back, next to the proxy idle and the upstream alone, and the proxy's peak RSS; the bodies checked in worker threads
 * (the default) or on the main thread (`checkThreads: 0`). Then where a worker thread starts to pay
 * (`INLINE_CHECK_BYTES`): checking a body inline against the round trip through one thread, by size.
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { QUICK, distUrl, fmt, log, median, quantile, startServer, table, type Section } from "./shared.js";

type ServerModule = typeof import("../runtime/proxy/server.js");
type CheckModule = typeof import("../runtime/proxy/check.js");
type PoolModule = typeof import("../runtime/proxy/check-pool.js");
type CoreModule = typeof import("../runtime/middleware/core.js");

const LOAD_MS = QUICK ? 2_000 : 10_000;
const LARGE_KEYS = QUICK ? 200_000 : 1_000_000;
const LARGE_IN_FLIGHT = 4;
const WARMUP_MS = QUICK ? 300 : 1_000;
/** A valid message to `POST /messages`. */
export const SMALL = '{"to":"a@b.c","type":"text/plain","content":"hi"}';

/** `POST /messages` with `body`: the status answered (0: the connection failed). */
function post(port: number, body: string | Buffer, agent?: Agent): Promise<number> {
  return new Promise((resolve) => {
    const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    const outgoing = request(
      { host: "127.0.0.1", port, path: "/messages", method: "POST", headers, ...(agent ? { agent } : {}) },
      (response) => response.resume().on("end", () => resolve(response.statusCode ?? 0)),
    );
    outgoing.on("error", () => resolve(0));
    outgoing.end(body);
  });
}

export interface Load {
  perSecond: number;
  latencies: number[];
  /** Answers other than 202, by status (0: the connection failed). */
  others: Map<number, number>;
  /** CPU µs per request of the processes `cpu` counts, over the measured seconds only. */
  cpuUs: number;
}

/** `clients` keep-alive clients sending small requests back to back for `ms`, after a warm-up. */
export async function load(port: number, clients: number, ms: number, cpu: () => number = () => 0): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  const others = new Map<number, number>();
  const from = performance.now() + WARMUP_MS;
  let cpuFrom = 0;
  const measuring = setTimeout(() => (cpuFrom = cpu()), WARMUP_MS);
  const worker = async () => {
    while (performance.now() < from + ms) {
      const start = performance.now();
      const status = await post(port, SMALL, agent);
      if (start < from) continue;
      latencies.push(performance.now() - start);
      if (status !== 202) others.set(status, (others.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  clearTimeout(measuring);
  agent.destroy();
  const cpuUs = ((cpu() - cpuFrom) * 1e6) / latencies.length;
  return { perSecond: (latencies.length * 1000) / ms, latencies, others, cpuUs };
}

/** The latencies (ms) of small requests sent one after another for `ms`, after a warm-up. */
const smallLatencies = async (port: number, ms: number) => (await load(port, 1, ms)).latencies;

/** A valid message whose content is an object of `keys` small keys. */
const largeMessage = (keys: number) =>
  Buffer.from(
    JSON.stringify({
      to: "a@b.c",
      type: "application/json",
      content: Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])),
    }),
  );

/** Small requests' latencies while LARGE_IN_FLIGHT clients send `large` back to back. */
async function whileLarge(port: number, large: Buffer): Promise<number[]> {
  let stop = false;
  const senders = Array.from({ length: LARGE_IN_FLIGHT }, async () => {
    while (!stop) await post(port, large);
  });
  await new Promise((resolve) => setTimeout(resolve, 300)); // the large bodies on their way
  const latencies = await smallLatencies(port, LOAD_MS);
  stop = true;
  await Promise.all(senders);
  return latencies;
}

/** Peak resident set size of a process (VmHWM, Linux), in MiB. */
const peakRssMiB = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;

/** Median ms of checking a valid body of each size inline, and through one worker thread. */
async function thresholdRows(): Promise<string[][]> {
  const { checkBody } = (await import(distUrl("runtime/proxy/check.js"))) as CheckModule;
  const { CheckPool } = (await import(distUrl("runtime/proxy/check-pool.js"))) as PoolModule;
  const { defaultValidators } = (await import(distUrl("runtime/middleware/core.js"))) as CoreModule;
  const validators = await defaultValidators();
  const pool = new CheckPool(1);
  const rows: string[][] = [];
  try {
    for (const size of [1024, 16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024]) {
      const plain = new Uint8Array(largeMessage(Math.round(size / 16)));
      const shared = new Uint8Array(new SharedArrayBuffer(plain.length));
      shared.set(plain);
      const checked = (bytes: Uint8Array) => ({
        schema: "message",
        bytes,
        encoding: undefined,
        maxBytes: 16 << 20,
        maxErrors: 100,
      });
      await pool.check(checked(shared)); // the thread started
      const [inline, threaded]: [number[], number[]] = [[], []];
      for (let i = 0; i < (QUICK ? 5 : 30); i++) {
        let start = performance.now();
        checkBody(validators, checked(plain));
        inline.push(performance.now() - start);
        start = performance.now();
        await pool.check(checked(shared));
        threaded.push(performance.now() - start);
      }
      rows.push([`${fmt(plain.length / 1024, 1)} KiB`, fmt(median(inline), 3), fmt(median(threaded), 3)]);
    }
  } finally {
    await pool.close();
  }
  return rows;
}

export async function runProxy(): Promise<Section> {
  const { INLINE_CHECK_BYTES, DEFAULT_MAX_BODY_BYTES } = (await import(
    distUrl("runtime/proxy/server.js")
  )) as ServerModule;
  const upstream = await startServer("proxy/upstream.mjs");
  const rows: string[][] = [];
  const p = (latencies: number[], q: number) => fmt(quantile(latencies, q), 1);
  try {
    const direct = await smallLatencies(upstream.port, LOAD_MS / 2);
    const modes: [checking: string, options: object, keys: number][] = [
      ["worker threads (default)", {}, LARGE_KEYS],
      ["main thread only (`checkThreads: 0`)", { checkThreads: 0 }, LARGE_KEYS],
      ["worker threads, default 1 MiB limit", { maxBodyBytes: DEFAULT_MAX_BODY_BYTES }, 65_000],
    ];
    for (const [checking, options, keys] of modes) {
      log(`proxy: ${checking}`);
      const settings = {
        upstream: `http://127.0.0.1:${upstream.port}`,
        enforce: true,
        maxBodyBytes: 32 << 20,
        ...options,
      };
      const proxy = await startServer("proxy/proxy.mjs", [JSON.stringify(settings)]);
      try {
        if (rows.length === 0) {
          const idle = await smallLatencies(proxy.port, LOAD_MS / 2);
          rows.push([checking, "idle", p(idle, 0.5), p(idle, 0.99), fmt(peakRssMiB(proxy.pid))]);
        }
        const large = largeMessage(keys);
        const loaded = await whileLarge(proxy.port, large);
        const meanwhile = `${LARGE_IN_FLIGHT} × ${fmt(large.length / 1e6, 1)} MB bodies in flight`;
        rows.push([checking, meanwhile, p(loaded, 0.5), p(loaded, 0.99), fmt(peakRssMiB(proxy.pid))]);
      } finally {
        await proxy.stop();
      }
    }
    log("proxy: threshold");
    const body = [
      `Latency of a small request through \`specfirst proxy --enforce\`, ms, while ${LARGE_IN_FLIGHT} clients send large bodies; the same request sent straight to the upstream takes p50 ${fmt(quantile(direct, 0.5), 2)} ms, p99 ${fmt(quantile(direct, 0.99), 2)} ms.`,
      "",
      table(["Checking", "Meanwhile", "small p50 (ms)", "small p99 (ms)", "proxy peak RSS (MiB)"], rows, [
        "l",
        "l",
        "r",
        "r",
        "r",
      ]),
      "",
      `Where a worker thread starts to pay (\`INLINE_CHECK_BYTES\` = ${fmt(INLINE_CHECK_BYTES)} B): median ms to check one valid body on the calling thread, and through one worker thread.`,
      "",
      table(["Body", "inline (ms)", "worker round trip (ms)"], await thresholdRows()),
    ].join("\n");
    return { title: "8. Proxy availability", body };
  } finally {
    await upstream.stop();
  }
}
