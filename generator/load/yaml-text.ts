/**
 * What the generator says of a YAML text's problems and places: the one home for turning the yaml package's parser
 * errors into problems (one per problem, not one per follow-on error) and for the line and column of a JSON pointer.
 */
import type { LineCounter, YAMLError } from "yaml";
import { escapePointerSegment, pointerSegments } from "../../runtime/json/json-text.js";
import type { Problem } from "../problems.js";

type Yaml = typeof import("yaml");
type YamlDocument = ReturnType<Yaml["parseDocument"]>;

/**
 * The parser's errors as problems, one per problem: the errors at one place are one problem (the first error's
 * words), and after the first syntax error (anything but a repeated key) the parser reads the rest of the text from
 * a wrong place, so what it reports there follows from that one: it is left out, and the message says so.
 */
export function yamlProblems(file: string, errors: readonly YAMLError[], lineCounter: LineCounter): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const [index, error] of errors.entries()) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const place = `${line}:${col}`;
    if (seen.has(place)) continue;
    seen.add(place);
    // The yaml package's message names the place again (" at line 3, column 1:"): the problem says it once.
    const message = (error.message.split("\n")[0] ?? "invalid YAML").replace(/ at line \d+, column \d+:?$/, "");
    if (error.code === "DUPLICATE_KEY") {
      problems.push({ file, pointer: "", message, line, column: col });
      continue;
    }
    const later = errors.slice(index + 1).filter((other) => other.code !== "DUPLICATE_KEY").length;
    problems.push({
      file,
      pointer: "",
      message:
        later === 0
          ? message
          : `${message} (the parser's ${later} later error${later === 1 ? "" : "s"} follow from this one: fix it first)`,
      line,
      column: col,
    });
    break;
  }
  return problems;
}

/** Line and column of the node at a pointer of a parsed YAML document (the closest existing ancestor of an absent one). */
export function locateInYaml(
  yaml: Yaml,
  document: YamlDocument,
  lineCounter: LineCounter,
  pointer: string,
): { line: number; column: number } {
  let node: unknown = document.contents;
  let offset = (node as { range?: [number] } | null)?.range?.[0] ?? 0;
  for (const segment of pointerSegments(pointer)) {
    if (!yaml.isCollection(node)) break;
    const child: unknown = node.get(yaml.isSeq(node) ? Number(segment) : segment, true);
    if (child === undefined) break;
    node = child;
    offset = (child as { range?: [number] }).range?.[0] ?? offset;
  }
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** The JSON pointer of each `$ref` string of a plain value, with the reference. */
export function refsOf(value: unknown, pointer = "", found: { pointer: string; ref: string }[] = []) {
  if (Array.isArray(value)) value.forEach((item, index) => refsOf(item, `${pointer}/${index}`, found));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const at = `${pointer}/${escapePointerSegment(key)}`;
      if (key === "$ref" && typeof item === "string") found.push({ pointer: at, ref: item });
      else refsOf(item, at, found);
    }
  }
  return found;
}
