/**
 * Section 5 — `specfirst validate message --ndjson <file>` on 100,000 messages (a realistic mix, ~2% invalid,
 * generated into a temporary folder): records per second of the whole process against the in-process loop
 * `validate("message", JSON.parse(line))` over the same lines, and peak memory.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { messageMix } from "./message-mix.js";
import { QUICK, cliCommand, fmt, loadGenerated, log, median, run, table, type Section } from "./shared.js";

const RECORDS = QUICK ? 20_000 : 100_000;
const RUNS = QUICK ? 1 : 15;
const TIME = "/usr/bin/time";
/** docs/performance.md#targets: the CLI at least this share of the in-process loop's records/s, whole process. */
const TARGET = 0.4;

interface CliRun {
  wallMs: number;
  /** Peak resident set size in KiB, when /usr/bin/time is there to report it. */
  maxRssKb?: number;
  summary: string;
  code: number | null;
}

async function runCli(args: string[], file: string): Promise<CliRun> {
  const command = [...args, "validate", "message", "--ndjson", file];
  const timed = existsSync(TIME);
  const result = timed ? await run(TIME, ["-v", process.execPath, ...command]) : await run(process.execPath, command);
  const rss = timed ? /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1] : undefined;
  return {
    wallMs: result.ms,
    ...(rss === undefined ? {} : { maxRssKb: Number(rss) }),
    summary: result.stdout.trim().split("\n").pop() ?? "",
    code: result.code,
  };
}

/** A round of `JSON.parse` + generated validate() per line in this process: records/s (the first round warms up). */
async function inProcess(file: string): Promise<() => number> {
  const { validate } = await loadGenerated("cli-stream");
  const lines = (await readFile(file, "utf8")).split("\n").filter((l) => l.length > 0);
  const round = () => {
    const start = performance.now();
    for (const line of lines) validate("message", JSON.parse(line));
    return lines.length / ((performance.now() - start) / 1000);
  };
  round();
  return round;
}

export async function runCliStream(): Promise<Section> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-ndjson-"));
  try {
    const file = path.join(tmp, "messages.ndjson");
    const { records, invalid } = messageMix(RECORDS);
    const text = `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
    await writeFile(file, text);
    const cli = cliCommand();
    const loopRound = await inProcess(file);
    // each run of the CLI is followed by a round of the loop: the ratio is taken pair by pair
    const runs: CliRun[] = [];
    const ratios: number[] = [];
    const loops: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await runCli(cli.args, file);
      if (result.code !== 1 || !result.summary.startsWith(`${RECORDS} records`))
        throw new Error(`${cli.label}: unexpected exit ${result.code} / output "${result.summary}"`);
      runs.push(result);
      const loop = loopRound();
      loops.push(loop);
      ratios.push(RECORDS / (result.wallMs / 1000) / loop);
      log(`cli stream: run ${i + 1}/${RUNS}`);
    }
    const ratio = median(ratios);
    const [lowest, highest] = [Math.min(...ratios), Math.max(...ratios)];
    const verdict =
      lowest >= TARGET
        ? "met by every run"
        : highest < TARGET
          ? "**missed** by every run"
          : `${ratio >= TARGET ? "met" : "**missed**"} by the median, on its line`;
    const wall = median(runs.map((r) => r.wallMs));
    const rss = runs.flatMap((r) => (r.maxRssKb === undefined ? [] : [r.maxRssKb]));
    const ratios_ = table(
      ["Command", "÷ in-process loop (median)", "runs, lowest – highest", `target ≥ ${TARGET}×`],
      [
        [
          `\`${cli.label} validate message --ndjson\``,
          `${ratio.toFixed(2)}×`,
          `${lowest.toFixed(2)}–${highest.toFixed(2)}×`,
          verdict,
        ],
      ],
    );
    const body = [
      `Records per second, whole process from spawn to exit (median of ${RUNS} runs) on ${fmt(RECORDS)} messages (${fmt(Buffer.byteLength(text) / 2 ** 20, 1)} MiB, ${fmt(invalid)} invalid); peak RSS in MiB.`,
      "",
      table(
        ["Command", "records/s", "wall time", "peak RSS"],
        [
          [
            `\`${cli.label} validate message --ndjson\``,
            fmt(RECORDS / (wall / 1000)),
            `${fmt(wall / 1000, 2)} s`,
            rss.length === 0 ? "—" : `${fmt(median(rss) / 1024, 1)} MiB`,
          ],
          ["in-process: `JSON.parse` + generated `validate()` per line", fmt(median(loops)), "", ""],
        ],
      ),
    ].join("\n");
    return { title: "5. CLI stream", ratios: ratios_, body };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
