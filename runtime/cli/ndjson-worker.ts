/**
 * A worker thread of `specfirst validate --ndjson` (runtime/cli/ndjson-pool.ts): loads the validators once, then
 * checks each batch it is sent with `checkBatch` and posts the result back under the batch's id.
 */
import { parentPort, workerData } from "node:worker_threads";
import { checkBatch, type Batch } from "./ndjson.js";
import { createCheck, loadValidators, type CheckTarget } from "./record-check.js";

export interface NdjsonWorkerData {
  target: CheckTarget;
  maxRecordBytes: number;
  maxErrors: number;
}

const { target, maxRecordBytes, maxErrors } = workerData as NdjsonWorkerData;
const check = createCheck(await loadValidators(target), target, maxErrors);
parentPort?.on("message", ({ id, batch }: { id: number; batch: Batch }) => {
  parentPort?.postMessage({ id, result: checkBatch(batch, check, maxRecordBytes) });
});
