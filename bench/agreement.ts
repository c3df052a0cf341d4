/**
 * Before anything is timed: the Zod schemas, the hand-written checks and the run-time AJV compilation must accept and
 * reject exactly what the generated validators accept and reject, on every fixture of test/fixtures/validators/ and
 * every payload of bench/payloads/. A benchmark of validators that enforce different rules would be meaningless.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { zodSchemas } from "./zod-schemas.js";
import { checkMessage, checkNotification } from "./hand-written.js";
import { ROOT, loadGenerated, compileAtRunTime, type Check } from "./shared.js";

export interface Agreement {
  cases: number;
  compared: Record<string, number>;
  mismatches: string[];
}

const handWritten: Record<string, Check> = {
  message: (data) => checkMessage(data).valid,
  notification: (data) => checkNotification(data).valid,
};

async function jsonFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith(".json")).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

export async function checkAgreement(payloads: { name: string; schema: string; data: unknown }[]): Promise<Agreement> {
  const generated = await loadGenerated("agreement");
  const runtime = await compileAtRunTime();
  const cases: { label: string; schema: string; data: unknown; expected?: boolean }[] = payloads.map((p) => ({
    label: `bench/payloads/${p.name}.json`,
    schema: p.schema,
    data: p.data,
  }));
  const fixtures = path.join(ROOT, "test", "fixtures", "validators");
  for (const schema of await readdir(fixtures).catch(() => [] as string[])) {
    for (const kind of ["valid", "invalid"]) {
      for (const file of await jsonFiles(path.join(fixtures, schema, kind))) {
        try {
          const parsed = JSON.parse(await readFile(file, "utf8")) as { data?: unknown };
          // an invalid fixture is { description, data, pointer }; a valid one is the payload itself
          const data = kind === "invalid" ? parsed.data : parsed;
          cases.push({ label: path.relative(ROOT, file), schema, data, expected: kind === "valid" });
        } catch {
          // a fixture that is not JSON is a test of the CLI, not of the rules
        }
      }
    }
  }
  const compared: Record<string, number> = { zod: 0, "hand-written": 0, "AJV at run time": 0 };
  const mismatches: string[] = [];
  for (const c of cases) {
    if (!generated.schemaNames.includes(c.schema)) continue;
    const reference = generated.validate(c.schema, c.data).valid;
    if (c.expected !== undefined && c.expected !== reference) mismatches.push(`${c.label}: generated says ${reference}, fixture folder says ${c.expected}`);
    const others: [string, Check | undefined][] = [
      ["zod", zodSchemas[c.schema] && ((data) => z.safeParse(zodSchemas[c.schema]!, data).success)],
      ["hand-written", handWritten[c.schema]],
      ["AJV at run time", runtime.get(c.schema)],
    ];
    for (const [label, check] of others) {
      if (check === undefined) continue;
      compared[label]!++;
      const outcome = check(c.data);
      if (outcome !== reference) mismatches.push(`${c.label}: ${label} says ${outcome ? "valid" : "invalid"}, generated says ${reference ? "valid" : "invalid"}`);
    }
  }
  return { cases: cases.length, compared, mismatches };
}
