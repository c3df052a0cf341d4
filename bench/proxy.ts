/**
 * Sections 8 and 9: `specfirst proxy --enforce` (bench/proxy/proxy.mjs) in front of a node:http service that does
 * nothing but read the body (bench/proxy/upstream.mjs), each in a process of its own, the clients in this one.
 *
 * 8 — availability: the latency of a small request while 4 clients send large bodies back to back, next to the proxy
 * idle and the upstream alone, and the proxy's peak RSS; the bodies checked in worker threads (the default) or on the
 * main thread (`checkThreads: 0`). Then where a worker thread starts to pay (`INLINE_CHECK_BYTES`): checking a body
 * inline against the round trip through one thread, by size.
 *
 * 9 — throughput: small requests per second through the proxy with the defaults ÷ straight to the upstream, at 1, 16
 * and 64 keep-alive clients, in pairs run back to back. Then a small request's latency while 32 connections trickle
 * a body one byte every 200 ms (each closed 408 after the grace period, and opened again at once, as an attacker would).
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { QUICK, cpuSeconds, distUrl, fmt, log, median, quantile, startServer, table, type Section } from "./shared.js";

type ServerModule = typeof import("../runtime/proxy/server.js");
type CheckModule = typeof import("../runtime/proxy/check.js");
type PoolModule = typeof import("../runtime/proxy/check-pool.js");
type CoreModule = typeof import("../runtime/middleware/core.js");

const LOAD_MS = QUICK ? 2_000 : 10_000;
const LARGE_KEYS = QUICK ? 200_000 : 1_000_000;
const LARGE_IN_FLIGHT = 4;
const WARMUP_MS = QUICK ? 300 : 1_000;
const MEASURE_MS = QUICK ? 1_000 : 3_000;
const PAIRS = QUICK ? 1 : 3;
const TRICKLE_MS = QUICK ? 3_000 : 12_000;
const SLOW_BODIES = 32;
/** A valid message to `POST /messages`. */
const SMALL = '{"to":"a@b.c","type":"text/plain","content":"hi"}';

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

interface Load {
  perSecond: number;
  latencies: number[];
  /** Answers other than 202, by status (0: the connection failed). */
  others: Map<number, number>;
  /** CPU µs per request of the processes `cpu` counts, over the measured seconds only. */
  cpuUs: number;
}

/** `clients` keep-alive clients sending small requests back to back for `ms`, after a warm-up. */
async function load(port: number, clients: number, ms: number, cpu: () => number = () => 0): Promise<Load> {
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

const CHECK_LIMITS = { encoding: undefined, maxBytes: 16 << 20, maxErrors: 100 };

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
      const checked = (bytes: Uint8Array) => ({ schema: "message", bytes, ...CHECK_LIMITS });
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
      table(["Checking", "Meanwhile", "small p50 (ms)", "small p99 (ms)", "proxy peak RSS (MiB)"], rows, "llrrr"),
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

const othersNote = (others: Map<number, number>) =>
  others.size === 0 ? "0" : [...others].map(([status, count]) => `${fmt(count)} × ${status || "failed"}`).join(", ");

/** A connection sending a body one byte every 200 ms, opened again whenever it is closed; returns its stop. */
function trickle(port: number, answered: Map<number, number>): () => void {
  let socket: Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const open = () => {
    let text = "";
    socket = connect(port, "127.0.0.1", () => {
      socket!.write(
        `POST /messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${SMALL.length}\r\n\r\n`,
      );
      let sent = 0;
      timer = setInterval(() => sent < SMALL.length - 1 && socket!.write(SMALL[sent++]!), 200);
    });
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      if (stopped) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      answered.set(status, (answered.get(status) ?? 0) + 1);
      open();
    });
  };
  open();
  return () => {
    stopped = true;
    socket?.destroy();
  };
}

export async function runProxyThroughput(): Promise<Section> {
  const ratioRows: string[][] = [];
  const rows: string[][] = [];
  const slowRows: string[][] = [];
  const trickled = new Map<number, number>();
  const upstream = await startServer("proxy/upstream.mjs");
  const proxy = await startServer("proxy/proxy.mjs", [
    JSON.stringify({ upstream: `http://127.0.0.1:${upstream.port}`, enforce: true }),
  ]);
  const cpuOf = (pid: number | "self") => () => cpuSeconds(pid)?.own ?? Number.NaN;
  try {
    for (const clients of [1, 16, 64]) {
      log(`proxy-throughput: ${clients} clients`);
      const pairs: { direct: Load; through: Load }[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const direct = await load(upstream.port, clients, MEASURE_MS, () => cpuOf(upstream.pid)() + cpuOf("self")());
        pairs.push({ direct, through: await load(proxy.port, clients, MEASURE_MS, cpuOf(proxy.pid)) });
      }
      const [directCpu, proxyCpu] = [
        median(pairs.map((p) => p.direct.cpuUs)),
        median(pairs.map((p) => p.through.cpuUs)),
      ];
      const others = new Map<number, number>();
      for (const { through } of pairs)
        for (const [status, n] of through.others) others.set(status, (others.get(status) ?? 0) + n);
      ratioRows.push([
        String(clients),
        `${median(pairs.map(({ direct, through }) => through.perSecond / direct.perSecond)).toFixed(2)}×`,
        `${(directCpu / (directCpu + proxyCpu)).toFixed(2)}×`,
        othersNote(others),
      ]);
      rows.push([
        String(clients),
        fmt(median(pairs.map((p) => p.direct.perSecond))),
        fmt(median(pairs.map((p) => p.through.perSecond))),
        fmt(median(pairs.map((p) => quantile(p.through.latencies, 0.5))), 2),
        fmt(median(pairs.map((p) => quantile(p.through.latencies, 0.99))), 2),
      ]);
    }
    log("proxy-throughput: slow bodies");
    const idle = await load(proxy.port, 1, TRICKLE_MS / 2);
    const stops = Array.from({ length: SLOW_BODIES }, () => trickle(proxy.port, trickled));
    await new Promise((resolve) => setTimeout(resolve, 500)); // every slow body under way
    const loaded = await load(proxy.port, 1, TRICKLE_MS);
    for (const stop of stops) stop();
    const slowRow = (meanwhile: string, { latencies, others }: Load) => [
      meanwhile,
      fmt(quantile(latencies, 0.5), 2),
      fmt(quantile(latencies, 0.99), 2),
      othersNote(others),
    ];
    slowRows.push(slowRow("idle", idle), slowRow(`${SLOW_BODIES} bodies trickling 1 byte / 200 ms`, loaded));
  } finally {
    await proxy.stop();
    await upstream.stop();
  }
  const ratios = [
    "Requests/s through `specfirst proxy --enforce` (defaults) ÷ the upstream alone, a node:http service that does nothing, medians of pairs run back to back. " +
      "Through the proxy each request costs a server's and a client's work again: once the cores are busy, the ratio cannot pass the CPU-bound ceiling, (upstream + clients) ÷ (upstream + clients + proxy) in CPU per request.",
    "",
    table(["Clients", "÷ upstream alone", "CPU-bound ceiling", "answers other than 202"], ratioRows),
  ].join("\n");
  const body = [
    `Small valid requests (\`POST /messages\`) back to back for ${fmt(MEASURE_MS / 1000)} s after a warm-up, medians of ${PAIRS} pairs.`,
    "",
    table(["Clients", "upstream alone (req/s)", "through the proxy (req/s)", "p50 (ms)", "p99 (ms)"], rows),
    "",
    `A small request through the proxy, one after another, idle and while ${SLOW_BODIES} connections trickle their bodies (answers they got: ${othersNote(trickled)}).`,
    "",
    table(["Meanwhile", "p50 (ms)", "p99 (ms)", "answers other than 202"], slowRows),
  ].join("\n");
  return { title: "9. Proxy throughput", ratios, body };
}
