/**
 * The peers of the generated validators, one home each, for the validator section (bench/validators.ts) and the
 * agreement check (test/bench-peers-agree.test.ts): how a fresh instance is loaded, and per schema its boolean check
 * (timed on valid payloads; the agreement check's verdict) and the call a caller reporting the errors makes (timed
 * on invalid ones). Each covers the message, the notification and the Config tree (the hand-written checks, the
 * first two; AJV, every schema). How each is set up: bench/README.md#the-peers.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import * as v from "valibot";
import { z } from "zod";
import { BENCH_DIR, fresh, readSchemas, type Call, type Check } from "./shared.js";

/** A schema's boolean check and its call returning the errors; undefined: the peer does not cover the schema. */
export type PeerInstance = (schema: string) => { is: Check; errors: Call } | undefined;

export interface Peer {
  /** Column of RESULTS.md. */
  name: string;
  /** A fresh instance (new module instance, new compilation), keyed by `instance`. */
  load(instance: string): Promise<PeerInstance>;
}

/** A new instance of a bench/ module (its own functions, so its own type feedback). */
const freshModule = async <T>(file: string, instance: string): Promise<T> =>
  (await import(`${pathToFileURL(path.join(BENCH_DIR, file)).href}?instance=${encodeURIComponent(instance)}`)) as T;

/**
 * A peer instance from one library's schemas by name: its boolean check and its call returning the errors, each the
 * body of a `fresh` function of `data`, `schema` and the names of `scope`.
 */
const fromSchemas =
  (schemas: Readonly<Record<string, unknown>>, is: string, errors: string, scope: Record<string, unknown> = {}) =>
  (name: string) => {
    const schema = schemas[name];
    if (schema === undefined) return undefined;
    return { is: fresh<Check>(is, { ...scope, schema }), errors: fresh(errors, { ...scope, schema }) };
  };

/**
 * AJV as its users run it (the READMEs of ajv and ajv-formats): `new Ajv2020({ allErrors: true, strict: false })`
 * (strict off: the schemas' `x-` annotations need no declaration), `addFormats(ajv)`, every shipped schema file
 * added as it is, each compiled on first use; with errors, the call followed by a read of `.errors`.
 */
function usersAjv(): PeerInstance {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  const schemas = readSchemas();
  for (const { schema } of schemas) ajv.addSchema(schema);
  const ids = new Map(schemas.map(({ name, schema }) => [name, String(schema.$id)]));
  return (name) => {
    const check = ids.has(name) ? ajv.getSchema(ids.get(name)!) : undefined;
    return check && { is: check as Check, errors: fresh("check(data) ? null : check.errors", { check }) };
  };
}

/** bench/typia/generated/peer.ts, written at bench time by bench/typia/generate.ts (not committed). */
interface TypiaModule {
  typiaIs: Record<string, Check>;
  typiaValidate: Record<string, Call>;
}

export const PEERS: readonly Peer[] = [
  { name: "AJV as users run it", load: async () => usersAjv() },
  {
    name: "typia",
    load: async (instance) => {
      const { typiaIs, typiaValidate } = await freshModule<TypiaModule>("typia/generated/peer.ts", instance);
      return (name) => typiaIs[name] && { is: typiaIs[name], errors: typiaValidate[name]! };
    },
  },
  {
    name: "TypeBox compiler",
    load: async (instance) =>
      fromSchemas(
        (await freshModule<typeof import("./typebox-schemas.js")>("typebox-schemas.ts", instance)).typeboxChecks,
        "schema.Check(data)",
        "schema.Check(data) ? [] : [...schema.Errors(data)]",
      ),
  },
  {
    name: "valibot",
    load: async (instance) =>
      fromSchemas(
        (await freshModule<typeof import("./valibot-schemas.js")>("valibot-schemas.ts", instance)).valibotSchemas,
        "v.is(schema, data)",
        "v.safeParse(schema, data)",
        { v },
      ),
  },
  {
    name: "zod 4",
    load: async (instance) =>
      fromSchemas(
        (await freshModule<typeof import("./zod-schemas.js")>("zod-schemas.ts", instance)).zodSchemas,
        "z.safeParse(schema, data).success",
        "z.safeParse(schema, data)",
        { z },
      ),
  },
  {
    name: "hand-written",
    load: async (instance) => {
      const { checkMessage, checkNotification } = await freshModule<typeof import("./hand-written.js")>(
        "hand-written.ts",
        instance,
      );
      return fromSchemas(
        { message: checkMessage, notification: checkNotification },
        "schema(data).valid",
        "schema(data)",
      );
    },
  },
];
