import { parentPort } from "node:worker_threads";
import { GenerationFailed } from "../problems.js";
import type { StageAnswer, StageCall } from "./stage-worker.js";
import { WORKER_TASKS } from "./tasks.js";

/** The worker side of stage-worker.ts: runs the tasks it is sent (tasks.ts), one after another, in the order sent. */
const port = parentPort;
if (port === null) throw new Error("generator/workers/entry.js runs in a worker thread (see stage-worker.ts)");
let queue = Promise.resolve();
port.on("message", (call: StageCall) => {
  queue = queue.then(async () => {
    let answer: StageAnswer;
    try {
      if (!Object.hasOwn(WORKER_TASKS, call.task))
        throw new Error(`generator/workers/tasks.ts has no task ${call.task}`);
      const fn = (await WORKER_TASKS[call.task]()) as (...args: unknown[]) => unknown;
      answer = { id: call.id, value: await fn(...call.args) };
    } catch (error) {
      const { message, stack } = error as Error;
      answer = {
        id: call.id,
        error: {
          message,
          ...(stack === undefined ? {} : { stack }),
          ...(error instanceof GenerationFailed ? { problems: error.problems } : {}),
        },
      };
    }
    try {
      port.postMessage(answer);
    } catch (error) {
      port.postMessage({
        id: call.id,
        error: { message: `worker task ${call.task}: ${(error as Error).message}` },
      } satisfies StageAnswer);
    }
  });
});
