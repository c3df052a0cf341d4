// The AJV options of generator/emit-validators.ts, kept in step by hand. Shared by bench/shared.ts (run-time
// compilation in the throughput benchmark) and bench/cold/*.mjs (cold start), which run without tsx.
export const GENERATOR_AJV_OPTIONS = Object.freeze({
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  inlineRefs: false,
  allErrors: true,
  code: Object.freeze({ optimize: true }),
});
