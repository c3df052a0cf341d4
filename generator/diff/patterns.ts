/**
 * How two JSON Schema `pattern`s compare as the sets of strings they accept (a pattern matches anywhere in a string,
 * ECMA-262 with the `u` flag): by finite automata (refa), so a pattern changed from `^[a-z]+$` to `^[a-z]{1,8}$` is
 * reported as tightened only. What the automata cannot read (a lookaround, a backreference, `\b`, an anchor inside
 * the pattern) or would take too many states for is "unknown", which diff reports both ways.
 */
import { DFA, JS, NFA } from "refa";

export type PatternRelation = "same" | "tightened" | "loosened" | "unknown";

/** The states an automaton may have: the node-address pattern takes a few hundred. */
const MAX_NODES = 20_000;

/** A trailing `$` that is no escaped dollar. */
const TRAILING_ANCHOR = /(?:^|[^\\])(?:\\\\)*\$$/;

/** The strings a pattern accepts somewhere inside them, as a DFA; throws when refa cannot build it. */
function language(pattern: string): DFA {
  let body = pattern;
  const start = body.startsWith("^");
  if (start) body = body.slice(1);
  const end = TRAILING_ANCHOR.test(body);
  if (end) body = body.slice(0, -1);
  const source = `${start ? "" : "[^]*"}(?:${body})${end ? "" : "[^]*"}`;
  const { expression, maxCharacter } = JS.Parser.fromLiteral({ source, flags: "u" }).parse({
    assertions: "throw",
    backreferences: "throw",
  });
  const factory = new DFA.LimitedNodeFactory(MAX_NODES);
  return DFA.fromFA(
    NFA.fromRegex(expression, { maxCharacter }, { assertions: "throw" }, new NFA.LimitedNodeFactory(MAX_NODES)),
    factory,
  );
}

/** True when every string `a` accepts, `b` accepts. */
function subset(a: DFA, b: DFA): boolean {
  const complement = b.copy();
  complement.complement();
  return DFA.fromIntersection(a, complement, new DFA.LimitedNodeFactory(MAX_NODES)).isEmpty;
}

/** How `after` compares with `before`: accepts the same strings, a subset (tightened), a superset (loosened), or neither. */
export function comparePatterns(before: string, after: string): PatternRelation {
  try {
    const was = language(before);
    const now = language(after);
    const narrower = subset(now, was);
    const wider = subset(was, now);
    if (narrower && wider) return "same";
    if (narrower) return "tightened";
    if (wider) return "loosened";
    return "unknown";
  } catch {
    return "unknown";
  }
}
