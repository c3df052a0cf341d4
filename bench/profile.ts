/**
 * CPU profile of the generated `validate()` on one payload: runs bench/cold/profile-loop.mjs under
 * `node --cpu-prof` (it imports dist/generated/validators.js) and sums self time per function. Used by section 1 to
 * show where the time goes; also usable alone: `npx tsx bench/profile.ts message-text message [seconds]` (builds
 * dist/ first when it is stale).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BENCH_DIR, ensureBuilt, fmt, run } from "./shared.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface ProfileLine {
  share: number;
  name: string;
}

export async function profileValidate(
  payload: string,
  schema: string,
  seconds = 2,
): Promise<{ opsPerSec: number; top: ProfileLine[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-prof-"));
  try {
    const args = [
      "--cpu-prof",
      "--cpu-prof-dir",
      dir,
      "--cpu-prof-interval",
      "100",
      path.join(BENCH_DIR, "cold", "profile-loop.mjs"),
      schema,
      path.join(BENCH_DIR, "payloads", `${payload}.json`),
      String(seconds),
    ];
    const result = await run(process.execPath, args);
    if (result.code !== 0) throw new Error(`profile run failed: ${result.stderr.slice(0, 300)}`);
    const { opsPerSec } = JSON.parse(result.stdout) as { opsPerSec: number };
    const file = (await readdir(dir)).find((f) => f.endsWith(".cpuprofile"));
    if (file === undefined) throw new Error("no .cpuprofile written");
    const profile = JSON.parse(await readFile(path.join(dir, file), "utf8")) as {
      nodes: ProfileNode[];
      samples: number[];
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    for (const id of profile.samples) {
      const frame = byId.get(id)!.callFrame;
      const where = frame.url === "" ? "" : ` (${fileLabel(frame.url)}:${frame.lineNumber + 1})`;
      const key = `${frame.functionName || "(anonymous)"}${where}`;
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    const total = profile.samples.length;
    // (the generated functions are named after their schema: validate0_Message, validate0_ConfigLenient)
    const top = [...self].sort((a, b) => b[1] - a[1]).map(([name, count]) => ({ share: (count / total) * 100, name }));
    return { opsPerSec, top };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `.../dist/generated/messaging/validators.compiled.js` → `messaging/validators.compiled.js`; other files by base name. */
function fileLabel(url: string): string {
  const parts = url.split("/");
  const base = parts.at(-1) ?? url;
  return base.startsWith("validators") && parts.length > 1 ? `${parts.at(-2)}/${base}` : base;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stderr.write(`${ensureBuilt()}\n`);
  const [payload = "message-text", schema = "message", seconds = "3"] = process.argv.slice(2);
  const { opsPerSec, top } = await profileValidate(payload, schema, Number(seconds));
  process.stdout.write(
    `${fmt(opsPerSec)} ops/s\n${top
      .slice(0, 15)
      .map((l) => `${l.share.toFixed(1).padStart(5)}%  ${l.name}`)
      .join("\n")}\n`,
  );
}
