/**
 * What a worker thread can be asked to run: each task names a function of a generator module, imported by a
 * literal path, so a renamed module or function is a type error here, and a call's arguments and result are typed by
 * the function (`StageWorker.call`). The worker receives the task's name and looks its function up in this table.
 * Arguments and results cross the thread by structured clone.
 */
export const WORKER_TASKS = {
  emitDocs: async () => (await import("../emit/docs.js")).emitDocs,
  preloadDocs: async () => (await import("../emit/docs.js")).preloadDocs,
  emitPathTypes: async () => (await import("../emit/path-types.js")).emitPathTypes,
  preloadPathTypes: async () => (await import("../emit/path-types.js")).preloadPathTypes,
  compileValidatorUnit: async () => (await import("../emit/validators/compile-unit.js")).compileValidatorUnit,
  preloadValidators: async () => (await import("../emit/validators/compile-unit.js")).preloadValidators,
  checkByValidators: async () => (await import("../emit/validators/check-examples.js")).checkByValidators,
  checkByAjv: async () => (await import("../emit/validators/check-examples.js")).checkByAjv,
};

export type WorkerTask = keyof typeof WORKER_TASKS;
export type TaskFunction<T extends WorkerTask> = Awaited<ReturnType<(typeof WORKER_TASKS)[T]>>;
export type TaskArgs<T extends WorkerTask> = Parameters<TaskFunction<T>>;
export type TaskResult<T extends WorkerTask> = Awaited<ReturnType<TaskFunction<T>>>;

/** A task that loads a stage's libraries ahead of its first call (it takes no argument). */
export type PreloadTask = { [T in WorkerTask]: TaskArgs<T> extends [] ? T : never }[WorkerTask];
