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
    const timed = existsSync("/usr/bin/time");
    const cli = [path.join(DIST, "runtime", "cli", "main.js"), "validate", "message", "--ndjson", file];
    const runs: { perSecond: number; ratio: number; loop: number; wallMs: number; rssKb?: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = timed
        ? await run("/usr/bin/time", ["-v", process.execPath, ...cli])
        : await run(process.execPath, cli);
      if (result.code !== 1 || !result.stdout.includes(`${RECORDS} records`))
        throw new Error(`${COMMAND}: exit ${result.code}, output ${result.stdout.trim().split("\n").pop()}`);
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1];
      const [perSecond, inProcess] = [RECORDS / (result.ms / 1000), loop()];
      runs.push({
        perSecond,
        ratio: perSecond / inProcess,
        loop: inProcess,
        wallMs: result.ms,
        ...(rss ? { rssKb: +rss } : {}),
      });
      log(`cli stream: run ${i + 1}/${RUNS}`);
    }
    const ratios = runs.map((r) => r.ratio);
    const [ratio, lowest, highest] = [median(ratios), Math.min(...ratios), Math.max(...ratios)];
    const verdict =
      lowest >= TARGET
        ? "met by every run"
        : highest < TARGET
          ? "**missed** by every run"
          : `${ratio >= TARGET ? "met" : "**missed**"} by the median`;
    const rss = runs.flatMap((r) => (r.rssKb === undefined ? [] : [r.rssKb]));
    const wall = median(runs.map((r) => r.wallMs));
    return {
      title: "5. CLI stream",
      ratios: table(
        ["Command", "÷ in-process loop (median)", "runs, lowest – highest", `target ≥ ${TARGET}×`],
        [[COMMAND, `${ratio.toFixed(2)}×`, `${lowest.toFixed(2)}–${highest.toFixed(2)}×`, verdict]],
        ["l", "r", "r", "l"],
      ),
      body: [
        `Records per second, whole process from spawn to exit (median of ${RUNS} runs) on ${fmt(RECORDS)} messages (${fmt(Buffer.byteLength(lines.join("\n")) / 2 ** 20, 1)} MiB, ${fmt(invalid)} invalid); peak RSS in MiB.`,
        "",
        table(
          ["Command", "records/s", "wall time", "peak RSS"],
          [
            [
              COMMAND,
              fmt(RECORDS / (wall / 1000)),
              `${fmt(wall / 1000, 2)} s`,
              rss.length === 0 ? "—" : `${fmt(median(rss) / 1024, 1)} MiB`,
            ],
            [
              "in-process: `JSON.parse` + generated `validate()` per line",
              fmt(median(runs.map((r) => r.loop))),
              "",
              "",
            ],
          ],
        ),
      ].join("\n"),
    };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
