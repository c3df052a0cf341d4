import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding specfirst's package.json, whether this runs from generator/ (tsx) or dist/generator/ (built). */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("specfirst: package.json not found above the generator");
    dir = parent;
  }
  return dir;
}
