/**
 * The peers of the generated validators in the validator benchmark (bench/validators.ts) and the agreement check
 * (test/bench-peers-agree.test.ts): the validators a TypeScript team would pick instead, each written to the same rules. One
 * home for each peer: how a fresh instance is loaded, the call timed on a valid payload (its fastest boolean check)
 * and on an invalid one (the call a caller reporting the errors makes), and the rules it does not enforce (`lacks`,
 * printed in RESULTS.md beside its figures; the agreement check leaves out the cases of a schema it lacks rules of).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as v from "valibot";
import { z } from "zod";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { BENCH_DIR, createAjv, createUsersAjv, readSchemas, type Check } from "./shared.js";

/** A timed call: `fn(...lead, data)`. */
export interface PeerCall {
  fn: (...args: never[]) => unknown;
  lead: unknown[];
}

export interface PeerInstance {
  /** The call timed on `schema`: a boolean check, or (`readErrors`) the call that returns the errors. Undefined: the peer has no `schema`. */
  call(schema: string, readErrors: boolean): PeerCall | undefined;
  /** Accept (true) or reject (false), for the agreement check; undefined when the peer has no `schema`. */
  accepts(schema: string, data: unknown): boolean | undefined;
}

export interface Peer {
  /** Column name in RESULTS.md. */
  name: string;
  /** What the column runs, one markdown sentence. */
  describe: string;
  /** Rules of the generated validators this peer does not enforce, per schema ([] = every rule). */
  lacks: Readonly<Record<string, readonly string[]>>;
  /** A fresh instance (new module instance, new compilation): `instance` keys it. */
  load(instance: string): Promise<PeerInstance>;
}

/** A new instance of a bench/ module (its own functions, so its own type feedback). */
export const freshModule = async <T>(file: string, instance: string): Promise<T> =>
  (await import(`${pathToFileURL(path.join(BENCH_DIR, file)).href}?instance=${encodeURIComponent(instance)}`)) as T;

/**
 * A `PeerInstance` from per-schema boolean checks and error-returning calls. Each is wrapped in its own function
 * (`new Function`), so a call site sees one target only, like the timed loop around it.
 */
export function fromChecks(
  is: Record<string, Check | undefined>,
  errors: Record<string, ((data: unknown) => unknown) | undefined>,
): PeerInstance {
  return {
    call(schema, readErrors) {
      const fn = readErrors ? errors[schema] : is[schema];
      return fn === undefined ? undefined : { fn: own(fn), lead: [] };
    },
    accepts: (schema, data) => is[schema]?.(data),
  };
}

const own = <F extends (data: unknown) => unknown>(fn: F): F =>
  (new Function("fn", "return function peer(data) { return fn(data); };") as (f: F) => F)(fn);

/**
 * An AJV peer: each schema compiled on first use (`getSchema` by `$id`), as an application compiles what it uses;
 * its boolean function, or the call followed by a read of `.errors` (with `allErrors: true` every error object is built).
 */
function ajvInstance(ajv: Ajv2020): PeerInstance {
  const ids = new Map(readSchemas().map((s) => [s.name, String(s.schema.$id)]));
  const compiled = (schema: string): Check | undefined => {
    const id = ids.get(schema);
    return id === undefined ? undefined : (ajv.getSchema(id) as unknown as Check | undefined);
  };
  return {
    call(schema, readErrors) {
      const fn = compiled(schema);
      if (fn === undefined) return undefined;
      if (!readErrors) return { fn, lead: [] };
      return {
        fn: (
          new Function("fn", "return function ajvWithErrors(data) { fn(data); return fn.errors; };") as (
            f: Check,
          ) => Check
        )(fn),
        lead: [],
      };
    },
    accepts: (schema, data) => compiled(schema)?.(data),
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
  {
    name: "AJV as users run it",
    describe:
      "`new Ajv2020({ allErrors: true, strict: false })` + `addFormats(ajv)` (ajv-formats, every format) with every shipped schema file (generated/schemas/**, `specfirst/schemas/*`) added as it is, what the READMEs of ajv and ajv-formats show: its boolean function on valid payloads, the call followed by a read of `.errors` on invalid ones",
    lacks: {},
    load: async () => ajvInstance(createUsersAjv()),
  },
  {
    name: "AJV, generator's options",
    describe:
      "the same schema files compiled with the generator's AJV options (generator/emit/validators/ajv-options.ts, `inlineRefs: 8`, ...), the formats used and the `x-` keywords declared, none of the generator's own compile steps",
    lacks: {},
    load: async () => ajvInstance(createAjv()),
  },
  {
    name: "typia",
    describe:
      "typia 9 in its generation mode (`typia generate`: plain TypeScript, no compiler plugin at run time), bench/typia/generated/peer.ts from the type declarations of bench/typia/src/peer.ts (both written at bench time by bench/typia/generate.ts; message, notification, the Config tree), the message and notification dispatched on `type` / `event` to each variant's own function, as typia's users write a discriminated union: `createIs` (`createEquals` for the closed Config objects) on valid payloads, `createValidate` (`createValidateEquals`) on invalid ones",
    lacks: {},
    load: async (instance) => {
      const { typiaIs, typiaValidate } = await freshModule<TypiaModule>("typia/generated/peer.ts", instance);
      return fromChecks(typiaIs, typiaValidate);
    },
  },
  {
    name: "TypeBox compiler",
    describe:
      "`TypeCompiler.Compile` of @sinclair/typebox with bench/typebox-schemas.ts (message, notification, the Config tree): `check.Check(data)` on valid payloads, `check.Check(data) ? [] : [...check.Errors(data)]` on invalid ones (TypeBox's errors of a union are those of the union, not of its closest member)",
    lacks: {},
    load: async (instance) => {
      const { typeboxChecks } = await freshModule<TypeBoxModule>("typebox-schemas.ts", instance);
      const entries = Object.entries(typeboxChecks);
      return fromChecks(
        Object.fromEntries(entries.map(([name, check]) => [name, (data: unknown) => check.Check(data)])),
        Object.fromEntries(
          entries.map(([name, check]) => [name, (data: unknown) => (check.Check(data) ? [] : [...check.Errors(data)])]),
        ),
      );
    },
  },
  {
    name: "valibot",
    describe:
      "valibot 1 with bench/valibot-schemas.ts (message, notification, the Config tree): `v.is(schema, data)` on valid payloads, `v.safeParse(schema, data)` (every issue, its default) on invalid ones",
    lacks: {},
    load: async (instance) => {
      const { valibotSchemas } = await freshModule<ValibotModule>("valibot-schemas.ts", instance);
      const entries = Object.entries(valibotSchemas);
      return fromChecks(
        Object.fromEntries(entries.map(([name, schema]) => [name, (data: unknown) => v.is(schema, data)])),
        Object.fromEntries(entries.map(([name, schema]) => [name, (data: unknown) => v.safeParse(schema, data)])),
      );
    },
  },
  {
    name: "zod 4",
    describe:
      "`z.safeParse(schema, data)` with bench/zod-schemas.ts (every schema; on both paths, zod has no separate boolean check)",
    lacks: {},
    load: async (instance) => {
      const { zodSchemas } = await freshModule<ZodModule>("zod-schemas.ts", instance);
      return {
        call: (schema) =>
          zodSchemas[schema] === undefined ? undefined : { fn: z.safeParse, lead: [zodSchemas[schema]] },
        accepts: (schema, data) =>
          zodSchemas[schema] === undefined ? undefined : z.safeParse(zodSchemas[schema], data).success,
      };
    },
  },
  {
    name: "hand-written",
    describe:
      "bench/hand-written.ts (message and notification; collects every error and returns the shape of `validate()`)",
    lacks: {},
    load: async (instance) => {
      const { checkMessage, checkNotification } = await freshModule<HandModule>("hand-written.ts", instance);
      const checks: Record<string, typeof checkMessage> = { message: checkMessage, notification: checkNotification };
      return {
        call: (schema) => (checks[schema] === undefined ? undefined : { fn: checks[schema], lead: [] }),
        accepts: (schema, data) => checks[schema]?.(data).valid,
      };
    },
  },
];

/** "lacks: …" for a peer and schema, or "" when it enforces every rule. */
export const lacksNote = (peer: Peer, schema: string): string => {
  const lacks = peer.lacks[schema] ?? [];
  return lacks.length === 0 ? "" : `lacks: ${lacks.join("; ")}`;
};
