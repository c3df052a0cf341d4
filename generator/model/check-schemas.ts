import type { Ajv2020 } from "ajv/dist/2020.js";
import { GenerationFailed, type Problem } from "../problems.js";
import { escapePointerSegment, locatePointer, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject, KNOWN_KEYWORDS, walkSchema } from "./schema-walk.js";
import type { SchemaFile } from "../load/schemas.js";
import { checkSecretNames, objectRefResolver } from "./check-secrets.js";

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/** A problem of one schema file on its own: where (JSON pointer) and what. */
export type FileProblem = [pointer: string, message: string];

let metaValidator: Promise<Ajv2020> | undefined;

/**
 * The checks of one schema that read no other file: only known keywords, secrets marked consistently, titles that
 * are TypeScript type names, patterns that compile, and valid against the draft 2020-12 meta-schema (one plain
 * sentence per wrong value).
 * AJV and json-schema-to-typescript's naming rule are loaded on first use (a run that finds every file's result in
 * the cache loads neither).
 */
export async function checkSchemaAlone(schema: JsonObject): Promise<FileProblem[]> {
  // The naming rule json-schema-to-typescript applies to titles; a title must already obey it to be the type's name.
  const { toSafeString } = await import("json-schema-to-typescript/dist/src/utils.js");
  metaValidator ??= import("ajv/dist/2020.js").then(({ Ajv2020 }) => new Ajv2020({ strict: false }));
  const validator = await metaValidator;
  const problems: FileProblem[] = [];
  walkSchema(schema, (node, pointer) => {
    for (const keyword of Object.keys(node)) {
      if (!KNOWN_KEYWORDS.has(keyword)) problems.push([`${pointer}/${keyword}`, `unknown keyword "${keyword}"`]);
    }
    if ("x-secret" in node) {
      const mark = node["x-secret"];
      if (mark === true && node.writeOnly !== true)
        problems.push([pointer, 'a secret field has "x-secret": true and "writeOnly": true']);
      else if (mark !== true && mark !== false)
        problems.push([
          `${pointer}/x-secret`,
          '"x-secret" is true (a secret) or false (a name that only looks like one)',
        ]);
    }
    // The validators compile each pattern as AJV does, with the `u` flag; one that does not compile would fail there
    // without saying where.
    const patterns: [string, string][] = Object.keys(
      isJsonObject(node.patternProperties) ? node.patternProperties : {},
    ).map((key) => [`${pointer}/patternProperties/${escapePointerSegment(key)}`, key]);
    if (typeof node.pattern === "string") patterns.unshift([`${pointer}/pattern`, node.pattern]);
    for (const [at, pattern] of patterns) {
      try {
        new RegExp(pattern, "u");
      } catch (error) {
        problems.push([at, `not a regular expression with the u flag: ${(error as Error).message}`]);
      }
    }
    const title = node.title;
    if (typeof title === "string") {
      if (toSafeString(title) !== title)
        problems.push([
          `${pointer}/title`,
          `title "${title}" is not a TypeScript type name; use "${toSafeString(title)}"`,
        ]);
    } else if (pointer === "") {
      problems.push(["", 'missing "title" (it names the generated type)']);
    }
  });
  // Against the 2020-12 meta-schema whatever the file's `$schema` says (a wrong `$schema` is reported by
  // `checkSchemas`): AJV's `validateSchema` would throw on a draft it does not know instead of answering.
  const metaSchema = validator.getSchema(DRAFT_2020_12);
  if (metaSchema === undefined) throw new Error(`AJV has no meta-schema ${DRAFT_2020_12}`);
  if (!metaSchema(schema)) problems.push(...metaSchemaSentences(metaSchema.errors ?? []));
  return problems;
}

/** Keys whose text no check reads: annotations. */
const UNCHECKED_TEXTS = new Set(["description", "$comment"]);

/**
 * What `checkSchemaAlone` depends on: the schema with every `description` and `$comment` text emptied (a string
 * stays a string, so every check gives the same result). A description edit then finds the file's result cached.
 */
export function checkedPart(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(checkedPart);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      UNCHECKED_TEXTS.has(key) && typeof item === "string" ? "" : checkedPart(item),
    ]),
  );
}

/**
 * Checks the schema files: draft 2020-12, an `$id`, a validator name and a `title` unique across all files, the
 * name rule of secrets (check-secrets.ts), and each file on its own (`checkSchemaAlone`; `alone` stands for it: the
 * generate command passes a cached one). References are checked by `buildSchemaGraph`, which needs all files.
 * Reports every problem found, with file, pointer and line:column.
 */
export async function checkSchemas(
  files: SchemaFile[],
  alone: (schema: JsonObject) => Promise<FileProblem[]> = checkSchemaAlone,
): Promise<void> {
  const problems: Problem[] = [];
  const at = (file: SchemaFile, pointer: string, message: string) =>
    problems.push({ file: file.file, pointer, message, ...locatePointer(file.text, pointer) });
  const seenIds = new Map<string, string>();
  const titles: TitleUse[] = [];
  const isObjectRef = objectRefResolver(files);
  const seenNames = new Map<string, string>();
  const own = await Promise.all(files.map((file) => alone(file.schema)));

  files.forEach((file, index) => {
    const { schema } = file;
    if (schema.$schema !== DRAFT_2020_12) at(file, "/$schema", `"$schema" must be "${DRAFT_2020_12}"`);
    // The file's base name is its validator name, shared by every API in `specfirst/validators`.
    const earlierName = seenNames.get(file.name);
    if (earlierName !== undefined)
      at(file, "", `schema name ${file.name} (the validator name) is also used by ${earlierName}`);
    else seenNames.set(file.name, file.file);
    const id = schema.$id;
    if (typeof id !== "string") at(file, "", 'missing "$id"');
    else if (!URL.canParse(id)) at(file, "/$id", `"$id" must be an absolute URI (refs are resolved against it)`);
    else if (seenIds.has(id)) at(file, "/$id", `duplicate "$id" ${id}, also in ${seenIds.get(id)}`);
    else seenIds.set(id, file.file);
    walkSchema(schema, (node, pointer) => {
      if (typeof node.title === "string") titles.push({ title: node.title, file, pointer });
    });
    for (const [pointer, message] of own[index] ?? []) at(file, pointer, message);
    for (const problem of checkSecretNames(file, isObjectRef)) at(file, problem.pointer, problem.message);
  });
  for (const [title, uses] of groupBy(titles, (use) => use.title)) {
    if (uses.length < 2) continue;
    const owner = titleOwner(uses);
    for (const use of uses) {
      if (use === owner) continue;
      at(
        use.file,
        `${use.pointer}/title`,
        `duplicate title "${title}" (type name): already the title of ${owner.file.file}#${owner.pointer}; rename this one`,
      );
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
      if (error.keyword === "anyOf" || error.keyword === "oneOf" || error.keyword === "allOf" || error.keyword === "if")
        continue;
      if (error.keyword === "enum" && Array.isArray(error.params.allowedValues))
        options.push(`one of ${error.params.allowedValues.map(quoted).join(", ")}`);
      else if (error.keyword === "type")
        options.push(
          String(error.params.type) === "array"
            ? "an array of those"
            : `${/^[aeiou]/.test(String(error.params.type)) ? "an" : "a"} ${String(error.params.type)}`,
        );
      else if (error.keyword === "const") options.push(quoted(error.params.allowedValue));
      else options.push(error.message ?? `valid for "${error.keyword}"`);
    }
    const unique = [...new Set(options)];
    const rule =
      unique.length === 0
        ? "is not valid JSON Schema (draft 2020-12)"
        : `must be ${unique.join(", or ")}`.replace(/^must be must /, "must ");
    sentences.set(
      pointer,
      pointer === "" ? `invalid schema: the schema ${rule}` : `invalid schema: the value of "${keyword}" ${rule}`,
    );
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
