import type { OutputFile } from "../write/output-file.js";

const PARSERS: Record<string, string> = { ".ts": "typescript", ".js": "babel" };

/**
 * Outputs that come formatted, or are not worth it: AJV's standalone code is machine output (700 kB, formatting it
 * would cost seconds on every schema edit), and the path types come from TypeScript's printer re-indented to two
 * spaces, which is what prettier makes of them.
 */
const UNFORMATTED = [".compiled.ts", "/paths.ts"];

/**
 * How to format an output: the prettier parser and the pieces to format one by one, or undefined when it passes
 * unchanged (YAML comes formatted from the YAML printer, HTML from Redocly). Code is cut at blank lines followed by
 * a top-level line, so each declaration is formatted (and cached) on its own and an edit reformats only the
 * declarations it changed; joined with a blank line, the pieces give what formatting the whole file gives.
 */
function formatPlan(file: OutputFile): { parser: string; chunks: string[] } | undefined {
  if (UNFORMATTED.some((suffix) => file.path.endsWith(suffix))) return undefined;
  const extension = Object.keys(PARSERS).find((ext) => file.path.endsWith(ext));
  if (extension === undefined) return undefined;
  const parser = PARSERS[extension] as string;
  return { parser, chunks: file.contents.split(/\n{2,}(?=\S)/) };
}

/** Prettier on one text (imported on the first text that needs it). */
async function formatText(text: string, parser: string): Promise<string> {
  const { format } = await import("prettier");
  return format(text, { parser, printWidth: 120 });
}

/**
 * Formats pieces of code, each as prettier formats it alone, in one prettier call: a call costs about 15 ms
 * besides the text, and a run from scratch formats hundreds of pieces. The pieces are joined with blank lines, as
 * in a file, and the result cut at the same places; when that does not give back one piece per piece (or the joined
 * text does not parse), each is formatted alone. A piece prettier cannot parse alone is undefined.
 */
async function formatPieces(texts: readonly string[], parser: string): Promise<(string | undefined)[]> {
  if (texts.length > 1) {
    try {
      const pieces = (await formatText(texts.join("\n\n"), parser)).split(/\n\n(?=\S)/);
      if (pieces.length === texts.length)
        return pieces.map((piece, index) => (index < pieces.length - 1 ? `${piece}\n` : piece));
    } catch {
      // formatted one by one below
    }
  }
  return Promise.all(texts.map((text) => formatText(text, parser).catch(() => undefined)));
}

/** Formatted pieces stored from earlier runs (the generate command's content-hash cache). */
export interface FormatStore {
  get(text: string, parser: string): Promise<string | undefined>;
  set(text: string, parser: string, formatted: string): Promise<void>;
}

/**
 * Formats outputs with prettier by their extension (`.ts` as TypeScript, `.js`), piece by piece as `formatPlan`
 * says: a piece found in `store` is not formatted again; the others, of every output, are formatted together
 * (`formatPieces`) and stored. An output with a piece prettier cannot parse alone (a cut inside a comment) is
 * formatted whole instead.
 */
export async function formatOutputs(files: readonly OutputFile[], store: FormatStore): Promise<OutputFile[]> {
  const plans = files.map((file) => ({ file, plan: formatPlan(file) }));
  // Every distinct piece, by parser, with its stored result (undefined: to format).
  const formatted = new Map<string, Map<string, string | undefined>>();
  for (const { plan } of plans) {
    if (plan === undefined) continue;
    const known = formatted.get(plan.parser) ?? new Map<string, string | undefined>();
    formatted.set(plan.parser, known);
    for (const chunk of plan.chunks) known.set(chunk, undefined);
  }
  for (const [parser, known] of formatted) {
    await Promise.all([...known.keys()].map(async (chunk) => known.set(chunk, await store.get(chunk, parser))));
    const texts = [...known].filter(([, stored]) => stored === undefined).map(([chunk]) => chunk);
    if (texts.length === 0) continue;
    const pieces = await formatPieces(texts, parser);
    await Promise.all(
      texts.map(async (text, index) => {
        const piece = pieces[index];
        known.set(text, piece);
        if (piece !== undefined) await store.set(text, parser, piece);
      }),
    );
  }
  return Promise.all(
    plans.map(async ({ file, plan }) => {
      if (plan === undefined) return file;
      const pieces = plan.chunks.map((chunk) => formatted.get(plan.parser)?.get(chunk));
      if (pieces.every((piece): piece is string => piece !== undefined))
        return { ...file, contents: pieces.join("\n") };
      let whole = await store.get(file.contents, plan.parser);
      if (whole === undefined) {
        whole = await formatText(file.contents, plan.parser);
        await store.set(file.contents, plan.parser, whole);
      }
      return { ...file, contents: whole };
    }),
  );
}
