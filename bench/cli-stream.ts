/**
 * Section 5 — `specfirst validate message --ndjson <file>` (dist/runtime/cli/main.js) on 100,000 messages of the mix
 * of bench/message-mix.ts: records per second of the whole process, each run paired with a round of the in-process
 * loop `validate("message", JSON.parse(line))` over the same lines; peak memory from /usr/bin/time.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { messageMix } from "./message-mix.js";
import { DIST, QUICK, fmt, loadGenerated, log, median, run, table, type Section } from "./shared.js";

const RECORDS = QUICK ? 20_000 : 100_000;
const RUNS = QUICK ? 1 : 15;
/** docs/performance.md#targets: the CLI at least this share of the in-process loop's records/s. */
const TARGET = 0.4;
const COMMAND = "`node dist/runtime/cli/main.js validate message --ndjson`";

export async function runCliStream(): Promise<Section> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-ndjson-"));
  try {
    const file = path.join(tmp, "messages.ndjson");
    const { records, invalid } = messageMix(RECORDS);
    const lines = records.map((r) => JSON.stringify(r));
    await writeFile(file, `${lines.join("\n")}\n`);
    const { validate } = await loadGenerated("cli-stream");
    const loop = () => {
      const start = performance.now();
      for (const line of lines) validate("message", JSON.parse(line));
      return RECORDS / ((performance.now() - start) / 1000);
    };
    loop(); // warm-up
    // each run of the CLI paired with a round of the loop; peak RSS from /usr/bin/time where it is installed
    const time = existsSync("/usr/bin/time") ? ["/usr/bin/time", "-v", process.execPath] : [process.execPath];
    const cli = [
      ...time.slice(1),
      path.join(DIST, "runtime", "cli", "main.js"),
      "validate",
      "message",
      "--ndjson",
      file,
    ];
    const [wallMs, ratios, loops, rssKb]: [number[], number[], number[], number[]] = [[], [], [], []];
    for (let i = 0; i < RUNS; i++) {
      const result = await run(time[0]!, cli);
      if (result.code !== 1 || !result.stdout.includes(`${RECORDS} records`))
        throw new Error(`${COMMAND}: exit ${result.code}, output ${result.stdout.trim().split("\n").pop()}`);
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1];
      if (rss !== undefined) rssKb.push(Number(rss));
      wallMs.push(result.ms);
      loops.push(loop());
      ratios.push(RECORDS / (result.ms / 1000) / loops.at(-1)!);
      log(`cli stream: run ${i + 1}/${RUNS}`);
    }
    const [ratio, lowest, highest] = [median(ratios), Math.min(...ratios), Math.max(...ratios)];
    const verdict =
      lowest >= TARGET
        ? "met by every run"
        : highest < TARGET
          ? "**missed** by every run"
          : `${ratio >= TARGET ? "met" : "**missed**"} by the median`;
    const [wall, mib] = [median(wallMs) / 1000, Buffer.byteLength(lines.join("\n")) / 2 ** 20];
    const rows = [
      [
        COMMAND,
        fmt(RECORDS / wall),
        `${fmt(wall, 2)} s`,
        rssKb.length === 0 ? "—" : `${fmt(median(rssKb) / 1024, 1)} MiB`,
      ],
      ["in-process: `JSON.parse` + generated `validate()` per line", fmt(median(loops)), "", ""],
    ];
    return {
      title: "5. CLI stream",
      ratios: table(
        ["Command", "÷ in-process loop (median)", "runs, lowest – highest", `target ≥ ${TARGET}×`],
        [[COMMAND, `${ratio.toFixed(2)}×`, `${lowest.toFixed(2)}–${highest.toFixed(2)}×`, verdict]],
        "lrrl",
      ),
      body: [
        `Records per second, whole process from spawn to exit (median of ${RUNS} runs) on ${fmt(RECORDS)} messages (${fmt(mib, 1)} MiB, ${fmt(invalid)} invalid); peak RSS in MiB.`,
        "",
        table(["Command", "records/s", "wall time", "peak RSS"], rows),
      ].join("\n"),
    };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
