import { posix } from "node:path";
import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { locatePointer } from "../../runtime/json/json-text.js";
import { isJsonObject } from "./schema-walk.js";
import { GenerationFailed, type Problem } from "../problems.js";
import type { SchemaFile } from "../load/schemas.js";

/**
 * The content-by-type rule, declared once per media type.
 *
 * A document schema declares the media type it is the document of: `"x-content-type": "<media type>"` (a message
 * content, also a collection item and a container value) or `"x-resource-type": "<media type>"` (a command
 * resource). A schema whose field is typed by another declares where: `"x-typed-by": { "field": "content",
 * "discriminator": "type", "documents": "content" }` (`"each": true` when the field is an array of documents, as a
 * collection's `items`). The generator expands each `x-typed-by` into the plain JSON Schema rule, one `allOf` entry
 * per declared media type:
 *
 *   { "if": { "properties": { "<discriminator>": { "const": "<media type>" } }, "required": ["<discriminator>"] },
 *     "then": { "properties": { "<field>": { "$ref": "<document $id, relative to the schema's>" } } } }
 *
 * so adding a media type is one schema file, and every schema typed by it (message, collection, container,
 * command) follows. The expanded schemas are what every stage reads and what `specfirst/schemas/*` ships.
 */

/** The declaration keyword of each kind of document. */
export const DOCUMENT_KEYWORDS = { content: "x-content-type", resource: "x-resource-type" } as const;
export const TYPED_BY = "x-typed-by";

export type DocumentKind = keyof typeof DOCUMENT_KEYWORDS;

export interface TypedBy {
  field: string;
  discriminator: string;
  documents: DocumentKind;
  each: boolean;
}

/** The `x-typed-by` declaration of a schema, when it has a valid one. */
export function readTypedBy(schema: JsonObject): TypedBy | undefined {
  const value = schema[TYPED_BY];
  if (!isJsonObject(value)) return undefined;
  const { field, discriminator, documents, each } = value;
  if (
    typeof field !== "string" ||
    typeof discriminator !== "string" ||
    (documents !== "content" && documents !== "resource")
  )
    return undefined;
  return { field, discriminator, documents, each: each === true };
}

/** The media type a document schema declares, and its kind. */
export function declaredMediaType(schema: JsonObject): { kind: DocumentKind; mediaType: string } | undefined {
  for (const kind of Object.keys(DOCUMENT_KEYWORDS) as DocumentKind[]) {
    const mediaType = schema[DOCUMENT_KEYWORDS[kind]];
    if (typeof mediaType === "string") return { kind, mediaType };
  }
  return undefined;
}

/** A media type and the schema of its document. */
export interface MediaTypeCase {
  mediaType: string;
  document: SchemaFile;
}

/** The documents of one API and kind, in media-type order (the first file declaring a media type wins). */
export function documentsOf(files: readonly SchemaFile[], api: string, kind: DocumentKind): MediaTypeCase[] {
  const cases = new Map<string, SchemaFile>();
  for (const file of files) {
    const declared = file.api === api ? declaredMediaType(file.schema) : undefined;
    if (declared !== undefined && declared.kind === kind && !cases.has(declared.mediaType))
      cases.set(declared.mediaType, file);
  }
  return [...cases]
    .map(([mediaType, document]) => ({ mediaType, document }))
    .sort((a, b) => (a.mediaType < b.mediaType ? -1 : 1));
}

/** Every schema file with its `x-typed-by` expanded into `allOf` if/then entries (the input files are not changed). */
export function expandMediaTypes(files: readonly SchemaFile[]): SchemaFile[] {
  const problems: Problem[] = [];
  const at = (file: SchemaFile, pointer: string, message: string) =>
    problems.push({ file: file.file, pointer, message, ...locatePointer(file.text, pointer) });
  const declaredBy = new Map<string, SchemaFile>();
  for (const file of files) {
    const declared = declaredMediaType(file.schema);
    if (declared === undefined) continue;
    const key = `${file.api}\u0000${declared.kind}\u0000${declared.mediaType}`;
    const earlier = declaredBy.get(key);
    if (earlier !== undefined)
      at(
        file,
        `/${DOCUMENT_KEYWORDS[declared.kind]}`,
        `media type ${declared.mediaType} is already declared by ${earlier.file}`,
      );
    else declaredBy.set(key, file);
  }
  const expanded = files.map((file) => {
    if (!(TYPED_BY in file.schema)) return file;
    const typedBy = readTypedBy(file.schema);
    if (typedBy === undefined) {
      at(
        file,
        `/${TYPED_BY}`,
        `must be { "field": <name>, "discriminator": <name>, "documents": "content" | "resource", "each"?: boolean }`,
      );
      return file;
    }
    const cases = documentsOf(files, file.api, typedBy.documents);
    const entries: JsonValue[] = cases.map(({ mediaType, document }) => {
      const ref: JsonObject = { $ref: referenceTo(String(file.schema.$id), String(document.schema.$id)) };
      return {
        if: { properties: { [typedBy.discriminator]: { const: mediaType } }, required: [typedBy.discriminator] },
        then: { properties: { [typedBy.field]: typedBy.each ? { type: "array", items: ref } : ref } },
      };
    });
    // Media types are case-insensitive (RFC 2045): a case variant of a declared media type is not taken for another,
    // unknown type with open content; it is invalid, so the known ones are written as declared.
    if (cases.length > 0)
      entries.push(
        spellingRule(
          typedBy.discriminator,
          cases.map((c) => c.mediaType),
        ),
      );
    const { [TYPED_BY]: _declaration, ...rest } = file.schema;
    const allOf = Array.isArray(rest.allOf) ? rest.allOf : [];
    return { ...file, schema: { ...rest, allOf: [...allOf, ...entries] } };
  });
  if (problems.length > 0) throw new GenerationFailed(problems);
  return expanded;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&").replace(/\\\//g, "/");
/** `text/plain` → `[tT][eE][xX][tT]/[pP][lL][aA][iI][nN]`: the media type in any letter case (JSON Schema patterns have no flags). */
const anyCase = (text: string) =>
  [...text]
    .map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escapeRegExp(c)))
    .join("");

/**
 * The discriminator is one of the media types as declared, or no case variant of them. `$(?!\n)` ends the value in
 * every dialect: Python, Java and .NET also let `$` match before a final line feed
 * (docs/published-contract.md#one-verdict-in-every-language).
 */
function spellingRule(discriminator: string, mediaTypes: readonly string[]): JsonObject {
  const end = "$(?!\\n)";
  const pattern = `^(?:${mediaTypes.map(escapeRegExp).join("|")})${end}|^(?!(?:${mediaTypes.map(anyCase).join("|")})${end})`;
  return {
    if: { required: [discriminator] },
    then: {
      properties: {
        [discriminator]: {
          type: "string",
          description:
            "A media type with a declared document is spelled as declared; a case variant of it (media types are case-insensitive) is not another media type.",
          pattern,
        },
      },
    },
  };
}

/**
 * The `$id` `to` as a `$ref` from the schema whose `$id` is `from`: relative to it when both are on one origin
 * (`select.schema.json`), as the hand-written references are, so that an editor loading the shipped files resolves it
 * on disk rather than at the `$id`'s address (docs/validating.md#editors); JSON Schema resolves both spellings alike.
 */
function referenceTo(from: string, to: string): string {
  const [base, target] = [new URL(from), new URL(to)];
  if (base.origin !== target.origin) return to;
  return posix.relative(posix.dirname(base.pathname), target.pathname);
}
