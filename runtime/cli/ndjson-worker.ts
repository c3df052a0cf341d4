/**
 * A worker thread of `specfirst validate --ndjson` (runtime/cli/ndjson-pool.ts): loads the validators as it starts
 * (before it knows the schema: the CLI may start it before reading its arguments), takes the schema and the record
 * limit from its first message, then checks each batch it is sent with `checkBatch` and posts the result back
 * under the batch's id.
 */
import { parentPort } from "node:worker_threads";
import { checkBatch, type Batch } from "./ndjson.js";
import { createCheck, loadValidators, type Check, type CheckTarget } from "./record-check.js";

export interface NdjsonWorkerConfig {
  target: CheckTarget;
  maxRecordBytes: number;
}

/** What the pool posts: the configuration once, first, then batches. */
export type NdjsonWorkerMessage = { config: NdjsonWorkerConfig } | { id: number; batch: Batch };

const validators = await loadValidators();
let check: Check | undefined;
let maxRecordBytes = 0;
parentPort?.on("message", (message: NdjsonWorkerMessage) => {
  if ("config" in message) {
    check = createCheck(validators, message.config.target);
    maxRecordBytes = message.config.maxRecordBytes;
    return;
  }
  // fail closed: a batch before the configuration is the pool's bug, never a result
  if (check === undefined) throw new Error("an NDJSON worker thread was sent a batch before its configuration");
  parentPort?.postMessage({ id: message.id, result: checkBatch(message.batch, check, maxRecordBytes) });
});
