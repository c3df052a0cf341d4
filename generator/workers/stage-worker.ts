import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { GenerationFailed, type Problem } from "../problems.js";
import type { PreloadTask, TaskArgs, TaskResult, WorkerTask } from "./tasks.js";

/** What a worker thread is asked: run the task `task` of tasks.ts with `args`. */
export interface StageCall {
  id: number;
  task: WorkerTask;
  args: unknown[];
}

/** What it answers: the function's result, or its error (a `GenerationFailed` keeps its problems). */
export type StageAnswer =
  { id: number; value: unknown } | { id: number; error: { message: string; stack?: string; problems?: Problem[] } };

/**
 * A worker thread running the generator's worker tasks (tasks.ts), from the JavaScript build (generator/launch.mjs): a
 * module it loaded, and the libraries that module loaded, stay loaded for the next call. The slow stages run in
 * such threads (Redoc, TypeScript's printer), so they use the machine's second core and, in watch mode, load once.
 * An idle worker does not keep the process alive.
 */
export class StageWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  /** The calls not answered yet; `needed`: one the caller waits for (a preload keeps no process alive). */
  private readonly pending = new Map<
    number,
    { needed: boolean; resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly name: string,
    private readonly env: Record<string, string> = {},
  ) {}

  /**
   * Runs `task` with `args` in the thread. Arguments and result are copied (structured clone). With `signal`, an
   * abort rejects at once; the thread finishes the call and its result is dropped.
   */
  call<T extends WorkerTask>(task: T, args: TaskArgs<T>, signal?: AbortSignal): Promise<TaskResult<T>> {
    return this.send<TaskResult<T>>({ task, args }, true, signal);
  }

  /** Starts the thread and has it run `task` (which loads a stage's libraries) ahead of the calls that need them. */
  preload(task: PreloadTask): void {
    this.send({ task, args: [] }, false).catch(() => undefined); // a failure shows again on the call that needs the libraries
  }

  private async send<T>(call: Omit<StageCall, "id">, needed: boolean, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const worker = await this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.settle(id);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        needed,
        resolve: (value) => (signal?.removeEventListener("abort", onAbort), resolve(value as T)),
        reject: (error) => (signal?.removeEventListener("abort", onAbort), reject(error)),
      });
      this.keepAlive();
      worker.postMessage({ id, ...call } satisfies StageCall);
    });
  }

  private settle(id: number): void {
    this.pending.delete(id);
    this.keepAlive();
  }

  /** The thread keeps the process alive while a call someone waits for is under way, and only then. */
  private keepAlive(): void {
    if ([...this.pending.values()].some((waiting) => waiting.needed)) this.worker?.ref();
    else this.worker?.unref();
  }

  private starting: Promise<Worker> | undefined;

  private start(): Promise<Worker> {
    this.starting ??= (async () => {
      const worker = new Worker(await entryFile(), {
        env: { ...process.env, ...this.env },
        // The libraries' own logging (Redocly prints banners) is not the generator's output: it goes to streams
        // dropped at once (an open one would keep the process alive). Errors come back as answers.
        stdout: true,
        stderr: true,
      });
      worker.stdout.destroy();
      worker.stderr.destroy();
      worker.on("message", (answer: StageAnswer) => {
        const waiting = this.pending.get(answer.id);
        this.settle(answer.id);
        if (waiting === undefined) return;
        if ("value" in answer) waiting.resolve(answer.value);
        else
          waiting.reject(
            answer.error.problems
              ? new GenerationFailed(answer.error.problems)
              : Object.assign(new Error(answer.error.message), { stack: answer.error.stack }),
          );
      });
      // A thread that died (out of memory, a crash in a library) fails what it was asked; the next call starts anew.
      let crash: Error | undefined;
      worker.on("error", (error) => (crash = error));
      worker.on("exit", (code) => {
        this.worker = undefined;
        this.starting = undefined;
        const error = crash ?? new Error(`the ${this.name} worker thread exited (code ${code})`);
        for (const [id, waiting] of this.pending) {
          this.pending.delete(id);
          waiting.reject(error);
        }
      });
      this.worker = worker;
      return worker;
    })();
    return this.starting;
  }
}

/**
 * The worker's entry module as JavaScript: next to this module when it runs from the build, else (the sources run
 * by tsx or vitest) in the build of the current sources, made on first use.
 */
async function entryFile(): Promise<URL> {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".js")) return pathToFileURL(path.join(path.dirname(here), "entry.js"));
  const { build } = await import("../launch.mjs");
  return pathToFileURL(path.join(await build(), "generator", "workers", "entry.js"));
}
