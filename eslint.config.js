/**
 * Lint for hand-written code: ESLint's recommended rules and typescript-eslint's strict and stylistic type-checked
 * sets, less the rules the codebase does not follow (each turned off below with the number of findings it had when
 * this config was written). Formatting is prettier's (prettier.config.js), not ESLint's.
 * `npm run lint` runs it with a cache under node_modules/.cache/eslint.
 */
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Generated code and other tools' output (the generator formats and checks its own); fixtures are data.
    ignores: [
      "generated/",
      "dist/",
      "test-artifacts/",
      "test/fixtures/",
      "bench/typia/generated/",
      "test/types/validator-fixtures.generated.ts",
      "bench/typia/src/",
      "templates/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name` marks a binding kept on purpose: a rest sibling that drops a key, an unused parameter of a signature.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Not followed: findings when this config was written.
      "@typescript-eslint/no-confusing-void-expression": "off", // 105: `() => void call()` arrow bodies
      "@typescript-eslint/no-non-null-assertion": "off", // 80: `!` after a check the compiler cannot follow
      "@typescript-eslint/non-nullable-type-assertion-style": "off", // 67: `as T` where `!` would do
      "@typescript-eslint/no-base-to-string": "off", // 65
      "@typescript-eslint/no-empty-function": "off", // 50: no-op callbacks in tests and defaults
      "@typescript-eslint/no-unsafe-assignment": "off", // 47: JSON.parse and fixture data
      "@typescript-eslint/no-unnecessary-type-assertion": "off", // 33
      "@typescript-eslint/no-unnecessary-condition": "off", // 31: defensive checks on data typed by its schema
      "@typescript-eslint/require-await": "off", // 17: async functions that keep an async signature
      "@typescript-eslint/no-misused-spread": "off", // 12
      "@typescript-eslint/no-unnecessary-type-conversion": "off", // 11
      "@typescript-eslint/no-unsafe-class-instance-assignment": "off", // 9
      "@typescript-eslint/no-deprecated": "off", // 8
      "@typescript-eslint/use-unknown-in-catch-callback-variable": "off", // 8
      "@typescript-eslint/prefer-promise-reject-errors": "off", // 7: tests reject with non-Error reasons on purpose
      "@typescript-eslint/consistent-type-definitions": "off", // 7: type tests declare both shapes on purpose
      "@typescript-eslint/consistent-indexed-object-style": "off", // 6: likewise
      "@typescript-eslint/no-unsafe-return": "off", // 7
      "@typescript-eslint/no-unsafe-member-access": "off", // 6: DOM code run in the docs browser test, untyped JSON
      "@typescript-eslint/no-unsafe-call": "off", // 4: likewise, and `new Function` of compiled checks
      "@typescript-eslint/no-unsafe-argument": "off", // 1: likewise
      "@typescript-eslint/no-dynamic-delete": "off", // 6: schema keywords dropped by name
      "@typescript-eslint/no-implied-eval": "off", // 6: `new Function` of generated checks, on purpose
      "no-control-regex": "off", // 5: NUL and ESC in patterns, on purpose
      "@typescript-eslint/prefer-optional-chain": "off", // 5: `a && a.b` where a may be "" or 0
      "@typescript-eslint/no-unnecessary-type-parameters": "off", // 5
      "@typescript-eslint/unbound-method": "off", // 4
      "@typescript-eslint/no-invalid-void-type": "off", // 4: `T | void` results of handlers
      "@typescript-eslint/no-meaningless-void-operator": "off", // 2: type tests evaluate expressions for their type
      "@typescript-eslint/only-throw-error": "off", // 2: rethrowing an unknown rejection reason
      "@typescript-eslint/restrict-template-expressions": "off", // 330 (numbers in templates); 2 with numbers allowed
      "@typescript-eslint/no-inferrable-types": "off", // 1: a type test widens a literal on purpose
      "@typescript-eslint/no-generated-empty-object-type": "off", // 1: `Record<never, never>`, an empty handler set
      "@typescript-eslint/prefer-for-of": "off", // 3: index loops in validation's hot path, a worklist that grows
      "@typescript-eslint/no-unnecessary-boolean-literal-compare": "off", // 2: \`=== true\` on values from JS callers
      "preserve-caught-error": "off", // 1: the rethrown error carries the child process's stderr already
      // Prettier breaks long chains before a computed member (`f()\n  [Symbol.asyncIterator]()`): with semicolons that
      // is no hazard (eslint-config-prettier turns this rule off for the same reason).
      "no-unexpected-multiline": "off",
      // Async handlers passed where a callback's result is ignored (http.createServer, emitters) are the norm here;
      // a promise in a condition or a spread is still an error.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
    },
  },
  // AJV's private modules are read in one file, whose assumptions test/ajv-internals.test.ts checks.
  {
    files: ["generator/**/*.ts", "runtime/**/*.ts", "bench/**/*.ts"],
    ignores: ["generator/emit/validators/ajv-internals.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/^ajv.(?:lib|dist.(?:compile|vocabularies|runtime))./]",
          message:
            "AJV's private modules are read in generator/emit/validators/ajv-internals.ts only; add what you need there",
        },
      ],
    },
  },
  // Plain JavaScript (launchers, bench children, the bundle script) is not in a TypeScript project.
  { files: ["**/*.js", "**/*.mjs", "**/*.cjs", "**/*.mts"], extends: [tseslint.configs.disableTypeChecked] },
);
