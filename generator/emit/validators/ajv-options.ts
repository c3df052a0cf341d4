/**
 * The AJV options the validators are compiled with. Also read by bench/ (AJV compiling the same schemas at run
 * time), through dist/generator/ajv-options.js where tsx is not loaded.
 */
export const AJV_OPTIONS = Object.freeze({
  strict: true,
  strictRequired: false, // `required` inside if/then names properties declared by the enclosing schema
  allowUnionTypes: true,
  inlineRefs: false, // every schema compiled once and called by reference: the module stays small
  allErrors: true,
});
