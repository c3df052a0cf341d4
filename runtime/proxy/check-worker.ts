/** The worker side of check-pool.ts: checks the bodies it is sent with the generated validators, one at a time. */
import { parentPort } from "node:worker_threads";
import { defaultValidators } from "../middleware/core.js";
import { checkBody, type CheckOutcome, type CheckRequest } from "./check.js";

/** A check sent to a worker, and its answer (an unexpected failure as its message). */
export type CheckTask = CheckRequest & { id: number };
export type CheckAnswer = { id: number; outcome: CheckOutcome } | { id: number; failure: string };

const port = parentPort;
if (port === null) throw new Error("runtime/proxy/check-worker.js runs in a worker thread (see check-pool.ts)");
const validators = await defaultValidators();
port.on("message", (task: CheckTask) => {
  let answer: CheckAnswer;
  try {
    answer = { id: task.id, outcome: checkBody(validators, task) };
  } catch (error) {
    answer = { id: task.id, failure: (error as Error).message };
  }
  port.postMessage(answer);
});
