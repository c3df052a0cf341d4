/**
 * Worker threads for `specfirst validate --ndjson` on a large input: batches go to the least busy worker, at most
 * `IN_FLIGHT_PER_WORKER` per worker at a time (so memory stays bounded whatever the input's size; when all are
 * full, the caller waits for its oldest result), and their results come back as promises the caller takes in the
 * order it sent the batches.
 *
 * One worker per core but one: the main thread reads, hands batches over and writes results, and the remaining
 * core runs V8's optimizing compiler for the workers and the garbage collector's helpers. The main thread does not
 * check batches itself: each thread that checks records compiles its own optimized copy of the reader and the
 * validators, and on 2 cores that second warm-up cost more than it gained (100,000 messages: 4.17 G instructions
 * for the main thread plus a worker both checking, 3.58 G for one worker alone, 4.83 G for two workers;
 * docs/performance.md, CLI stream).
 */
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { workerEntry } from "../worker-entry.js";
import { Worker } from "node:worker_threads";
import type { Batch, BatchResult } from "./ndjson.js";
import type { NdjsonWorkerConfig, NdjsonWorkerMessage } from "./ndjson-worker.js";

/** An NDJSON input at least this large is checked in worker threads (`parallelFromBytes` of runtime/cli/validate-inputs.ts). */
export const DEFAULT_PARALLEL_FROM_BYTES = 8 * 1024 * 1024;

/** Batches a worker holds at once: one it checks, one waiting, so that it never idles between two. */
export const IN_FLIGHT_PER_WORKER = 2;

interface Pending {
  resolve(result: BatchResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

export class NdjsonPool {
  private readonly slots: Slot[];
  private nextId = 0;

  /** Starts the workers; each loads the validators at once, and checks batches once it is `configure`d. */
  constructor(size = Math.max(1, availableParallelism() - 1)) {
    const [entry, options] = workerEntry(import.meta.url, "ndjson-worker");
    this.slots = Array.from({ length: size }, () => {
      const slot: Slot = { worker: new Worker(entry, options), pending: new Map() };
      slot.worker.on("message", ({ id, result }: { id: number; result: BatchResult }) => {
        const pending = slot.pending.get(id);
        slot.pending.delete(id);
        pending?.resolve(result);
      });
      const fail = (error: Error) => {
        for (const pending of slot.pending.values()) pending.reject(error);
        slot.pending.clear();
      };
      slot.worker.on("error", fail);
      slot.worker.on("exit", (code) => fail(new Error(`an NDJSON worker thread exited (code ${code})`)));
      return slot;
    });
  }

  /** Whether the workers keep the process alive (they do unless the pool was started early and not taken yet). */
  keepAlive(on: boolean): this {
    for (const slot of this.slots) {
      if (on) slot.worker.ref();
      else slot.worker.unref();
    }
    return this;
  }

  /** What the workers check: posted before any batch (a worker takes its messages in order). */
  configure(config: NdjsonWorkerConfig): this {
    for (const slot of this.slots) slot.worker.postMessage({ config } satisfies NdjsonWorkerMessage);
    return this;
  }

  /** Every worker holds `IN_FLIGHT_PER_WORKER` batches (or is still starting with them). */
  get full(): boolean {
    return this.slots.every((slot) => slot.pending.size >= IN_FLIGHT_PER_WORKER);
  }

  check(batch: Batch): Promise<BatchResult> {
    const slot = this.slots.reduce((best, candidate) =>
      candidate.pending.size < best.pending.size ? candidate : best,
    );
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      // the batch's buffer is its own (runtime/cli/ndjson.ts `readBatches`): moved to the worker, not copied
      slot.worker.postMessage({ id, batch } satisfies NdjsonWorkerMessage, [batch.bytes.buffer]);
    });
  }

  /**
   * Stops the workers without waiting for their threads to end: unreferenced, they no longer keep the process
   * alive, and it exits as soon as its output is written (a process ending stops its worker threads).
   */
  close(): void {
    for (const slot of this.slots) {
      slot.worker.removeAllListeners("exit");
      slot.worker.unref();
      void slot.worker.terminate();
    }
  }
}

/** The pool `startEarly` started, until `ndjsonPool` takes it. */
let early: NdjsonPool | undefined;

/**
 * Starts the worker threads of `specfirst validate --ndjson` before the CLI loads anything else, when one of its
 * arguments names a file of `DEFAULT_PARALLEL_FROM_BYTES` or more (an argument that names no file counts as none):
 * a worker thread takes tens of milliseconds to start and load the validators, which then overlap the main
 * thread's own start instead of following it. Called by runtime/cli/main.ts only, never when the command runs
 * inside another program.
 */
export function startEarly(args: readonly string[]): void {
  if (early !== undefined || !args.some((arg) => !arg.startsWith("-") && sizeOf(arg) >= DEFAULT_PARALLEL_FROM_BYTES))
    return;
  // not taken (a usage error, say), it must not keep the process alive
  early = new NdjsonPool().keepAlive(false);
}

/** Worker threads checking against `config`: the pool started early if there is one, otherwise new ones. */
export function ndjsonPool(config: NdjsonWorkerConfig): NdjsonPool {
  const pool = early?.keepAlive(true) ?? new NdjsonPool();
  early = undefined;
  return pool.configure(config);
}

function sizeOf(path: string): number {
  return statSync(path, { throwIfNoEntry: false })?.size ?? 0;
}
