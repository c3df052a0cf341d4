import { readdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./fixtures.js";

/** The project's documentation: the README (the entry point), CONTRIBUTING.md and the manual under docs/, as paths relative to the root. */
export function docFiles(): string[] {
  const manual = readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort();
  return ["README.md", "CONTRIBUTING.md", ...manual.map((name) => `docs/${name}`)];
}
