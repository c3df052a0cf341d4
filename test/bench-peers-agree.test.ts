/**
 * The validator benchmark's peers (bench/peers.ts: AJV, typia, TypeBox, valibot, zod, the hand-written checks) must
 * accept and reject exactly what the generated validators do, or their figures in bench/RESULTS.md compare different
 * rules. Every peer runs on every fixture of test/fixtures/validators/ of the schemas it covers, every bench payload
 * and the 1,000 mixed messages of the CLI-stream mix.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { schemaNames, validate } from "../generated/validators.js";
import { messageMix } from "../bench/message-mix.js";
import { PEERS, type PeerInstance } from "../bench/peers.js";
import { loadPayloads } from "../bench/shared.js";
import { ensureTypiaPeer } from "../bench/typia/generate.js";
import { FIXTURES } from "./helpers/fixtures.js";

interface Case {
  label: string;
  schema: string;
  data: unknown;
}

/** Every case: the validator fixtures (a valid one is the payload, an invalid one `{ data }`), the payloads, the mix. */
function cases(): Case[] {
  const found: Case[] = [];
  const root = path.join(FIXTURES, "validators");
  for (const schema of readdirSync(root)) {
    for (const kind of ["valid", "invalid"]) {
      let files: string[];
      try {
        files = readdirSync(path.join(root, schema, kind)).filter((f) => f.endsWith(".json"));
      } catch {
        continue;
      }
      for (const file of files) {
        let parsed: { data?: unknown };
        try {
          parsed = JSON.parse(readFileSync(path.join(root, schema, kind, file), "utf8")) as { data?: unknown };
        } catch {
          continue; // a fixture that is not JSON tests the CLI, not the rules
        }
        found.push({ label: `${schema}/${kind}/${file}`, schema, data: kind === "invalid" ? parsed.data : parsed });
      }
    }
  }
  for (const payload of loadPayloads())
    found.push({ label: `bench/payloads/${payload.name}.json`, schema: payload.schema, data: payload.data });
  messageMix(1000).records.forEach((data, i) => found.push({ label: `mixed message ${i}`, schema: "message", data }));
  return found.filter((c) => (schemaNames as readonly string[]).includes(c.schema));
}

const all = cases();

describe("the bench's peers enforce the generated validators' rules", () => {
  beforeAll(() => ensureTypiaPeer(), 120_000);

  it.each(PEERS.map((peer) => [peer.name, peer] as const))("%s agrees on every case", async (_name, peer) => {
    const instance: PeerInstance = await peer.load("agreement");
    let compared = 0;
    const disagreements: string[] = [];
    for (const c of all) {
      const calls = instance(c.schema);
      if (calls === undefined) continue;
      const outcome = calls.is(c.data);
      compared++;
      const expected = validate(c.schema as Parameters<typeof validate>[0], c.data).valid;
      if (outcome !== expected)
        disagreements.push(
          `${c.label}: ${peer.name} says ${outcome ? "valid" : "invalid"}, generated says ${expected ? "valid" : "invalid"}`,
        );
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });
});
