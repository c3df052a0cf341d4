import { StageWorker } from "../workers/stage-worker.js";

/**
 * The worker threads of the slowest stages, so they use the machine's second core: Redoc (React's production
 * build: the same page, rendered faster), openapi-typescript (TypeScript) and AJV's compiler. They live as long as
 * the process, so watch mode loads their libraries once.
 */
export const WORKERS = {
  docs: new StageWorker("docs", {
    NODE_ENV: "production",
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  }),
  "path types": new StageWorker("path types"),
  validators: new StageWorker("validators"),
};

export type WorkerThread = keyof typeof WORKERS;
