import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./fixtures.js";

/** A throwaway copy of the generator's inputs and committed outputs, to break and regenerate freely. */
export function copyProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "specfirst-"));
  for (const folder of ["schemas", "templates", "generated", "openapi", "package.json"]) {
    cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  }
  return dir;
}
