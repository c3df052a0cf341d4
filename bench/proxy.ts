/**
 * Section 8 — proxy availability: how long a small request takes through `specfirst proxy --enforce` while large
 * bodies are being checked, next to the proxy idle, and the proxy process's peak RSS; with the large bodies checked
 * in worker threads (the default) and on the main thread (`checkThreads: 0`, as before worker threads). Also where
 * checking a body in a worker thread starts to pay: the inline check against the round trip through one thread, by
 * body size (`INLINE_CHECK_BYTES`). The proxy runs in its own process (bench/proxy/proxy.mjs); the upstream, which
 * reads each body and answers 202, and the clients run in this one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { BENCH_DIR, QUICK, distUrl, fmt, log, median, table, type Section } from "./shared.js";

type CheckModule = typeof import("../runtime/proxy/check.js");
type PoolModule = typeof import("../runtime/proxy/check-pool.js");
type ServerModule = typeof import("../runtime/proxy/server.js");
type CoreModule = typeof import("../runtime/middleware/core.js");

const LOAD_MS = QUICK ? 2_000 : 10_000;
const LARGE_KEYS = QUICK ? 200_000 : 1_000_000;
const LARGE_IN_FLIGHT = 4;
/** Keys of a body just under the default 1 MiB limit. */
const DEFAULT_LIMIT_KEYS = 65_000;
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const SMALL = '{"to":"a@b.c","type":"text/plain","content":"hi"}';

function post(port: number, body: string | Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        path: "/messages",
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function startProxy(options: Record<string, unknown>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, "proxy", "proxy.mjs"), JSON.stringify(options)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  return { port: Number(first.value), child };
}

/** Peak resident set size of a process (VmHWM, Linux), in MiB. */
function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Number.NaN;

/**
 * Small requests one after another for `ms`: the latencies (ms) of those answered 202, and the count of the others
 * (a 502: the upstream closed a kept-alive connection while the proxy's event loop was stuck, which the main-thread
 * mode shows; a row counts them rather than the section stopping at the first).
 */
async function smallLatencies(port: number, ms: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const start = performance.now();
    if ((await post(port, SMALL)) === 202) latencies.push(performance.now() - start);
    else failed++;
  }
  return { latencies, failed };
}

interface Row {
  mode: string;
  load: string;
  latencies: number[];
  /** Small requests answered other than 202. */
  smallFailed: number;
  large: number;
  /** Large bodies answered other than 202 (502: the upstream closed a kept-alive connection while the proxy was stuck). */
  largeFailed: number;
  rss: number;
}

/** A valid message whose content is an object of `keys` small keys. */
const largeMessage = (keys: number) =>
  Buffer.from(
    JSON.stringify({
      to: "a@b.c",
      type: "application/json",
      content: Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])),
    }),
  );

async function measureMode(mode: string, options: Record<string, unknown>, keys: number): Promise<Row[]> {
  const large = largeMessage(keys);
  const { port, child } = await startProxy({
    upstream: upstreamUrl,
    enforce: true,
    maxBodyBytes: MAX_BODY_BYTES,
    ...options,
  });
  try {
    await smallLatencies(port, 500); // warm-up
    const idle = await smallLatencies(port, LOAD_MS / 2);
    const idleRss = peakRssMiB(child.pid!);
    let stop = false;
    let largeDone = 0;
    let largeFailed = 0;
    const senders = Promise.all(
      Array.from({ length: LARGE_IN_FLIGHT }, async () => {
        while (!stop) {
          if ((await post(port, large)) === 202) largeDone++;
          else largeFailed++;
        }
      }),
    );
    senders.catch(() => (stop = true)); // reported by the await below
    await new Promise((resolve) => setTimeout(resolve, 300)); // the large bodies are on their way
    const loaded = await smallLatencies(port, LOAD_MS);
    stop = true;
    await senders;
    return [
      {
        mode,
        load: "idle",
        latencies: idle.latencies,
        smallFailed: idle.failed,
        large: 0,
        largeFailed: 0,
        rss: idleRss,
      },
      {
        mode,
        load: `${LARGE_IN_FLIGHT} × ${fmt(large.length / 1e6, 1)} MB bodies (${fmt(keys)} keys) in flight`,
        latencies: loaded.latencies,
        smallFailed: loaded.failed,
        large: largeDone,
        largeFailed,
        rss: peakRssMiB(child.pid!),
      },
    ];
  } finally {
    child.kill();
  }
}

let upstreamUrl = "";

/** Median time (ms) of checking a body of about `size` bytes inline, and through one worker thread. */
async function thresholdRows(): Promise<(string | number)[][]> {
  const { checkBody } = (await import(distUrl("runtime/proxy/check.js"))) as CheckModule;
  const { CheckPool } = (await import(distUrl("runtime/proxy/check-pool.js"))) as PoolModule;
  const { defaultValidators } = (await import(distUrl("runtime/middleware/core.js"))) as CoreModule;
  const validators = await defaultValidators();
  const pool = new CheckPool(1);
  const rows: (string | number)[][] = [];
  try {
    for (const size of [1024, 16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024]) {
      const keys = Math.max(1, Math.round(size / 16));
      const text = JSON.stringify({
        to: "a@b.c",
        type: "application/json",
        content: Object.fromEntries(Array.from({ length: keys }, (_, i) => [`key${i}`, i])),
      });
      const plain = new TextEncoder().encode(text);
      const shared = new Uint8Array(new SharedArrayBuffer(plain.length));
      shared.set(plain);
      const request = (bytes: Uint8Array) => ({
        schema: "message",
        bytes,
        encoding: undefined,
        maxBytes: 16 * 1024 * 1024,
        maxErrors: 100,
      });
      const runs = QUICK ? 5 : 30;
      await pool.check(request(shared)); // the thread started
      const inline: number[] = [];
      const threaded: number[] = [];
      for (let i = 0; i < runs; i++) {
        let start = performance.now();
        checkBody(validators, request(plain));
        inline.push(performance.now() - start);
        start = performance.now();
        await pool.check(request(shared));
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
  const upstream: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(202, { "content-length": "0" }).end());
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const upstreamPort = (upstream.address() as AddressInfo).port;
  upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const loadBefore = os.loadavg()[0]!;
  try {
    log("proxy: straight to the upstream");
    await smallLatencies(upstreamPort, 500); // warm-up
    const direct = (await smallLatencies(upstreamPort, LOAD_MS / 2)).latencies;
    log("proxy: threshold");
    const threshold = await thresholdRows();
    log("proxy: worker threads");
    const rows = await measureMode("worker threads (default)", {}, LARGE_KEYS);
    log("proxy: main thread");
    rows.push(...(await measureMode("main thread only (`checkThreads: 0`)", { checkThreads: 0 }, LARGE_KEYS)));
    log("proxy: default limit");
    rows.push(
      ...(await measureMode(
        "worker threads, default 1 MiB limit",
        { maxBodyBytes: DEFAULT_MAX_BODY_BYTES },
        DEFAULT_LIMIT_KEYS,
      )),
    );
    const loadAfter = os.loadavg()[0]!;
    const body = [
      `Small requests (${SMALL.length} B, \`POST /messages\`, valid) sent one after another through \`createProxy({ enforce: true, maxBodyBytes: 32 MiB })\` (the last two rows: the default 1 MiB) in its own process, for ${fmt(LOAD_MS / 2000, 0)} s idle and then ${fmt(LOAD_MS / 1000, 0)} s while ${LARGE_IN_FLIGHT} clients each send large bodies back to back; peak RSS is the proxy process's VmHWM after each phase. ${os.availableParallelism()} cores; load average ${fmt(loadBefore, 1)} before, ${fmt(loadAfter, 1)} after (other work on the machine makes the figures noisier).`,
      "",
      table(
        [
          "Checking",
          "Meanwhile",
          "small p50 (ms)",
          "small p99 (ms)",
          "small requests 202 (other)",
          "large bodies 202 (other)",
          "proxy peak RSS (MiB)",
        ],
        rows.map((row) => [
          row.mode,
          row.load,
          fmt(percentile(row.latencies, 50), 1),
          fmt(percentile(row.latencies, 99), 1),
          `${row.latencies.length} (${row.smallFailed})`,
          `${row.large} (${row.largeFailed})`,
          fmt(row.rss, 0),
        ]),
        ["l", "l", "r", "r", "r", "r", "r"],
      ),
      "",
      `Where a worker thread starts to pay (\`INLINE_CHECK_BYTES\` = ${fmt(INLINE_CHECK_BYTES)} B): median time to check one valid body (an object of many small keys) on the calling thread, and through one worker thread (shared memory, so no copy), per body size.`,
      "",
      table(["Body", "inline (ms)", "worker round trip (ms)"], threshold),
    ].join("\n");
    const [idle, loaded] = rows;
    const p = (latencies: number[]) =>
      `p50 ${fmt(percentile(latencies, 50), 2)} ms, p99 ${fmt(percentile(latencies, 99), 2)} ms`;
    const limit =
      `How close to the limit: the same small request sent straight to the upstream, without the proxy, takes ${p(direct)}; ` +
      `through \`specfirst proxy --enforce\` (worker threads, the default) ${p(idle!.latencies)} idle, and ${p(loaded!.latencies)} while ${LARGE_IN_FLIGHT} large bodies are checked.`;
    return { title: "8. Proxy availability", body, limit };
  } finally {
    await new Promise((resolve) => upstream.close(resolve));
  }
}
