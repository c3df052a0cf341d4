import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);


/**
 * Redoc 3 shows an "API docs by Redocly" badge loaded from its CDN, and no option turns it off. The published page
 * must need no network, so the badge points at an empty inline SVG instead.
 */
const CDN_BADGE = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/**
 * Renders each OpenAPI document to a single self-contained HTML page with `redocly build-docs --inlineBundle`
 * (Redoc's scripts inlined: the page needs no network). Redocly only reads and writes files, so the documents go
 * through a private temporary folder; the pages come back as outputs for the write stage. `signal` stops Redocly.
 */
export async function emitDocs(documents: { api: string; yaml: string }[], options: { signal?: AbortSignal } = {}): Promise<OutputFile[]> {
  const redocly = require.resolve("@redocly/cli/bin/cli.js");
  const work = await mkdtemp(path.join(tmpdir(), "specfirst-docs-"));
  try {
    return await Promise.all(
      documents.map(async ({ api, yaml }) => {
        const source = path.join(work, `${api}.yaml`);
        const target = path.join(work, `${api}.html`);
        await writeFile(source, yaml);
        await run(process.execPath, [redocly, "build-docs", source, "--output", target, "--inlineBundle", "--lint-config", "off"], {
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
          maxBuffer: 16 * 1024 * 1024,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const html = await readFile(target, "utf8");
        return { path: apiOutput.docs(api), contents: html.replace(CDN_BADGE, EMPTY_SVG) };
      }),
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
