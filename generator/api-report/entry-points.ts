import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

/** One JavaScript entry point of the package: what a consumer imports, and the declaration file its `types` names. */
export interface EntryPoint {
  /** The import specifier: `specfirst`, `specfirst/express`, `specfirst/messaging/validators`. */
  specifier: string;
  /** The declaration file, relative to the project root: `dist/runtime/middleware/express.d.ts`. */
  types: string;
}

interface ExportsEntry {
  types?: unknown;
}

/**
 * The entry points of package.json `exports` that have a `types` condition (the data ones, `./schemas/*`, have
 * none), sorted by specifier. A pattern (`./*`, `./*\/validators`) stands for each declaration file its `types`
 * matches in the build, the way Node resolves it for a consumer; those an explicit key already names are one entry.
 * `built` says where a path of package.json (`dist/…`) is in the build read (by default, in `root`).
 */
export async function readEntryPoints(
  root: string,
  built: (file: string) => string = (file) => path.join(root, file),
): Promise<EntryPoint[]> {
  const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as {
    name?: unknown;
    exports?: Record<string, unknown>;
  };
  const name = typeof manifest.name === "string" ? manifest.name : "package";
  const found = new Map<string, string>();
  const patterns: [key: string, types: string][] = [];
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    const types = (value as ExportsEntry | null)?.types;
    if (typeof types !== "string") continue;
    if (key.includes("*")) patterns.push([key, types]);
    else found.set(key, types);
  }
  for (const [key, types] of patterns) {
    for (const [match, file] of matchPattern(built, types)) {
      const specifier = key.replace("*", match);
      if (!found.has(specifier)) found.set(specifier, file);
    }
  }
  return [...found]
    .map(([key, types]) => ({
      specifier: key === "." ? name : `${name}/${key.slice(2)}`,
      types: path.posix.normalize(types),
    }))
    .sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
}

/** The files of the build a `types` pattern (`./dist/generated/*\/index.d.ts`) matches, with what `*` stood for. */
function matchPattern(built: (file: string) => string, pattern: string): [match: string, file: string][] {
  const normalized = path.posix.normalize(pattern);
  const [prefix = "", suffix = ""] = normalized.split("*");
  const dir = path.posix.dirname(prefix + "x");
  if (!existsSync(built(dir))) return [];
  const matches: [string, string][] = [];
  for (const entry of readdirSync(built(dir), { recursive: true })) {
    const file = path.posix.join(dir, String(entry).split(path.sep).join("/"));
    if (!file.startsWith(prefix) || !file.endsWith(suffix) || file.length < prefix.length + suffix.length) continue;
    const match = file.slice(prefix.length, file.length - suffix.length);
    // `*` stands for one path segment here: the APIs are folders of dist/generated/.
    if (match !== "" && !match.includes("/")) matches.push([match, file]);
  }
  return matches;
}
