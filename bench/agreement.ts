/**
 * Before anything is timed: every peer of bench/peers.ts must accept and reject exactly what the generated validators
 * accept and reject, on every fixture of test/fixtures/validators/ and every payload of bench/payloads/. A benchmark of
 * validators that enforce different rules would be meaningless. A disagreement on a schema whose `lacks` the peer
 * declares is counted apart (`explained`): the row says which rules that peer lacks.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PEERS } from "./peers.js";
import { ROOT, loadGenerated } from "./shared.js";

export interface Agreement {
  cases: number;
  compared: Record<string, number>;
  /** Disagreements no declared `lacks` explains. */
  mismatches: string[];
  /** Disagreements on a schema the peer declares `lacks` for, per peer. */
  explained: Record<string, number>;
}

async function jsonFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith(".json")).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

export async function checkAgreement(payloads: { name: string; schema: string; data: unknown }[]): Promise<Agreement> {
  const generated = await loadGenerated("agreement");
  const peers = await Promise.all(PEERS.map(async (peer) => ({ peer, instance: await peer.load("agreement") })));
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
  const compared: Record<string, number> = Object.fromEntries(PEERS.map((p) => [p.name, 0]));
  const explained: Record<string, number> = Object.fromEntries(PEERS.map((p) => [p.name, 0]));
  const mismatches: string[] = [];
  for (const c of cases) {
    if (!generated.schemaNames.includes(c.schema)) continue;
    const reference = generated.validate(c.schema, c.data).valid;
    if (c.expected !== undefined && c.expected !== reference)
      mismatches.push(`${c.label}: generated says ${reference}, fixture folder says ${c.expected}`);
    for (const { peer, instance } of peers) {
      const outcome = instance.accepts(c.schema, c.data);
      if (outcome === undefined) continue;
      compared[peer.name]!++;
      if (outcome === reference) continue;
      if ((peer.lacks[c.schema] ?? []).length > 0) explained[peer.name]!++;
      else
        mismatches.push(
          `${c.label}: ${peer.name} says ${outcome ? "valid" : "invalid"}, generated says ${reference ? "valid" : "invalid"}`,
        );
    }
  }
  return { cases: cases.length, compared, mismatches, explained };
}
