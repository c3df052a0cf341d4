import { fileURLToPath } from "node:url";

/**
 * What `new Worker(...)` needs to start the worker module `name` that sits beside the module at `callerUrl`: the
 * compiled `<name>.js` in the build, or, run from the TypeScript sources (tests, tsx), `<name>.ts` loaded through
 * tsx in an evaluated entry (a worker thread does not inherit the parent's loader).
 */
export function workerEntry(callerUrl: string, name: string): [string | URL, { eval?: boolean }] {
  if (fileURLToPath(callerUrl).endsWith(".js")) return [new URL(`./${name}.js`, callerUrl), {}];
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  return [
    `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`,
    { eval: true },
  ];
}
