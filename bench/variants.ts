/**
 * Experimental builds of generated/validators.js, for measuring changes proposed outside bench/ before anyone
 * makes them. Each build runs the real generator stage (generator/emit-validators.ts, templates/validators.js.hbs,
 * the current schemas/) with AJV patched for the duration of the call, and is written to a temporary folder; the
 * repository is not touched. The builds are then checked to give exactly the output of generated/validators.js on
 * every fixture, and timed next to it by bench/validators.ts.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { addDispatchKeywords, rewriteDispatches } from "./dispatch-keyword.js";
import { ROOT } from "./shared.js";

export interface VariantSpec {
  id: string;
  /** What would change outside bench/, in one line. */
  change: string;
  /** AJV options set on the generator's instance (e.g. `allErrors: false`). */
  options?: Record<string, unknown>;
  /** Turn off AJV 2020's evaluated-properties and `$dynamicRef` tracking (no schema uses either). */
  noEvaluated?: boolean;
  /** Compile constant-valued `if`s as the `x-dispatch` keyword (bench/dispatch-keyword.ts). */
  dispatch?: boolean;
  /** `validate()` and the guards first run a fail-fast build (`allErrors: false`); the full build only on failure. */
  failFast?: boolean;
  /** `validate()` returns one frozen `{ valid: true }` instead of a new object per call. */
  sharedValid?: boolean;
}

export const VARIANTS: VariantSpec[] = [
  { id: "rebuilt", change: "none: generator/emit-validators.ts as it is, rebuilt here (checks the method)" },
  {
    id: "no-evaluated",
    change: "emit-validators.ts: after `new Ajv2020(...)`, set `ajv.opts.unevaluated = false` and `ajv.opts.dynamicRef = false` (no schema uses `unevaluated*` or `$dynamic*`; make check-schemas reject them)",
    noEvaluated: true,
  },
  {
    id: "no-evaluated + dispatch",
    change: "also compile each constant-valued `if`/`then` (content by `type`, resource by `type`, reason when `failed`, ...) as one `x-dispatch` code keyword (prototype: bench/dispatch-keyword.ts), in the copy AJV compiles only",
    noEvaluated: true,
    dispatch: true,
  },
  {
    id: "… + shared valid result",
    change: "also templates/validators.js.hbs: `validate()` returns one frozen `{ valid: true }` instead of a new object per call",
    noEvaluated: true,
    dispatch: true,
    sharedValid: true,
  },
  {
    id: "… + fail-fast build first",
    change: "also emit a second build with `allErrors: false`: guards and `validate()` run it first, `validate()` re-runs the full build only to collect the errors of an invalid payload",
    noEvaluated: true,
    dispatch: true,
    sharedValid: true,
    failFast: true,
  },
];

export interface BuiltVariant {
  spec: VariantSpec;
  file: string;
}

interface GeneratorStage {
  emit: () => { path: string; contents: string }[];
}

async function generatorStage(): Promise<GeneratorStage> {
  const [{ loadSchemas }, { loadTemplates }, { buildSchemaGraph }, { emitValidators }] = await Promise.all([
    import("../generator/load-schemas.js"),
    import("../generator/templates.js"),
    import("../generator/schema-graph.js"),
    import("../generator/emit-validators.js"),
  ]);
  const files = await loadSchemas(ROOT);
  const templates = await loadTemplates(ROOT);
  const graph = buildSchemaGraph(files);
  return { emit: () => emitValidators(graph, templates) };
}

/** Runs `emit` with every Ajv2020 instance it creates adjusted as `spec` says (options, keywords, schema rewrite). */
function withPatchedAjv<T>(spec: VariantSpec, options: Record<string, unknown>, emit: () => T): T {
  const proto = Ajv2020.prototype as unknown as Record<string, unknown>;
  const original = proto.addSchema as (this: Ajv2020, schema: unknown, ...rest: unknown[]) => unknown;
  const adjusted = new WeakSet<object>();
  let instances = 0;
  proto.addSchema = function (this: Ajv2020, schema: unknown, ...rest: unknown[]) {
    if (!adjusted.has(this)) {
      adjusted.add(this);
      instances++;
      const opts = this.opts as unknown as Record<string, unknown>;
      Object.assign(opts, options);
      if (spec.noEvaluated) {
        opts.unevaluated = false;
        opts.dynamicRef = false;
      }
      if (spec.dispatch) addDispatchKeywords(this);
    }
    const rewritten = spec.dispatch && schema !== null && typeof schema === "object" ? rewriteDispatches(schema as Record<string, unknown>) : schema;
    return original.call(this, rewritten, ...rest);
  };
  try {
    const result = emit();
    if (instances === 0) throw new Error("the generator created no Ajv2020 instance the patch could adjust");
    return result;
  } finally {
    delete proto.addSchema;
  }
}

const PRECOMPILED = "// ---- Precompiled AJV validators";
const PUBLIC_API = "// ---- Public API";

function replaceAll(text: string, pattern: RegExp, replacement: string, what: string): string {
  let count = 0;
  const out = text.replace(pattern, (...args) => {
    count++;
    return replacement.replace(/\$(\d)/g, (_m, i: string) => String(args[Number(i)]));
  });
  if (count === 0) throw new Error(`variant build: found no ${what} to rewrite (the template changed?)`);
  return out;
}

/** The module text of one variant. */
function buildText(stage: GeneratorStage, spec: VariantSpec): string {
  const emitJs = (options: Record<string, unknown>) => {
    const outputs = withPatchedAjv(spec, options, stage.emit);
    const js = outputs.find((o) => o.path.endsWith("validators.js"));
    if (js === undefined) throw new Error("emitValidators returned no validators.js");
    return js.contents;
  };
  let text = emitJs(spec.options ?? {});
  if (spec.failFast) {
    const fast = emitJs({ ...spec.options, allErrors: false });
    const split = (t: string) => {
      const a = t.indexOf(PRECOMPILED);
      const b = t.indexOf(PUBLIC_API);
      if (a < 0 || b < a) throw new Error("variant build: section markers of validators.js not found");
      return { imports: t.slice(0, a), code: t.slice(t.indexOf("\n", a) + 1, b), api: t.slice(b) };
    };
    const full = split(text);
    const quick = split(fast);
    if (full.imports !== quick.imports) throw new Error("variant build: the fail-fast build needs other imports");
    const names = [...full.api.matchAll(/^ {2}("[^"]+"|[\w$]+): (validate\w+),$/gm)].map((m) => [m[1]!, m[2]!] as const);
    if (names.length === 0) throw new Error("variant build: the `compiled` table was not found");
    const fastBlock = [
      "// ---- Fail-fast build (allErrors: false), used first. ----",
      "const FAST = (() => {",
      quick.code.replace(/\bexport const /g, "const "),
      `return { ${[...new Set(names.map(([, fn]) => fn))].join(", ")} };`,
      "})();",
      `const fastCompiled = { ${names.map(([name, fn]) => `${name}: FAST.${fn}`).join(", ")} };`,
      "",
    ].join("\n");
    let api = full.api;
    api = replaceAll(api, /const outcome = run\(check, data\);/g, "const outcome = guard(fastCompiled[name], data) ? true : run(check, data);", "run(check, data) in validate()");
    api = replaceAll(api, /guard\((validate\w+), data\)/g, "guard(FAST.$1, data)", "guard(...) call");
    text = full.imports + PRECOMPILED + " ----\n" + full.code + fastBlock + api;
  }
  if (spec.sharedValid) {
    text = replaceAll(
      text,
      /return outcome === true \? \{ valid: true \} : /g,
      "return outcome === true ? VALID_RESULT : ",
      "`{ valid: true }` result of validate()",
    );
    text = text.replace(PUBLIC_API, `const VALID_RESULT = Object.freeze({ valid: true });\n${PUBLIC_API}`);
  }
  // Import AJV's runtime helpers by absolute URL: the build lives outside the project.
  const require = createRequire(path.join(ROOT, "package.json"));
  text = text.replace(/^import (\w+) from "([^"]+)";$/gm, (_m, local: string, specifier: string) => `import ${local} from ${JSON.stringify(pathToFileURL(require.resolve(specifier)).href)};`);
  return text;
}

export interface VariantBuild {
  dir: string;
  built: BuiltVariant[];
  failed: { spec: VariantSpec; error: string }[];
  cleanup: () => Promise<void>;
}

export async function buildVariants(specs = VARIANTS): Promise<VariantBuild> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-variants-"));
  const built: BuiltVariant[] = [];
  const failed: { spec: VariantSpec; error: string }[] = [];
  let stage: GeneratorStage | undefined;
  try {
    stage = await generatorStage();
  } catch (error) {
    for (const spec of specs) failed.push({ spec, error: `generator stage could not be loaded: ${(error as Error).message}` });
  }
  if (stage !== undefined) {
    for (const [index, spec] of specs.entries()) {
      try {
        const file = path.join(dir, `variant-${index}.mjs`);
        await writeFile(file, buildText(stage, spec));
        built.push({ spec, file });
      } catch (error) {
        failed.push({ spec, error: (error as Error).message.split("\n")[0]! });
      }
    }
  }
  return { dir, built, failed, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
