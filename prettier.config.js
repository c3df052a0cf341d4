/**
 * The house style for hand-written code: prettier's defaults at width 120, the options the generator formats its
 * output with (generator/format/prettier.ts), so generated and hand-written code read alike.
 * test/house-style.test.ts checks that the generated code the generator formats passes with this config.
 * What is formatted and what is not (data, generated output, prose): .prettierignore.
 * @type {import("prettier").Config}
 */
export default {
  printWidth: 120,
};
