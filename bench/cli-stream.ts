/**
 * Section 5 — `specfirst validate message --ndjson <file>` on 100,000 messages: records per second and peak
 * memory. The file is generated into a temporary folder: a realistic mix of message types, ~2% invalid.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { messageMix } from "./message-mix.js";
import { CLI_FROM_SOURCES, QUICK, cliCommand, distUrl, fmt, loadGenerated, log, median, run, table, type Section } from "./shared.js";

const RECORDS = QUICK ? 20_000 : 100_000;
const RUNS = QUICK ? 1 : 3;
const TIME = "/usr/bin/time";

async function writeStream(file: string, count: number): Promise<{ invalid: number; bytes: number }> {
  const { records, invalid } = messageMix(count);
  const text = `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
  await writeFile(file, text);
  return { invalid, bytes: Buffer.byteLength(text) };
}

interface Measured {
  wallMs: number;
  maxRssKb: number;
  summary: string;
  code: number | null;
}

async function runCli(args: string[], file: string): Promise<Measured> {
  const command = [...args, "validate", "message", "--ndjson", file];
  if (existsSync(TIME)) {
    const result = await run(TIME, ["-v", process.execPath, ...command]);
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr);
    return { wallMs: result.ms, maxRssKb: rss ? Number(rss[1]) : Number.NaN, summary: lastLine(result.stdout), code: result.code };
  }
  // no /usr/bin/time: a preloaded module reports process.resourceUsage().maxRSS at exit
  const preload = path.join(path.dirname(new URL(import.meta.url).pathname), "cold", "maxrss.cjs");
  const result = await run(process.execPath, ["--require", preload, ...command]);
  const rss = /maxRSS=(\d+)/.exec(result.stderr);
  return { wallMs: result.ms, maxRssKb: rss ? Number(rss[1]) : Number.NaN, summary: lastLine(result.stdout), code: result.code };
}

const lastLine = (text: string) => text.trim().split("\n").pop() ?? "";

/**
 * Records/s of `parse` + generated validate() per line, in this process (no CLI around it), for each parser;
 * rounds interleaved across parsers (the first one warms up and is not counted).
 */
async function inProcess(file: string, parsers: ((text: string) => unknown)[]): Promise<number[]> {
  const { validate } = await loadGenerated("cli-stream");
  const lines = (await readFile(file, "utf8")).split("\n").filter((l) => l.length > 0);
  const rates: number[][] = parsers.map(() => []);
  for (let round = -1; round < (QUICK ? 1 : 3); round++) {
    parsers.forEach((parse, index) => {
      const start = performance.now();
      let invalid = 0;
      for (const line of lines) if (!validate("message", parse(line)).valid) invalid++;
      if (round >= 0) rates[index]!.push(lines.length / ((performance.now() - start) / 1000));
      if (invalid === 0) throw new Error("no invalid record found in the stream");
    });
  }
  return rates.map(median);
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
    const rates: number[] = [];
    let limitLine = "";
    const measure = async (label: string, args: string[], runs: number) => {
      const results: Measured[] = [];
      for (let i = 0; i < runs; i++) {
        results.push(await runCli(args, file));
        log(`cli stream: ${label} run ${i + 1}/${runs}`);
      }
      const startup = await runCli(args, one);
      const bad = results.find((r) => r.code !== 1 || !r.summary.startsWith(`${RECORDS} records`));
      if (bad !== undefined) throw new Error(`${label}: unexpected exit ${bad.code} / output "${bad.summary}"`);
      const wall = median(results.map((r) => r.wallMs));
      rates.push(RECORDS / (wall / 1000));
      rows.push([
        `\`${label} validate message --ndjson\``,
        fmt(RECORDS / (wall / 1000)),
        fmt(RECORDS / ((wall - startup.wallMs) / 1000)),
        `${fmt(wall / 1000, 2)} s (1 record: ${fmt(startup.wallMs / 1000, 2)} s)`,
        `${fmt(median(results.map((r) => r.maxRssKb)) / 1024, 1)} MiB (1 record: ${fmt(startup.maxRssKb / 1024, 1)} MiB)`,
        results[0]!.summary,
      ]);
    };
    await measure(cli.label, cli.args, RUNS);
    if (other !== undefined) await measure(other.label, other.args, 1);
    try {
      // the CLI's strict reader (runtime/json/read-json.ts, built): strict UTF-8 decoding, then parseJson
      // (JSON.parse, keys in the text vs in the value, the full repeated-key scan only when the counts differ)
      const { readJson } = (await import(distUrl("runtime/json/read-json.js"))) as typeof import("../runtime/json/read-json.js");
      const encoder = new TextEncoder();
      const [plain, cliReader] = await inProcess(file, [JSON.parse, (text) => readJson(encoder.encode(text))]);
      const row = (label: string, value: number | undefined) => rows.push([label, fmt(value ?? Number.NaN), "", "", "", ""]);
      row("in-process: `JSON.parse` + generated `validate()` per line (no CLI, no repeated-key check)", plain);
      if (plain !== undefined && rates[0] !== undefined) {
        const ratio = rates[0] / plain;
        limitLine =
          `How close to the limit (the in-process \`JSON.parse\` + \`validate()\` loop over the same lines, one core): \`${cli.label}\` runs at **${ratio.toFixed(2)}×** of it, whole process ` +
          `(start-up, reading, the strict reader and output included; worker threads for an input of 8 MiB or more; target ≥ 0.4×: ${ratio >= 0.4 ? "met" : "**missed**"}). Under load both sides slow down unevenly: read it with the load average at the top of RESULTS.md.`;
      }
      row("in-process: runtime/json/read-json.ts `readJson(bytes)` (the CLI's strict reader, on each line's UTF-8 bytes) + `validate()`", cliReader);
    } catch (error) {
      log(`cli stream: runtime/json/read-json.ts not usable: ${(error as Error).message}`);
    }
    const body = [
      `What it measures: records per second of the CLI on a ${fmt(RECORDS)}-record NDJSON file of messages (${fmt(bytes / 1024 / 1024, 1)} MiB; 50% text/plain, 12% chat states, 12% select, 10% media links, 6% collections, 3% containers, 7% other media types; ${fmt(invalid)} records (${fmt((invalid / RECORDS) * 100, 1)}%) break one rule), = records ÷ median wall-clock time (spawn to exit) of ${RUNS} runs, process start included; "excluding start-up" subtracts the wall time of the same command on a 1-record file; ` +
        `peak memory = maximum resident set size from \`${existsSync(TIME) ? "/usr/bin/time -v" : "process.resourceUsage().maxRSS"}\`. The CLI runs as \`${cli.label}\` (${cli.note})${other ? `; the tsx entry point is run once for comparison` : ""}. ` +
        `The last rows parse and validate the same lines inside the benchmark process (no stream, no output; \`validate()\` of dist/generated/validators.js): with \`JSON.parse\` alone, and with the reader the CLI uses (dist/runtime/json/read-json.js \`readJson\` on the line's UTF-8 bytes: strict UTF-8 decoding, then \`parseJson\` of runtime/json/json-text.ts: JSON.parse, a count of the keys written in the text against the keys of the parsed value, and the full repeated-key scan of the text only when the two counts differ; the encoding of each line to bytes is inside the timing). ` +
        `Reproduce: \`npm run bench -- cli-stream\` (the file is generated with a fixed seed into a temporary folder and deleted afterwards).`,
      "",
      table(["Command", "records/s", "records/s excluding start-up", "wall time", "peak RSS", "CLI summary line"], rows, ["l", "r", "r", "r", "r", "l"]),
      ...(limitLine === "" ? [] : ["", limitLine]),
    ].join("\n");
    return { title: "5. CLI stream", body };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
