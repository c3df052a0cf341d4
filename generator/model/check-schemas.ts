import { Ajv2020 } from "ajv/dist/2020.js";
import { GenerationFailed, type Problem } from "../problems.js";
import { locatePointer } from "../../runtime/json/json-text.js";
import { KNOWN_KEYWORDS, walkSchema } from "./schema-walk.js";
import type { SchemaFile } from "../load/schemas.js";
// The naming rule json-schema-to-typescript applies to titles; a title must already obey it to be the type's name.
import { toSafeString } from "json-schema-to-typescript/dist/src/utils.js";

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * Checks each schema file on its own: draft 2020-12, an `$id` and a `title` unique across all files, only known
 * keywords, secrets marked consistently, and valid against the draft 2020-12 meta-schema. References are checked
 * by `buildSchemaGraph`, which needs all files. Reports every problem found, with file, pointer and line:column.
 */
export function checkSchemas(files: SchemaFile[]): void {
  const problems: Problem[] = [];
  const at = (file: SchemaFile, pointer: string, message: string) =>
    problems.push({ file: file.file, pointer, message, ...locatePointer(file.text, pointer) });
  const metaValidator = new Ajv2020({ strict: false });
  const seenIds = new Map<string, string>();
  const seenTitles = new Map<string, string>();
  const seenNames = new Map<string, string>();

  for (const file of files) {
    const { schema } = file;
    if (schema.$schema !== DRAFT_2020_12) at(file, "/$schema", `"$schema" must be "${DRAFT_2020_12}"`);
    // The file's base name is its validator name, shared by every API in `specfirst/validators`.
    const earlierName = seenNames.get(file.name);
    if (earlierName !== undefined) at(file, "", `schema name ${file.name} (the validator name) is also used by ${earlierName}`);
    else seenNames.set(file.name, file.file);
    const id = schema.$id;
    if (typeof id !== "string") at(file, "", 'missing "$id"');
    else if (!URL.canParse(id)) at(file, "/$id", `"$id" must be an absolute URI (refs are resolved against it)`);
    else if (seenIds.has(id)) at(file, "/$id", `duplicate "$id" ${id}, also in ${seenIds.get(id)}`);
    else seenIds.set(id, file.file);

    walkSchema(schema, (node, pointer) => {
      for (const keyword of Object.keys(node)) {
        if (!KNOWN_KEYWORDS.has(keyword)) at(file, `${pointer}/${keyword}`, `unknown keyword "${keyword}"`);
      }
      if ("x-secret" in node && (node["x-secret"] !== true || node.writeOnly !== true)) {
        at(file, pointer, 'a secret field has "x-secret": true and "writeOnly": true');
      }
      const title = node.title;
      if (typeof title === "string") {
        const where = `${file.file}#${pointer}`;
        const earlier = seenTitles.get(title);
        if (toSafeString(title) !== title) at(file, `${pointer}/title`, `title "${title}" is not a TypeScript type name; use "${toSafeString(title)}"`);
        if (earlier !== undefined) at(file, `${pointer}/title`, `duplicate title "${title}" (type name), also at ${earlier}`);
        else seenTitles.set(title, where);
      } else if (pointer === "") {
        at(file, "", 'missing "title" (it names the generated type)');
      }
    });

    if (!metaValidator.validateSchema(schema)) {
      for (const error of metaValidator.errors ?? []) {
        at(file, error.instancePath, `invalid schema: ${error.message ?? "does not match the draft 2020-12 meta-schema"}`);
      }
    }
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
}
