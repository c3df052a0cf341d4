/**
 * `specfirst validate` on a whole input (not NDJSON) reads at most `--max-bytes` (default 16 MiB): a longer input is
 * reported, naming the file and the flag, exit 2, and reading stops at the cap, from a file, standard input or an
 * endless device (docs/validating.md#from-the-command-line-specfirst-validate).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateCommand } from "../runtime/cli/commands/validate.js";
import { DEFAULT_MAX_BYTES } from "../runtime/cli/validate-inputs.js";
import { runInProcess, runtimeCli, type CliResult } from "./helpers/cli.js";

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-size-cap-"));

/** A valid message of exactly `bytes` bytes (at least the bytes of its empty form). */
function messageOf(bytes: number): string {
  const empty = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "" });
  const text = empty.replace('""', `"${"x".repeat(bytes - empty.length)}"`);
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}
const SMALLEST = messageOf(JSON.stringify({ to: "a@b.c", type: "text/plain", content: "" }).length).length;

const tooLarge = (file: string, maxBytes: number) =>
  `${file}: (root) is longer than ${maxBytes} bytes (--max-bytes): reading stopped there; raise --max-bytes, or validate newline-delimited records with --ndjson\n`;

/** Runs the shipped CLI; the child is killed after `timeoutMs` (a reader that never stops must not outlive the test). */
async function spawnCli(args: string[], timeoutMs = 60_000): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, [await runtimeCli(), ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    timeout: timeoutMs,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe.concurrent("specfirst validate --max-bytes", () => {
  it("reads a file of exactly --max-bytes and reports one a byte longer (exit 2, the file and the flag named), for generated sizes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: SMALLEST, max: 4096 }), async (maxBytes) => {
        const exact = path.join(dir, `exact-${maxBytes}.json`);
        const over = path.join(dir, `over-${maxBytes}.json`);
        writeFileSync(exact, messageOf(maxBytes));
        writeFileSync(over, messageOf(maxBytes + 1));
        const cap = ["--max-bytes", String(maxBytes)];
        expect(await runInProcess(validateCommand, ["message", exact, ...cap])).toEqual({
          code: 0,
          stdout: `${exact}: valid\n`,
          stderr: "",
        });
        expect(await runInProcess(validateCommand, ["message", over, exact, ...cap])).toEqual({
          code: 2,
          stdout: `${tooLarge(over, maxBytes)}${exact}: valid\n`,
          stderr: "",
        });
        const json = await runInProcess(validateCommand, ["message", over, ...cap, "--format", "json"]);
        expect(json.code).toBe(2);
        expect(JSON.parse(json.stdout)).toEqual({
          results: [
            { file: over, valid: false, errors: [{ pointer: "", message: expect.stringContaining("--max-bytes") }] },
          ],
        });
      }),
      { numRuns: 40 },
    );
  });

  it("stops reading an endless standard input at the cap: no more than one chunk past it is ever pulled", async () => {
    for (const [maxBytes, chunkBytes] of [
      [1, 1],
      [1000, 7],
      [64 * 1024, 64 * 1024],
      [1024 * 1024, 65_536],
    ] as const) {
      let pulled = 0;
      const endless = Readable.from(
        (function* () {
          for (;;) {
            // A reader that buffered the whole input would pull on without end; this one fails the test instead.
            if (pulled > 64 * 1024 * 1024) throw new Error("read 64 MiB past a cap it should have stopped at");
            pulled += chunkBytes;
            yield Buffer.alloc(chunkBytes, 0x20);
          }
        })(),
      );
      const lines: string[] = [];
      const code = await validateCommand.run(["message", "-", "--max-bytes", String(maxBytes)], {
        stdin: endless,
        stdout: (text) => lines.push(text),
        stderr: (text) => lines.push(`stderr: ${text}`),
        stderrIsTTY: false,
      });
      expect({ code, output: lines.join("") }).toEqual({ code: 2, output: tooLarge("<stdin>", maxBytes) });
      // Readable.from may pull one chunk ahead of what the reader took.
      expect(pulled).toBeLessThanOrEqual(maxBytes + 3 * chunkBytes);
    }
  });

  it("stops reading /dev/zero at the default cap of 16 MiB, and at a given one", async () => {
    expect(DEFAULT_MAX_BYTES).toBe(16 * 1024 * 1024);
    const byDefault = await spawnCli(["validate", "message", "/dev/zero"]);
    expect(byDefault).toEqual({ code: 2, signal: null, stdout: tooLarge("/dev/zero", DEFAULT_MAX_BYTES), stderr: "" });
    const given = await spawnCli(["validate", "config", "/dev/zero", "--max-bytes", "1000"]);
    expect(given).toEqual({ code: 2, signal: null, stdout: tooLarge("/dev/zero", 1000), stderr: "" });
  });

  it("refuses a --max-bytes that is no positive whole number, and --max-bytes with --ndjson (exit 2, usage)", async () => {
    const file = path.join(dir, "small.json");
    writeFileSync(file, messageOf(SMALLEST));
    for (const value of ["0", "-1", "1.5", "1e3", "", "16MiB"]) {
      const result = await runInProcess(validateCommand, ["message", file, `--max-bytes=${value}`]);
      expect(result, value).toEqual({
        code: 2,
        stdout: "",
        stderr: "specfirst validate: --max-bytes is a whole number of bytes, at least 1\n",
      });
    }
    expect(await runInProcess(validateCommand, ["message", "--ndjson", file, "--max-bytes", "10"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "specfirst validate: --max-bytes bounds a whole input; with --ndjson, bound each record with --max-record-bytes\n",
    });
    expect((await runInProcess(validateCommand, ["--help"])).stdout).toContain("--max-bytes <n>");
  });
});
