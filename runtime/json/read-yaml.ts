/**
 * The YAML reader of `specfirst validate` (docs/validating.md#yaml-input): a decoded text to the JSON value it
 * stands for, read as YAML 1.2 with the core schema by the `yaml` package, and a way to find where each JSON
 * pointer's value is written. Only the CLI loads this module, by a dynamic import, when an input is YAML: no entry
 * point of the package loads `yaml`.
 *
 * A YAML text JSON cannot hold, or that readers disagree on, is refused (`YamlInputError`, with its line:column and
 * a message that never quotes the input): a key that is not a string, a tag beyond the core schema's, a number that
 * is not finite, a merge key (`<<`), an alias with no anchor before it or inside its own anchor's node, aliases that
 * expand past `MAX_YAML_ALIAS_COUNT`, a key repeated in one mapping, a second document, an empty input, a %YAML
 * directive other than 1.2 or a %TAG directive, and nesting deeper than `MAX_YAML_DEPTH`.
 */
import {
  Composer,
  Parser,
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  type Alias,
  type CST,
  type Document,
  type ErrorCode,
  type Node,
} from "yaml";
import { pointerSegments, positionAt, type JsonValue, type Position } from "./json-text.js";

/**
 * Mappings and sequences nested deeper than this are refused before `yaml` composes the document. Its composer
 * recurses once a level (about 1.2 KB of stack each: on Node's default stack it overflows at about 800 levels of
 * `[`), and an overflow there is caught by `yaml` but can also abort the process: V8 compiling a regular expression
 * with the stack nearly exhausted fails fatally (seen with yaml 2.9.1 on Node 20 after two deep inputs in one
 * process). 256 levels use about a third of the stack.
 */
export const MAX_YAML_DEPTH = 256;

/** `yaml`'s `maxAliasCount` (its default): aliases expanding to more copies than this are refused (alias bombs). */
export const MAX_YAML_ALIAS_COUNT = 100;

/** A YAML text the reader refuses: where (line, column of the decoded text) and why, never quoting the input. */
export class YamlInputError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
    this.name = "YamlInputError";
  }
}

/** A YAML text read: its value, and where the value a JSON pointer names is written. */
export interface YamlText {
  value: JsonValue;
  /** The line:column of the value at `pointer` (the closest existing ancestor's when it names nothing). */
  locate(pointer: string): Position;
}

/** Messages of `yaml`'s error codes (its own messages can quote the input: an escape, a tag, a header). */
const SYNTAX_MESSAGES: Record<ErrorCode, string> = {
  ALIAS_PROPS: "an alias with an anchor or a tag",
  BAD_ALIAS: "an empty or ambiguous anchor or alias name",
  BAD_COLLECTION_TYPE: "a tag that does not fit its value",
  BAD_DIRECTIVE: "a directive that cannot be read",
  BAD_DQ_ESCAPE: "an invalid escape in a double-quoted string",
  BAD_INDENT: "bad indentation (or a flow collection not closed)",
  BAD_PROP_ORDER: "an anchor or a tag before a - or ? indicator",
  BAD_SCALAR_START: "a plain value starting with a reserved character (@ or `): quote it",
  BLOCK_AS_IMPLICIT_KEY:
    "a mapping where YAML allows none (as a key, or on the line of another key): check the indentation",
  BLOCK_IN_FLOW: "a block collection or scalar inside a flow collection",
  DUPLICATE_KEY: "duplicate key in a mapping",
  IMPOSSIBLE: "a structure that cannot be read",
  KEY_OVER_1024_CHARS: "an implicit key longer than 1024 characters",
  MISSING_CHAR: "a missing character (a quote, a comma, a colon, a closing bracket or white space)",
  MULTILINE_IMPLICIT_KEY: "a mapping key over more than one line",
  MULTIPLE_ANCHORS: "two anchors on one node",
  MULTIPLE_DOCS: "a second document",
  MULTIPLE_TAGS: "two tags on one node",
  NON_STRING_KEY: "a key that is not a string",
  RESOURCE_EXHAUSTION: "nesting too deep to read",
  TAB_AS_INDENT: "a tab used as indentation",
  TAG_RESOLVE_FAILED: "a tag that cannot be resolved",
  UNEXPECTED_TOKEN: "unexpected text",
};

const CORE = "tag:yaml.org,2002:";
/** The tags of the core schema, whose values JSON holds; `!` is the non-specific tag (a string, or a collection). */
const JSON_TAGS = new Set(["!", ...["str", "int", "float", "bool", "null", "map", "seq"].map((name) => CORE + name)]);

/** The refusals of YAML that JSON cannot hold, or whose meaning readers disagree on: what it is, and what to do. */
const REFUSED = {
  empty: "no YAML document: the input is empty, or holds only comments and markers (---)",
  secondDocument: "a second YAML document (after --- or ...): validate one document per file",
  yamlVersion: "a %YAML directive for a version other than 1.2: only YAML 1.2 is read; remove the directive",
  tagDirective: "a %TAG directive: tags beyond the core schema's are not read; remove it",
  otherDirective: "a directive YAML 1.2 does not define: remove it",
  tooDeep: `mappings and sequences nested more than ${MAX_YAML_DEPTH} levels deep: YAML input is read to ${MAX_YAML_DEPTH} levels; write the document as JSON, which has no such limit`,
  keyNotString: (kind: string) => `a mapping key that is ${kind}, not a string: JSON keys are strings; quote the key`,
  tag: "a tag JSON has no type for (only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are read): remove the tag, or quote the value",
  notFinite: "a number JSON cannot hold (.inf, -.inf, .nan, or too large): write a finite number, or quote it",
  mergeKey: "a merge key (<<), which YAML 1.2 does not define: write the merged keys out",
  duplicateKey: "duplicate key in a mapping",
  unknownAlias: "an alias with no anchor before it: define the anchor (&name) first",
  cyclicAlias: "an alias inside the node its anchor names: JSON cannot hold a cycle",
  aliasBomb: `aliases past yaml's limit (maxAliasCount ${MAX_YAML_ALIAS_COUNT}: an anchor used ${MAX_YAML_ALIAS_COUNT} times, or fewer uses of nested aliases that multiply, as an alias bomb does): write the repeated content out, or use fewer aliases`,
};

interface Problem {
  offset: number;
  message: string;
}

/**
 * Reads a decoded YAML text (the BOM already skipped, as `decodeJsonText` leaves it) into a JSON value.
 * @throws YamlInputError at the first problem in the text.
 */
export function readYaml(text: string): YamlText {
  const fail = (problem: Problem) => new YamlInputError(problem.message, positionAt(text, problem.offset));
  const tokens = Array.from(new Parser().parse(text));
  const deep = tooDeep(tokens);
  if (deep !== undefined) throw fail({ offset: deep, message: `YAML not read: ${REFUSED.tooDeep}` });
  const directive = refusedDirective(tokens);
  if (directive !== undefined) throw fail(directive);

  const composer = new Composer({
    version: "1.2",
    schema: "core",
    merge: false,
    resolveKnownTags: false,
    // a repeated key is found by the walk, at the key (yaml places it before the key after an empty value)
    uniqueKeys: false,
    strict: true,
  });
  const documents = Array.from(composer.compose(tokens, true, text.length));
  const document = documents[0] as Document.Parsed;
  const problems: Problem[] = [...document.errors, ...document.warnings].map((error) => ({
    offset: error.pos[0],
    message:
      error.code === "TAG_RESOLVE_FAILED"
        ? `YAML not read: ${REFUSED.tag}`
        : `invalid YAML: ${SYNTAX_MESSAGES[error.code]}`,
  }));
  const second = documents[1];
  if (second !== undefined)
    problems.push({ offset: second.range[0], message: `YAML not read: ${REFUSED.secondDocument}` });
  const contents = document.contents;
  if (isEmptyDocument(contents)) problems.push({ offset: 0, message: `YAML not read: ${REFUSED.empty}` });
  const walked = contents === null ? undefined : walk(contents, text);
  if (walked?.problem !== undefined) problems.push(walked.problem);
  const first = problems.reduce<Problem | undefined>(
    (earliest, problem) => (earliest === undefined || problem.offset < earliest.offset ? problem : earliest),
    undefined,
  );
  if (first !== undefined) throw fail(first);

  let value: JsonValue;
  try {
    value = document.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT }) as JsonValue;
  } catch (error) {
    // every alias resolves (walk), so a ReferenceError is yaml's alias count exceeded
    if (!(error instanceof ReferenceError)) throw error;
    throw fail({ offset: walked?.firstAlias ?? 0, message: `YAML not read: ${REFUSED.aliasBomb}` });
  }
  const aliases = walked?.aliases ?? new Map<Alias, Node>();
  return { value, locate: (pointer) => positionAt(text, locateOffset(contents as Node, aliases, pointer)) };
}

/** No node, or an empty scalar with neither tag nor anchor (`---` alone): a document with nothing written in it. */
function isEmptyDocument(contents: Node | null): boolean {
  if (contents === null) return true;
  if (!isScalar(contents) || contents.tag !== undefined || contents.anchor !== undefined) return false;
  return contents.type === "PLAIN" && contents.range?.[0] === contents.range?.[1];
}

/** The offset of the first collection nested deeper than `MAX_YAML_DEPTH` in the parsed tokens, if any. */
function tooDeep(tokens: CST.Token[]): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((token) => [token, 0]);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [token, depth] = next;
    if (token.type === "document") {
      if (token.value !== undefined) stack.push([token.value, depth]);
    } else if (token.type === "block-map" || token.type === "block-seq" || token.type === "flow-collection") {
      if (depth >= MAX_YAML_DEPTH) return token.offset;
      for (const item of token.items) {
        if (item.key !== undefined && item.key !== null) stack.push([item.key, depth + 1]);
        if (item.value !== undefined) stack.push([item.value, depth + 1]);
      }
    }
  }
  return undefined;
}

/** The first directive refused: any but `%YAML 1.2`. */
function refusedDirective(tokens: CST.Token[]): Problem | undefined {
  for (const token of tokens) {
    if (token.type !== "directive") continue;
    const [name, version] = token.source.split(/[ \t]+/);
    if (name === "%YAML" && version === "1.2") continue;
    const reason =
      name === "%YAML" ? REFUSED.yamlVersion : name === "%TAG" ? REFUSED.tagDirective : REFUSED.otherDirective;
    return { offset: token.offset, message: `YAML not read: ${reason}` };
  }
  return undefined;
}

/** What a walk of the document found: its first problem, the node each alias names, and the first alias. */
interface Walked {
  problem?: Problem;
  aliases: Map<Alias, Node>;
  firstAlias?: number;
}

/**
 * Walks the composed document in text order (iteratively) for what JSON cannot hold, and resolves each alias as
 * `yaml` does: to the last node before it with that anchor (a node's anchor comes before its content), refused when
 * that node is still open (the alias is inside it: a cycle).
 */
function walk(root: Node, text: string): Walked {
  const aliases = new Map<Alias, Node>();
  const anchored = new Map<string, { node: Node; open: boolean }>();
  let firstAlias: number | undefined;
  const problem = (node: Node, message: string, kind = "YAML not read"): Walked => ({
    problem: { offset: node.range?.[0] ?? 0, message: `${kind}: ${message}` },
    aliases,
  });
  // a node to enter, or the anchor of a node to close
  const stack: (Node | { close: { node: Node; open: boolean } })[] = [root];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if ("close" in next) {
      next.close.open = false;
      continue;
    }
    const node = next;
    if (isAlias(node)) {
      firstAlias ??= node.range?.[0];
      const target = anchored.get(node.source);
      if (target === undefined) return problem(node, REFUSED.unknownAlias);
      if (target.open) return problem(node, REFUSED.cyclicAlias);
      aliases.set(node, target.node);
      continue;
    }
    if (node.tag !== undefined && !JSON_TAGS.has(node.tag)) return problem(node, REFUSED.tag);
    if (node.anchor !== undefined) {
      const entry = { node, open: true };
      anchored.set(node.anchor, entry);
      stack.push({ close: entry });
    }
    if (isScalar(node)) {
      if (typeof node.value === "number" && !Number.isFinite(node.value)) return problem(node, REFUSED.notFinite);
      continue;
    }
    // children pushed last first, so that they are taken in text order (a key before its value)
    const children: Node[] = [];
    if (isMap(node)) {
      const keys = new Set<string>();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (!isScalar(key) || typeof key.value !== "string") {
          const refused = problem(key ?? node, REFUSED.keyNotString(kindOfKey(key)));
          // an empty key is placed by yaml before the comments and line breaks that precede its ":"
          if (refused.problem !== undefined && isScalar(key) && key.range?.[0] === key.range?.[1])
            refused.problem.offset = nextContent(text, refused.problem.offset);
          return refused;
        }
        if (key.value === "<<" && key.type === "PLAIN") return problem(key, REFUSED.mergeKey);
        if (keys.has(key.value)) return problem(key, REFUSED.duplicateKey, "invalid YAML");
        keys.add(key.value);
        children.push(key);
        if (pair.value !== null) children.push(pair.value as Node);
      }
    } else if (isSeq(node)) for (const item of node.items) children.push(item as Node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
  }
  return { aliases, firstAlias };
}

/** The offset of the first character at or after `offset` that is not white space, a line break or a comment. */
function nextContent(text: string, offset: number): number {
  let i = offset;
  for (;;) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else if (c === "#") {
      const end = text.indexOf("\n", i);
      if (end === -1) return text.length;
      i = end + 1;
    } else return i;
  }
}

/** What a key that is not a string is, for the message. */
function kindOfKey(key: Node | null): string {
  if (key === null || (isScalar(key) && key.value === null)) return "null (empty)";
  if (isAlias(key)) return "an alias";
  if (isMap(key)) return "a mapping";
  if (isSeq(key)) return "a sequence";
  return `a ${typeof (key as { value: unknown }).value}`;
}

/**
 * Where the value `pointer` names is written, the closest existing ancestor's when it names nothing. A value starts
 * at its first character, as in JSON, but a block mapping or sequence that is a mapping's value, or an empty value,
 * has no character of its own on its key's line: it is placed at its key. Through an alias, the place is inside the
 * anchored node, where the content is written; an alias itself is placed where it is written.
 */
function locateOffset(root: Node, aliases: Map<Alias, Node>, pointer: string): number {
  let node: Node = root;
  let offset = root.range?.[0] ?? 0;
  for (const segment of pointerSegments(pointer)) {
    const container = isAlias(node) ? aliases.get(node) : node;
    if (isMap(container)) {
      const pair = container.items.find((item) => isScalar(item.key) && item.key.value === segment);
      if (pair === undefined) break;
      const key = pair.key as Node;
      const value = pair.value as Node | null;
      node = value ?? key;
      offset = placedAtKey(value) ? (key.range?.[0] ?? offset) : (node.range?.[0] ?? offset);
    } else if (isSeq(container)) {
      const index = Number(segment);
      const item = String(index) === segment ? (container.items[index] as Node | undefined) : undefined;
      if (item === undefined) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else break;
  }
  return offset;
}

/** A mapping's value written without a character of its own on its key's line: a block collection, or nothing. */
function placedAtKey(value: Node | null): boolean {
  if (value === null) return true;
  if (isCollection(value)) return value.flow !== true;
  return isScalar(value) && value.range !== undefined && value.range !== null && value.range[0] === value.range[1];
}
