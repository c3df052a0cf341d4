/**
 * Worker threads that check large bodies, so that parsing and validating one does not hold up the proxy's other
 * requests. Each thread checks one body at a time; a body waits in a queue (first come, first served) for a free
 * thread. Threads start on first use and do not keep the process alive while idle. A thread that dies fails the
 * check it held (the proxy answers 500 `proxy`) and is replaced on the next one.
 */
import os from "node:os";
import { workerEntry } from "../worker-entry.js";
import { Worker } from "node:worker_threads";
import type { CheckOutcome, CheckRequest } from "./check.js";
import type { CheckAnswer, CheckTask } from "./check-worker.js";

/** Threads by default: one per core the process may use, at most 4. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 4));
}

interface Pending {
  task: CheckTask;
  resolve: (outcome: CheckOutcome) => void;
  reject: (error: Error) => void;
}

export class CheckPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private started = 0;
  private nextId = 0;

  constructor(private readonly size: number) {}

  /** Checks a body in a thread: bytes backed by a `SharedArrayBuffer` are shared with it, others copied. */
  check(request: CheckRequest): Promise<CheckOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { ...request, id: this.nextId++ }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < this.size ? this.start() : undefined);
      if (worker === undefined) return;
      const pending = this.queue.shift() as Pending;
      this.busy.set(worker, pending);
      worker.ref();
      worker.postMessage(pending.task);
    }
  }

  private start(): Worker {
    this.started++;
    const worker = new Worker(...workerEntry(import.meta.url, "check-worker"));
    worker.on("message", (answer: CheckAnswer) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      this.idle.push(worker);
      worker.unref();
      if (pending !== undefined) {
        if ("outcome" in answer) pending.resolve(answer.outcome);
        else pending.reject(new Error(answer.failure));
      }
      this.dispatch();
    });
    let crash: Error | undefined;
    worker.on("error", (error) => (crash = error));
    worker.on("exit", (code) => {
      this.started--;
      const at = this.idle.indexOf(worker);
      if (at !== -1) this.idle.splice(at, 1);
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      pending?.reject(crash ?? new Error(`a body check thread exited (code ${code})`));
      this.dispatch();
    });
    return worker;
  }
}
