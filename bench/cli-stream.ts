/**
 * Section 5 — `specfirst validate message --ndjson <file>` on 100,000 messages: records per second and peak
 * memory. The file is generated into a temporary folder: a realistic mix of message types, ~2% invalid.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { messageMix } from "./message-mix.js";
import {
  BENCH_DIR,
  CLI_FROM_SOURCES,
  QUICK,
  cliCommand,
  distUrl,
  fmt,
  loadGenerated,
  log,
  measureHostSpeed,
  median,
  run,
  table,
  type Section,
  type Spawned,
} from "./shared.js";

const RECORDS = QUICK ? 20_000 : 100_000;
const RUNS = QUICK ? 1 : 15;
const TIME = "/usr/bin/time";
/** docs/performance.md#targets: the CLI at least this share of the in-process loop's records/s, whole process. */
const TARGET = 0.4;
/** V8's thread pool sized by Node to the cores but one (the default is 4 threads on any machine). */
const SIZED_POOL = "--v8-pool-size=0";

/** The CLI's records/s ÷ the in-process loop's, run by run: the median and the extremes. */
interface PairedRatio {
  median: number;
  lowest: number;
  highest: number;
}

async function writeStream(file: string, count: number): Promise<{ invalid: number; bytes: number }> {
  const { records, invalid } = messageMix(count);
  const text = `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
  await writeFile(file, text);
  return { invalid, bytes: Buffer.byteLength(text) };
}

interface Measured {
  wallMs: number;
  maxRssKb: number;
  /** Minor page faults: pages of memory the process touched for the first time. */
  minorFaults: number;
  summary: string;
  code: number | null;
}

async function runCli(args: string[], file: string, env?: NodeJS.ProcessEnv): Promise<Measured> {
  return runMeasured([...args, "validate", "message", "--ndjson", file], env);
}

/** Runs `node <args>` with its wall time, peak memory and page faults. */
async function runMeasured(args: string[], env?: NodeJS.ProcessEnv): Promise<Measured> {
  const read = (result: Spawned, rss: RegExp, faults: RegExp): Measured => ({
    wallMs: result.ms,
    maxRssKb: Number(rss.exec(result.stderr)?.[1] ?? Number.NaN),
    minorFaults: Number(faults.exec(result.stderr)?.[1] ?? Number.NaN),
    summary: lastLine(result.stdout),
    code: result.code,
  });
  if (existsSync(TIME)) {
    const result = await run(TIME, ["-v", process.execPath, ...args], { env });
    return read(
      result,
      /Maximum resident set size \(kbytes\): (\d+)/,
      /Minor \(reclaiming a frame\) page faults: (\d+)/,
    );
  }
  // no /usr/bin/time: a preloaded module reports process.resourceUsage() at exit
  const preload = path.join(BENCH_DIR, "cold", "resource-usage.cjs");
  const result = await run(process.execPath, ["--require", preload, ...args], { env });
  return read(result, /maxRSS=(\d+)/, /minorFaults=(\d+)/);
}

const lastLine = (text: string) => text.trim().split("\n").pop() ?? "";

/** Who checks the records on this machine (runtime/cli/ndjson-pool.ts `checkingWorkers`). */
function workersNote(): string {
  const cores = os.availableParallelism();
  return cores - 1 >= 2
    ? `for an input of 8 MiB or more, ${cores - 1} worker threads check the records while the main thread reads and writes, on ${cores} cores`
    : `on ${cores} core(s) the main thread checks every record itself, V8's compiler and garbage collector threads on the other core`;
}

/** Wall-clock ms of 9 empty Node processes (`node -e 0`) under `env`. */
async function emptyProcessMs(env: NodeJS.ProcessEnv): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 9; i++) times.push((await run(process.execPath, ["-e", "0"], { env })).ms);
  return times;
}

/**
 * Rounds of `parse` + generated validate() per line, in this process (no CLI around it): each round gives the
 * records/s of every parser. The first round, taken at once, warms up and is not counted.
 */
async function inProcess(file: string, parsers: ((text: string) => unknown)[]): Promise<() => number[]> {
  const { validate } = await loadGenerated("cli-stream");
  const lines = (await readFile(file, "utf8")).split("\n").filter((l) => l.length > 0);
  const round = () =>
    parsers.map((parse) => {
      const start = performance.now();
      let invalid = 0;
      for (const line of lines) if (!validate("message", parse(line)).valid) invalid++;
      if (invalid === 0) throw new Error("no invalid record found in the stream");
      return lines.length / ((performance.now() - start) / 1000);
    });
  round();
  return round;
}

export async function runCliStream(): Promise<Section> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-ndjson-"));
  try {
    const file = path.join(tmp, "messages.ndjson");
    const one = path.join(tmp, "one.ndjson");
    const { invalid, bytes } = await writeStream(file, RECORDS);
    await writeFile(one, `${(await readFile(file, "utf8")).split("\n")[0]}\n`);
    const cli = cliCommand();
    const other = cli.label.startsWith("node dist") ? CLI_FROM_SOURCES : undefined;
    const rows: (string | number)[][] = [];
    // the CLI's strict reader (runtime/json/read-json.ts, built): strict UTF-8 decoding, then parseJson
    // (JSON.parse, the repeated-key pre-check, the full repeated-key scan only when it cannot decide)
    let readJson: ((input: Uint8Array) => unknown) | undefined;
    try {
      readJson = ((await import(distUrl("runtime/json/read-json.js"))) as typeof import("../runtime/json/read-json.js"))
        .readJson;
    } catch (error) {
      log(`cli stream: runtime/json/read-json.ts not usable: ${(error as Error).message}`);
    }
    const encoder = new TextEncoder();
    const inProcessRound = await inProcess(
      file,
      readJson === undefined ? [JSON.parse] : [JSON.parse, (text) => readJson(encoder.encode(text))],
    );
    // each run of the CLI is followed by a round in this process: the ratio is taken pair by pair
    const rounds: number[][] = [];
    /** Median minor page faults of the CLI's runs on the whole file, as launched (the first command measured). */
    let cliFaults: number | undefined;
    /**
     * Runs a command `runs` times; paired: each run followed by a round of the loop, and the ratios returned (their
     * median, and the lowest and highest run's).
     */
    const measure = async (
      label: string,
      args: string[],
      runs: number,
      paired: boolean,
      variant?: { env: NodeJS.ProcessEnv; label: string },
    ): Promise<PairedRatio | undefined> => {
      const env = variant?.env;
      const results: Measured[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await runCli(args, file, env);
        results.push(result);
        if (paired) {
          const round = inProcessRound();
          rounds.push(round);
          ratios.push(RECORDS / (result.wallMs / 1000) / (round[0] as number));
        }
        log(`cli stream: ${label} run ${i + 1}/${runs}`);
      }
      const startup = await runCli(args, one, env);
      const bad = results.find((r) => r.code !== 1 || !r.summary.startsWith(`${RECORDS} records`));
      if (bad !== undefined) throw new Error(`${label}: unexpected exit ${bad.code} / output "${bad.summary}"`);
      const wall = median(results.map((r) => r.wallMs));
      const faults = median(results.map((r) => r.minorFaults));
      cliFaults ??= faults;
      const ratio = paired
        ? { median: median(ratios), lowest: Math.min(...ratios), highest: Math.max(...ratios) }
        : undefined;
      rows.push([
        `\`${label} validate message --ndjson\`${variant === undefined ? "" : ` ${variant.label}`}`,
        ratio === undefined
          ? ""
          : `${ratio.median.toFixed(2)}× (runs ${ratio.lowest.toFixed(2)}–${ratio.highest.toFixed(2)}×)`,
        fmt(RECORDS / (wall / 1000)),
        fmt(RECORDS / ((wall - startup.wallMs) / 1000)),
        `${fmt(wall / 1000, 2)} s (1 record: ${fmt(startup.wallMs / 1000, 2)} s)`,
        `${fmt(median(results.map((r) => r.maxRssKb)) / 1024, 1)} MiB (1 record: ${fmt(startup.maxRssKb / 1024, 1)} MiB)`,
        `${fmt(faults)} (1 record: ${fmt(startup.minorFaults)})`,
        results[0]!.summary,
      ]);
      return ratio;
    };
    // the host's speed on cold work, and the pages an empty process touches: what the CLI's whole process pays for
    // beyond the in-process loop, which touches no new memory once warm
    // (docs/performance.md#the-hosts-speed-on-cold-work)
    const host = await measureHostSpeed();
    const emptyRuns: Measured[] = [];
    for (let i = 0; i < 3; i++) emptyRuns.push(await runMeasured([path.join(BENCH_DIR, "cold", "baseline.mjs")]));
    const emptyFaults = median(emptyRuns.map((r) => r.minorFaults));
    const ratio = (await measure(cli.label, cli.args, RUNS, true)) as PairedRatio;
    // This machine may name a CA bundle in NODE_EXTRA_CA_CERTS, which every Node process parses as it starts: the
    // CLI, which opens no TLS connection, is measured without it too.
    const { NODE_EXTRA_CA_CERTS: caBundle, ...withoutCaBundle } = process.env;
    const ratioWithoutCa =
      caBundle === undefined
        ? undefined
        : await measure(cli.label, cli.args, RUNS, true, {
            env: withoutCaBundle,
            label: "without `NODE_EXTRA_CA_CERTS`",
          });
    // Node starts V8 with 4 background threads whatever the cores; on 2 cores its optimizing compiler's jobs, run 4
    // at a time, take the main thread's core (docs/performance.md, CLI stream). A user can size the pool to the
    // cores but one, which only the command line or NODE_OPTIONS can do (docs/validating.md).
    const ratioSizedPool = (await measure(cli.label, cli.args, RUNS, true, {
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${SIZED_POOL}`.trim() },
      label: `with \`NODE_OPTIONS=${SIZED_POOL}\``,
    })) as PairedRatio;
    const caStartMs =
      caBundle === undefined
        ? undefined
        : median(await emptyProcessMs(process.env)) - median(await emptyProcessMs(withoutCaBundle));
    if (other !== undefined) await measure(other.label, other.args, 1, false);
    const row = (label: string, value: number | undefined) =>
      rows.push([label, "", fmt(value ?? Number.NaN), "", "", "", "", ""]);
    row(
      "in-process: `JSON.parse` + generated `validate()` per line (no CLI, no repeated-key check)",
      median(rounds.map((round) => round[0] as number)),
    );
    if (readJson !== undefined) {
      row(
        "in-process: runtime/json/read-json.ts `readJson(bytes)` (the CLI's strict reader, on each line's UTF-8 bytes) + `validate()`",
        median(rounds.map((round) => round[1] as number)),
      );
    }
    const verdict = (value: PairedRatio) => {
      const spread = `${value.lowest.toFixed(2)}–${value.highest.toFixed(2)}×`;
      // a target inside the runs' spread is met or missed by the noise of the run: said, so no one reads it as settled
      if (value.lowest >= TARGET) return `met by every run, ${spread}`;
      if (value.highest < TARGET) return `**missed** by every run, ${spread}`;
      return `${value.median >= TARGET ? "met" : "**missed**"} by the median, on its line: the runs ranged ${spread}, so another run can land on the other side`;
    };
    const limit =
      `How close to the limit: the in-process \`JSON.parse\` + \`validate()\` loop over the same lines (one core, no repeated-key check) is the floor; \`${cli.label} validate message --ndjson\` runs at **${ratio.median.toFixed(2)}×** of it, whole process ` +
      `(start-up, reading, the strict reader and output included; median of ${RUNS} runs, each paired with a round of the loop right after it; ${workersNote()}; target ≥ ${TARGET}×: ${verdict(ratio)})` +
      (ratioWithoutCa === undefined || caStartMs === undefined
        ? ""
        : `; **${ratioWithoutCa.median.toFixed(2)}×** (${verdict(ratioWithoutCa)}) without this machine's \`NODE_EXTRA_CA_CERTS\`, whose CA bundle every Node process parses as it starts (an empty process starts ${fmt(caStartMs, 0)} ms later with it)`) +
      `; **${ratioSizedPool.median.toFixed(2)}×** (${verdict(ratioSizedPool)}) with \`NODE_OPTIONS=${SIZED_POOL}\`, V8's background threads sized to the cores but one (${os.availableParallelism() - 1 || 1} here, against Node's default of 4), as docs/validating.md suggests on small machines. ` +
      `What the whole process pays beyond the loop moves with the host's speed on cold work (RESULTS.md's header): the CLI's process touches ${fmt(cliFaults ?? Number.NaN)} fresh pages of memory (page faults; an empty process ${fmt(emptyFaults)}, the warm loop none), at ${fmt(host.pageTouchUs, 1)} µs each on this host now, and an empty process takes ${fmt(host.emptyProcessMs, 1)} ms to start here.`;
    const body = [
      `What it measures: records per second of the CLI on a ${fmt(RECORDS)}-record NDJSON file of messages (${fmt(bytes / 1024 / 1024, 1)} MiB; 50% text/plain, 12% chat states, 12% select, 10% media links, 6% collections, 3% containers, 7% other media types; ${fmt(invalid)} records (${fmt((invalid / RECORDS) * 100, 1)}%) break one rule), = records ÷ median wall-clock time (spawn to exit) of ${RUNS} runs, process start included (the file is read 256 KiB at a time; for a file of 8 MiB or more on 3 cores or more, worker threads, one per core but one, check the records while the main thread hands the batches over and writes the results; with fewer cores the main thread checks them itself: ${workersNote()}); "× in-process loop" = the median of the runs' ratios to the round of the in-process loop run right after each (the lowest and the highest run's in brackets); "excluding start-up" subtracts the wall time of the same command on a 1-record file; ` +
        `page faults = minor page faults of the process (pages of memory it touched for the first time), the median of the runs, from the same tool; peak memory = maximum resident set size from \`${existsSync(TIME) ? "/usr/bin/time -v" : "process.resourceUsage().maxRSS"}\`. The CLI runs as \`${cli.label}\` (${cli.note})${other ? `; the tsx entry point is run once for comparison` : ""}, as launched, then without this machine's \`NODE_EXTRA_CA_CERTS\` (if set) and with \`NODE_OPTIONS=${SIZED_POOL}\`. ` +
        `The last rows parse and validate the same lines inside the benchmark process (no stream, no output; \`validate()\` of dist/generated/validators.js): with \`JSON.parse\` alone, and with the reader the CLI uses (dist/runtime/json/read-json.js \`readJson\` on the line's UTF-8 bytes: strict UTF-8 decoding, then \`parseJson\` of runtime/json/json-text.ts: JSON.parse, an upper bound of the keys written in the text (the colons after a quote) against the keys of the parsed value, and the full repeated-key scan of the text only when the two differ; the encoding of each line to bytes is inside the timing). ` +
        `Reproduce: \`npm run bench -- cli-stream\` (the file is generated with a fixed seed into a temporary folder and deleted afterwards).`,
      "",
      table(
        [
          "Command",
          "× in-process loop",
          "records/s",
          "records/s excluding start-up",
          "wall time",
          "peak RSS",
          "page faults",
          "CLI summary line",
        ],
        rows,
        ["l", "r", "r", "r", "r", "r", "r", "l"],
      ),
    ].join("\n");
    return { title: "5. CLI stream", body, limit };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
