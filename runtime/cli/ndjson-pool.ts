/**
 * Worker threads for `specfirst validate --ndjson` on a large input: batches go to the least busy worker, at most
 * `IN_FLIGHT_PER_WORKER` per worker at a time (so memory stays bounded whatever the input's size; when all are
 * full, the caller waits for its oldest result), and their results come back as promises the caller takes in the
 * order it sent the batches.
 *
 * One worker per core but one (`checkingWorkers`): the main thread reads, hands batches over and writes results,
 * and does not check batches itself: each thread that checks records compiles its own optimized copy of the reader
 * and the validators, and on 2 cores that second warm-up cost more than it gained (100,000 messages: 4.17 G
 * instructions for the main thread plus a worker both checking, 3.58 G for one worker alone, 4.83 G for two
 * workers; docs/performance.md, CLI stream). Workers are used only when there are two or more of them: a single
 * worker moves the checking to another thread without spreading it, and pays for its own start, for handing every
 * batch over and for a second isolate compiling code; on 2 cores the main thread checking alone, the second core left
 * to V8's compiler and garbage collector threads, took 0.91x the wall time and 0.90x the CPU time of one worker
 * checking (100,000 messages, 16 paired runs).
 */
import { availableParallelism } from "node:os";
import { workerEntry } from "../worker-entry.js";
import type { Worker } from "node:worker_threads";
import type { Batch, BatchResult } from "./ndjson.js";
import type { NdjsonWorkerData } from "./ndjson-worker.js";

/**
 * How many worker threads check the records of a large NDJSON input by default: one per core but one, or none (the
 * main thread checks) when that leaves fewer than two (see the module comment).
 */
export function checkingWorkers(cores = availableParallelism()): number {
  const workers = cores - 1;
  return workers >= 2 ? workers : 0;
}

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

  constructor(data: NdjsonWorkerData, size: number) {
    // node:worker_threads is loaded here, not imported by the module: on 2 cores or fewer no pool is ever made, and
    // the command starts without loading it (about 3 M instructions, docs/performance.md, CLI stream)
    const { Worker } = process.getBuiltinModule("node:worker_threads");
    const [entry, options] = workerEntry(import.meta.url, "ndjson-worker");
    this.slots = Array.from({ length: size }, () => {
      const slot: Slot = { worker: new Worker(entry, { ...options, workerData: data }), pending: new Map() };
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
      slot.worker.postMessage({ id, batch }, [batch.bytes.buffer]);
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
