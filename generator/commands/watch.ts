import { readdirSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

/** What the generator reads: a change to anything else (its own outputs included) must not trigger a run. */
const INPUTS: { dir: string; accepts: (file: string) => boolean; flat?: true }[] = [
  { dir: "schemas", accepts: (file) => file.endsWith(".schema.json") },
  { dir: "openapi", accepts: (file) => file.endsWith(".source.yaml") || file.startsWith(`examples${path.sep}`) },
  { dir: "templates", accepts: (file) => file.endsWith(".hbs") },
  // The version the documents carry and the changelog page's text; the project folder itself is not descended into.
  { dir: ".", accepts: (file) => file === "package.json" || file === "CHANGELOG.md", flat: true },
];

export interface WatchOptions {
  root: string;
  /** Quiet period after the last change before a run starts. */
  debounceMs?: number;
  /** One generation run; its errors are the caller's to report. */
  run: (changed: string[]) => Promise<void>;
  /** Also run once right away (with no changed files), after the watchers are set up. */
  initial?: boolean;
}

/**
 * Calls `run` after changes to the generator's inputs, debounced, one run at a time: changes made during a run
 * start one more run after it, so no saved edit is lost. The watchers are set up before anything runs, the `initial`
 * run included: an edit saved while it runs is seen. Returns a function that stops watching.
 */
export function watchInputs(options: WatchOptions): () => void {
  const debounceMs = options.debounceMs ?? 150;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  let initial = options.initial ?? false;
  const flush = async () => {
    timer = undefined;
    if (running || (pending.size === 0 && !initial)) return;
    initial = false;
    running = true;
    const changed = [...pending].sort();
    pending.clear();
    try {
      await options.run(changed);
    } finally {
      running = false;
      if (pending.size > 0) schedule();
    }
  };
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };

  // One plain watcher per folder rather than `recursive: true`: on Linux, Node 20 sets a recursive watch up
  // asynchronously and misses edits made right after it starts. A folder created later is picked up on the event.
  const watchers = new Map<string, FSWatcher>();
  const watchFolder = (input: (typeof INPUTS)[number], relative: string) => {
    const absolute = path.join(options.root, input.dir, relative);
    if (watchers.has(absolute)) return;
    let entries;
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch {
      return;
    }
    watchers.set(
      absolute,
      watch(absolute, (_event, name) => {
        if (name === null) return;
        const file = path.join(relative, name);
        if (input.flat === undefined) watchFolder(input, file);
        if (!input.accepts(file)) return;
        pending.add(path.posix.join(input.dir, file.split(path.sep).join("/")));
        schedule();
      }),
    );
    if (input.flat === undefined)
      for (const entry of entries) if (entry.isDirectory()) watchFolder(input, path.join(relative, entry.name));
  };
  for (const input of INPUTS) watchFolder(input, "");
  if (initial) void flush();
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
  };
}
