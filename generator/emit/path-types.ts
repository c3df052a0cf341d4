import { createRequire } from "node:module";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";


const require = createRequire(import.meta.url);

/**
 * `paths`, `webhooks`, `components` and `operations` types of each OpenAPI document, by openapi-typescript. Loaded on
 * first use, and as CommonJS: through `import`, Node scans the 9 MB of TypeScript it requires for named exports,
 * which doubles the load time (about a second).
 */
export async function emitPathTypes(documents: { api: string; yaml: string }[]): Promise<OutputFile[]> {
  const { default: openapiTS, astToString } = require("openapi-typescript") as typeof import("openapi-typescript");
  return Promise.all(
    documents.map(async ({ api, yaml }) => {
      const ast = await openapiTS(yaml, { silent: true });
      // TypeScript's printer indents by four spaces; two, as in the other generated modules (and as prettier would).
      const contents = astToString(ast).replace(/^ +/gm, (indent) => " ".repeat(Math.floor(indent.length / 4) * 2 + (indent.length % 4)));
      return { path: apiOutput.paths(api), contents };
    }),
  );
}
