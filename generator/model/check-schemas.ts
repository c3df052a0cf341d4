import { Ajv2020 } from "ajv/dist/2020.js";
import { GenerationFailed, type Problem } from "../problems.js";
import { locatePointer } from "../../runtime/json/json-text.js";
import { KNOWN_KEYWORDS, walkSchema } from "./schema-walk.js";
import type { SchemaFile } from "../load/schemas.js";
import { checkSecretNames, objectRefResolver } from "./check-secrets.js";
// The naming rule json-schema-to-typescript applies to titles; a title must already obey it to be the type's name.
import { toSafeString } from "json-schema-to-typescript/dist/src/utils.js";

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * Checks each schema file on its own: draft 2020-12, an `$id` and a `title` unique across all files, only known
 * keywords, secrets marked consistently (every property whose name says it holds a secret is marked, see
 * check-secrets.ts), and valid against the draft 2020-12 meta-schema (one plain sentence per wrong value).
 * References are checked by `buildSchemaGraph`, which needs all files. Reports every problem found, with file,
 * pointer and line:column.
 */
export function checkSchemas(files: SchemaFile[]): void {
  const problems: Problem[] = [];
  const at = (file: SchemaFile, pointer: string, message: string) =>
    problems.push({ file: file.file, pointer, message, ...locatePointer(file.text, pointer) });
  const metaValidator = new Ajv2020({ strict: false });
  const seenIds = new Map<string, string>();
  const titles: TitleUse[] = [];
  const isObjectRef = objectRefResolver(files);
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
      if ("x-secret" in node) {
        const mark = node["x-secret"];
        if (mark === true && node.writeOnly !== true) at(file, pointer, 'a secret field has "x-secret": true and "writeOnly": true');
        else if (mark !== true && mark !== false) at(file, `${pointer}/x-secret`, '"x-secret" is true (a secret) or false (a name that only looks like one)');
      }
      const title = node.title;
      if (typeof title === "string") {
        if (toSafeString(title) !== title) at(file, `${pointer}/title`, `title "${title}" is not a TypeScript type name; use "${toSafeString(title)}"`);
        titles.push({ title, file, pointer });
      } else if (pointer === "") {
        at(file, "", 'missing "title" (it names the generated type)');
      }
    });

    for (const problem of checkSecretNames(file, isObjectRef)) at(file, problem.pointer, problem.message);

    if (!metaValidator.validateSchema(schema)) {
      for (const [pointer, message] of metaSchemaSentences(metaValidator.errors ?? [])) at(file, pointer, message);
    }
  }
  for (const [title, uses] of groupBy(titles, (use) => use.title)) {
    if (uses.length < 2) continue;
    const owner = titleOwner(uses);
    for (const use of uses) {
      if (use === owner) continue;
      at(use.file, `${use.pointer}/title`, `duplicate title "${title}" (type name): already the title of ${owner.file.file}#${owner.pointer}; rename this one`);
    }
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
}

interface TitleUse {
  title: string;
  file: SchemaFile;
  pointer: string;
}

/** `command-response` → `commandresponse`, to compare a file name with a title whatever its case (`OAuth2`). */
const squash = (text: string) => text.replace(/[^A-Za-z0-9]/g, "").toLowerCase();

/**
 * Which use of a repeated title keeps it, so the others (the ones that introduced the clash) are blamed: the root
 * title of the file named after it (`Message` in message.schema.json), else the first root title, else the first
 * use in file order.
 */
function titleOwner(uses: readonly TitleUse[]): TitleUse {
  const roots = uses.filter((use) => use.pointer === "");
  return roots.find((use) => squash(use.file.name) === squash(use.title)) ?? roots[0] ?? (uses[0] as TitleUse);
}

interface MetaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const quoted = (value: unknown) => JSON.stringify(value);

/**
 * The draft 2020-12 meta-schema's errors as one plain sentence per wrong value: AJV reports `"type": "numbr"` as
 * three errors ("must be equal to one of the allowed values", "must be array", "must match a schema in anyOf");
 * this says `"type" is "numbr"; it must be one of "array", ... or an array of those`.
 */
function metaSchemaSentences(errors: readonly MetaError[]): Map<string, string> {
  const byPointer = groupBy(errors, (error) => error.instancePath);
  const sentences = new Map<string, string>();
  for (const [pointer, group] of byPointer) {
    const keyword = pointer.split("/").at(-1)?.replace(/~1/g, "/").replace(/~0/g, "~") ?? "";
    const options: string[] = [];
    for (const error of group) {
      if (error.keyword === "anyOf" || error.keyword === "oneOf" || error.keyword === "allOf" || error.keyword === "if") continue;
      if (error.keyword === "enum" && Array.isArray(error.params.allowedValues)) options.push(`one of ${error.params.allowedValues.map(quoted).join(", ")}`);
      else if (error.keyword === "type") options.push(String(error.params.type) === "array" ? "an array of those" : `${/^[aeiou]/.test(String(error.params.type)) ? "an" : "a"} ${String(error.params.type)}`);
      else if (error.keyword === "const") options.push(quoted(error.params.allowedValue));
      else options.push(error.message ?? `valid for "${error.keyword}"`);
    }
    const unique = [...new Set(options)];
    const rule = unique.length === 0 ? "is not valid JSON Schema (draft 2020-12)" : `must be ${unique.join(", or ")}`.replace(/^must be must /, "must ");
    sentences.set(pointer, pointer === "" ? `invalid schema: the schema ${rule}` : `invalid schema: the value of "${keyword}" ${rule}`);
  }
  return sentences;
}

/** `Map.groupBy` (Node 21+), in first-seen order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group === undefined) groups.set(name, [item]);
    else group.push(item);
  }
  return groups;
}
