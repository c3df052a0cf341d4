import openapiTS, { astToString } from "openapi-typescript";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";


/** `paths`, `webhooks`, `components` and `operations` types of each OpenAPI document, by openapi-typescript. */
export async function emitPathTypes(documents: { api: string; yaml: string }[]): Promise<OutputFile[]> {
  return Promise.all(
    documents.map(async ({ api, yaml }) => {
      const ast = await openapiTS(yaml, { silent: true });
      return { path: apiOutput.paths(api), contents: astToString(ast) };
    }),
  );
}
