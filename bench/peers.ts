/**
 * The peers of the generated validators, one home each, for the validator section (bench/validators.ts) and the
 * agreement check (test/bench-peers-agree.test.ts): how a fresh instance is loaded, its boolean check (timed on
 * valid payloads; the agreement check's verdict) and the call a caller reporting the errors makes (timed on invalid
 * ones). Each covers the message, the notification and the Config tree (the hand-written checks, the first two; AJV,
 * every schema). How each is set up: bench/README.md#the-peers.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import * as v from "valibot";
import { z } from "zod";
import { BENCH_DIR, readSchemas, type Check } from "./shared.js";

export interface PeerInstance {
  /** The boolean check of `schema`; undefined: the peer has no `schema`. */
  is(schema: string): Check | undefined;
  /** The call that returns the errors of `schema`. */
  errors(schema: string): ((data: unknown) => unknown) | undefined;
}

export interface Peer {
  /** Column of RESULTS.md. */
  name: string;
  /** A fresh instance (new module instance, new compilation), keyed by `instance`. */
  load(instance: string): Promise<PeerInstance>;
}

/** A new instance of a bench/ module (its own functions, so its own type feedback). */
const freshModule = async <T>(file: string, instance: string): Promise<T> =>
  (await import(`${pathToFileURL(path.join(BENCH_DIR, file)).href}?instance=${encodeURIComponent(instance)}`)) as T;

/** A peer instance from one library's schemas by name, its boolean check and its call returning the errors. */
function fromSchemas<S>(
  schemas: Readonly<Record<string, S>>,
  is: (schema: S) => Check,
  errors: (schema: S) => (data: unknown) => unknown,
): PeerInstance {
  return {
    is: (name) => (schemas[name] === undefined ? undefined : is(schemas[name])),
    errors: (name) => (schemas[name] === undefined ? undefined : errors(schemas[name])),
  };
}

/**
 * AJV as its users run it (the READMEs of ajv and ajv-formats): `new Ajv2020({ allErrors: true, strict: false })`
 * (strict off: the schemas' `x-` annotations need no declaration), `addFormats(ajv)`, every shipped schema file
 * added as it is, each compiled on first use; with errors, the call followed by a read of `.errors`.
 */
function usersAjv(): PeerInstance {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  const schemas = readSchemas();
  for (const s of schemas) ajv.addSchema(s.schema);
  const ids = new Map(schemas.map((s) => [s.name, String(s.schema.$id)]));
  const compiled = (name: string) => (ids.has(name) ? ajv.getSchema(ids.get(name)!) : undefined);
  return {
    is: (name) => compiled(name) as Check | undefined,
    errors: (name) => {
      const check = compiled(name);
      return check === undefined ? undefined : (data) => (check(data) ? null : check.errors);
    },
  };
}

type HandModule = typeof import("./hand-written.js");
type ZodModule = typeof import("./zod-schemas.js");
type TypeBoxModule = typeof import("./typebox-schemas.js");
type ValibotModule = typeof import("./valibot-schemas.js");
/** bench/typia/generated/peer.ts, written at bench time by bench/typia/generate.ts (not committed). */
interface TypiaModule {
  typiaIs: Record<string, Check>;
  typiaValidate: Record<string, (data: unknown) => unknown>;
}

export const PEERS: readonly Peer[] = [
  { name: "AJV as users run it", load: async () => usersAjv() },
  {
    name: "typia",
    load: async (instance) => {
      const { typiaIs, typiaValidate } = await freshModule<TypiaModule>("typia/generated/peer.ts", instance);
      return { is: (name) => typiaIs[name], errors: (name) => typiaValidate[name] };
    },
  },
  {
    name: "TypeBox compiler",
    load: async (instance) =>
      fromSchemas(
        (await freshModule<TypeBoxModule>("typebox-schemas.ts", instance)).typeboxChecks,
        (check) => (data) => check.Check(data),
        (check) => (data) => (check.Check(data) ? [] : [...check.Errors(data)]),
      ),
  },
  {
    name: "valibot",
    load: async (instance) =>
      fromSchemas(
        (await freshModule<ValibotModule>("valibot-schemas.ts", instance)).valibotSchemas,
        (schema) => (data) => v.is(schema, data),
        (schema) => (data) => v.safeParse(schema, data),
      ),
  },
  {
    name: "zod 4",
    load: async (instance) =>
      fromSchemas(
        (await freshModule<ZodModule>("zod-schemas.ts", instance)).zodSchemas,
        (schema) => (data) => z.safeParse(schema, data).success,
        (schema) => (data) => z.safeParse(schema, data),
      ),
  },
  {
    name: "hand-written",
    load: async (instance) => {
      const { checkMessage, checkNotification } = await freshModule<HandModule>("hand-written.ts", instance);
      return fromSchemas(
        { message: checkMessage, notification: checkNotification },
        (check) => (data) => check(data).valid,
        (check) => check,
      );
    },
  },
];
