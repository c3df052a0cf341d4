/**
 * The schema files the package ships (`specfirst/schemas/<api>/*.schema.json`), read from the installed package:
 * `specfirst/ajv` adds them to an AJV, `specfirst verify` generates request bodies from them. Loads no AJV.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the package keeps the shipped schemas (`specfirst/schemas/*`): one folder per API. */
const SCHEMAS_DIR = path.join("generated", "schemas");

export interface SchemaFile {
  /** Base name without `.schema.json`: the validator name (`message`, `input-sql`, ...). */
  name: string;
  $id: string;
  schema: Record<string, unknown>;
}

let cache: { root: string; files: SchemaFile[] } | undefined;

/** The root of the installed specfirst package: the nearest folder above this module with its package.json. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown };
      if (manifest.name === "specfirst") return dir;
    } catch {
      // no package.json here
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("specfirst/ajv: cannot find the specfirst package root above this module");
    dir = parent;
  }
}

/** Every schema file of the package (read once). */
export function schemaFiles(): readonly SchemaFile[] {
  if (cache === undefined) {
    const root = packageRoot();
    const files: SchemaFile[] = [];
    const apis = readdirSync(path.join(root, SCHEMAS_DIR), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const api of apis) {
      const dir = path.join(root, SCHEMAS_DIR, api);
      for (const file of readdirSync(dir)
        .filter((f) => f.endsWith(".schema.json"))
        .sort()) {
        const schema = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
        files.push({ name: file.slice(0, -".schema.json".length), $id: String(schema.$id), schema });
      }
    }
    cache = { root, files };
  }
  return cache.files;
}
