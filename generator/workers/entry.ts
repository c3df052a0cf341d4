import { parentPort } from "node:worker_threads";
import { GenerationFailed } from "../problems.js";
import type { StageAnswer, StageCall } from "./stage-worker.js";

/** The worker side of stage-worker.ts: runs the calls it is sent, one after another, in the order sent. */
const port = parentPort;
if (port === null) throw new Error("generator/workers/entry.js runs in a worker thread (see stage-worker.ts)");
let queue = Promise.resolve();
port.on("message", (call: StageCall) => {
  queue = queue.then(async () => {
    let answer: StageAnswer;
    try {
      const module = (await import(new URL(`../${call.module}`, import.meta.url).href)) as Record<string, (...args: unknown[]) => unknown>;
      const fn = module[call.fn];
      if (typeof fn !== "function") throw new Error(`generator/${call.module} exports no function ${call.fn}`);
      answer = { id: call.id, value: await fn(...call.args) };
    } catch (error) {
      const { message, stack } = error as Error;
      answer = { id: call.id, error: { message, ...(stack === undefined ? {} : { stack }), ...(error instanceof GenerationFailed ? { problems: error.problems } : {}) } };
    }
    try {
      port.postMessage(answer);
    } catch (error) {
      port.postMessage({ id: call.id, error: { message: `generator/${call.module} ${call.fn}: ${(error as Error).message}` } } satisfies StageAnswer);
    }
  });
});
