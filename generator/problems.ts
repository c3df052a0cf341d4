/** One thing wrong with the inputs of a run: which file, where in it, and what. */
export interface Problem {
  /** Path of the file, relative to the project root. */
  file: string;
  /** JSON pointer inside the file ("" for the whole document). */
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

/** Thrown by a stage when its inputs are wrong; carries every problem found, not just the first. */
export class GenerationFailed extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "GenerationFailed";
  }
}

export function formatProblem(problem: Problem): string {
  const position = problem.line === undefined ? "" : `:${problem.line}:${problem.column ?? 1}`;
  const pointer = problem.pointer === "" ? "" : ` at ${problem.pointer}`;
  return `${problem.file}${position}${pointer}: ${problem.message}`;
}
