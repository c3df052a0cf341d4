/**
 * The AJV options the validators are compiled with. Also read by bench/ (AJV compiling the same schemas at run
 * time), through dist/generator/ajv-options.js where tsx is not loaded.
 */
export const AJV_OPTIONS = Object.freeze({
  strict: true,
  strictRequired: false, // `required` inside if/then names properties declared by the enclosing schema
  allowUnionTypes: true,
  inlineRefs: 8, // small leaf schemas (an address, a media type) are inlined, larger ones called by reference: the module stays small
  allErrors: true,
});
