import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A real Redis for the tests: Debian's `redis-server` on a free loopback port, started and stopped by the test
 * (docs/webhooks.md#running-more-than-one-process). On a machine without it the Redis tests are skipped with one
 * line naming the install command; in CI (the variable CI set, as .ci/run runs) a missing redis-server fails the run.
 */

/** How to get `redis-server` on Debian (what .ci/run does). */
export const REDIS_INSTALL = "apt-get install redis-server";

/** The path of `redis-server`, or undefined when it is not installed. */
function findRedisServer(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const where = found.stdout.trim();
  return found.status === 0 && where !== "" ? where : undefined;
}

const REDIS_SERVER = findRedisServer();

/**
 * Whether the Redis tests run here: true with redis-server; false without it (one line says so, naming the install
 * command); throws in CI, where a missing redis-server is a broken set-up, not a reason to skip.
 */
export function redisAvailable(file: string): boolean {
  if (REDIS_SERVER !== undefined) return true;
  const install = `install it with \`${REDIS_INSTALL}\``;
  if (process.env.CI !== undefined && process.env.CI !== "")
    throw new Error(`redis-server is not installed, and under CI ${file} must run: ${install} (.ci/run does)`);
  console.warn(`redis-server is not installed: ${file} is skipped; ${install}`);
  return false;
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A redis-server of the test. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Stops it (SIGTERM, waits for its exit); what it held is gone (no persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/** Starts redis-server on a free loopback port, without persistence, in a folder of its own. */
export async function startRedis(): Promise<RedisServer> {
  if (REDIS_SERVER === undefined) throw new Error(`redis-server is not installed (${REDIS_INSTALL})`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "specfirst-redis-"));
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      REDIS_SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = started;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes("Ready to accept connections")) {
          started.stdout?.off("data", onData);
          started.off("exit", onExit);
          resolve();
        }
      };
      const onExit = (code: number | null) =>
        reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
      started.stdout?.on("data", onData);
      started.stderr?.on("data", onData);
      started.once("exit", onExit);
    });
    // Read and dropped: a full pipe would block it.
    started.stdout?.resume();
    started.stderr?.resume();
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGTERM");
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
