import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { Ajv2020, Name, _, nil, type Code, type KeywordCxt } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import standaloneCodeModule from "ajv/dist/standalone/index.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import * as internals from "../generator/emit/validators/ajv-internals.js";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";
import { compileValidatorUnit } from "../generator/emit/validators/compile-unit.js";
import { compiledValidatorsModule } from "../generator/emit/validators/index.js";
import type { ValidatorUnit } from "../generator/emit/validators/units.js";
import { loadTemplates } from "../generator/load/templates.js";
import { ROOT } from "./helpers/fixtures.js";

// Every assumption generator/emit/validators/ajv-internals.ts makes about AJV's internals, checked against the
// installed AJV: its private modules and what they export, the functions it swaps (AJV still calls them through
// the module object, with the arguments it reads), one instance's internal state, and the regular expressions over
// AJV's standalone code (each still matches AJV's output for a representative schema). A failure names the
// assumption an AJV upgrade broke. (An upgrade that stops `npm run generate` fails first in the global setup, with
// the generator's own message naming the adapter: ajv-internals.ts `ajvChanged`.)

const require = createRequire(import.meta.url);
const AJV_VERSION = (require("ajv/package.json") as { version: string }).version;
const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** Fails, unless `holds`, saying which assumption of the adapter broke and what to do. */
function assume(holds: boolean, what: string, name: keyof typeof internals | "AJV_PRIVATE_MODULES"): void {
  expect(
    holds,
    `AJV ${AJV_VERSION} changed ${what}; update \`${name}\` in generator/emit/validators/ajv-internals.ts, ` +
      "then run npm run generate and review the diff of generated/",
  ).toBe(true);
}

/** `assume` for every value of `arbitrary` (fast-check), naming the counterexample. */
function assumeForAll<T>(
  arbitrary: fc.Arbitrary<T>,
  holds: (value: T) => boolean,
  what: string,
  name: Parameters<typeof assume>[2],
): void {
  const run = fc.check(fc.property(arbitrary, holds));
  assume(!run.failed, `${what} (for ${JSON.stringify(run.counterexample?.[0])})`, name);
}

/** Whether `pattern` matches somewhere in `code` (a global pattern's `lastIndex` left alone). */
const matches = (pattern: RegExp, code: string) =>
  new RegExp(pattern.source, pattern.flags.replace("g", "")).test(code);

/** An AJV set up as generator/emit/validators/compile-unit.ts sets up one unit's. */
function unitAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    ...AJV_OPTIONS,
    validateSchema: false,
    code: { source: true, esm: true, optimize: true, lines: true },
  });
  internals.withoutEvaluationTracking(ajv);
  internals.suffixModuleNames(ajv, "Probe");
  addFormats(ajv, ["date-time"]);
  return ajv;
}

const NINE_STRINGS = Object.fromEntries("abcdefghi".split("").map((key) => [key, { type: "string" }]));
/** A schema AJV does not inline (more than `inlineRefs` keywords), closed, with more than 8 properties. */
const LEAF = {
  $id: "https://probe.invalid/leaf",
  type: "object",
  properties: NINE_STRINGS,
  required: ["a"],
  additionalProperties: false,
};
/** A representative schema: each shape of AJV's code the adapter describes appears in its code. */
const ROOT_SCHEMA = {
  $id: "https://probe.invalid/root",
  type: "object",
  properties: {
    name: { type: "string", minLength: 2, pattern: "^a+$" },
    when: { type: "string", format: "date-time" },
    leaf: { $ref: "leaf" },
    list: { type: "array", items: { type: "object", properties: { item: { "x-probe": true } } } },
    nested: { type: "object", properties: { deep: { "x-probe": true } } },
    choice: { anyOf: [{ type: "string" }, { type: "number" }] },
  },
  required: ["name"],
  additionalProperties: false,
};

/** The standalone code of `schemas` (the first exported as `validateProbe`), and the instance paths `x-probe` saw. */
function compileProbe(schemas: JsonObject[], setUp: (ajv: Ajv2020) => void = () => {}) {
  const ajv = unitAjv();
  const paths: string[] = [];
  ajv.addKeyword({
    keyword: "x-probe",
    schemaType: "boolean",
    code: (cxt: KeywordCxt) => void paths.push(String(cxt.it.errorPath)),
  });
  setUp(ajv);
  for (const schema of schemas) ajv.addSchema(schema);
  const code = standaloneCode(ajv, { validateProbe: String(schemas[0]?.$id) });
  return { code, paths };
}

describe("the pin", () => {
  it("pins ajv to the installed version exactly", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(
      manifest.dependencies.ajv,
      `package.json must pin ajv to one version, the installed ${AJV_VERSION}: generator/emit/validators/ajv-internals.ts ` +
        "depends on AJV's internals (after an upgrade: npm install --save-exact ajv@<version>, then this test)",
    ).toBe(AJV_VERSION);
  });
});

describe("AJV's private modules", () => {
  /** What the adapter reads of each module: an export's name and its type. */
  const READ: Record<keyof typeof internals.AJV_PRIVATE_MODULES, Record<string, string>> = {
    resolve: { inlineRef: "function" },
    codegen: { getProperty: "function", strConcat: "function" },
    util: { getErrorPath: "function", escapeJsonPointer: "function", Type: "object" },
    names: { default: "object" },
    errors: { reportError: "function", reportExtraError: "function", keywordError: "object" },
    code: { callValidateCode: "function" },
    ref: { callRef: "function" },
  };

  it.each(Object.entries(internals.AJV_PRIVATE_MODULES))(
    "%s (%s) exists and exports what is read",
    (key, specifier) => {
      let module: Record<string, unknown> | undefined;
      try {
        module = require(specifier) as Record<string, unknown>;
      } catch {
        module = undefined;
      }
      assume(module !== undefined, `its module paths: ${specifier} is gone`, "AJV_PRIVATE_MODULES");
      for (const [name, type] of Object.entries(READ[key as keyof typeof READ])) {
        assume(
          typeof module?.[name] === type,
          `${specifier}: its export ${name} is no longer a ${type}`,
          "AJV_PRIVATE_MODULES",
        );
      }
    },
  );

  it("lets the two swapped functions be replaced on the module object", () => {
    for (const [specifier, name] of [
      [internals.AJV_PRIVATE_MODULES.errors, "reportError"],
      [internals.AJV_PRIVATE_MODULES.errors, "reportExtraError"],
      [internals.AJV_PRIVATE_MODULES.code, "callValidateCode"],
    ] as const) {
      const descriptor = Object.getOwnPropertyDescriptor(require(specifier), name);
      assume(descriptor?.writable === true, `${specifier}: ${name} can no longer be replaced`, "AJV_PRIVATE_MODULES");
    }
  });
});

describe("AJV's private functions, read as they are", () => {
  it("inlines a small leaf schema and calls a larger one or one with a $ref", () => {
    const limit = AJV_OPTIONS.inlineRefs;
    assume(
      internals.inlinesReference({ type: "string", pattern: "^a$" }, limit),
      "its rule for inlining a $ref",
      "inlinesReference",
    );
    assume(
      !internals.inlinesReference(LEAF, limit),
      "its rule for inlining a $ref (a large schema)",
      "inlinesReference",
    );
    assume(
      !internals.inlinesReference({ $ref: "#/$defs/x" }, limit),
      "its rule for inlining a $ref (a $ref)",
      "inlinesReference",
    );
  });

  it('writes a property access as .name or ["name"]', () => {
    assume(String(internals.propertyAccess("type")) === ".type", "its code of a property access", "propertyAccess");
    assume(String(internals.propertyAccess("x-y")) === '["x-y"]', "its code of a property access", "propertyAccess");
  });

  it("joins string code, folding constants", () => {
    const { instancePath } = internals.AJV_NAMES;
    assume(String(internals.stringConcat(instancePath, _`"/a"`)) === 'instancePath+"/a"', "strConcat", "stringConcat");
    assume(String(internals.stringConcat(_`"/a"`, _`"/b"`)) === '"/a/b"', "strConcat's folding", "stringConcat");
  });

  it("writes a property's instance path, escaping it as a JSON pointer segment", () => {
    assume(
      String(internals.propertyErrorPath("x/y~")) === "/x~1y~0",
      "getErrorPath of a constant",
      "propertyErrorPath",
    );
    const ofName = String(internals.propertyErrorPath(new Name("key0")));
    assume(ofName.startsWith('"/" + key0'), "getErrorPath of a name of the payload", "propertyErrorPath");
    assume(internals.escapeJsonPointer("a/b~c") === "a~1b~0c", "escapeJsonPointer", "escapeJsonPointer");
  });

  it("names the variables of its generated functions instancePath, errors and vErrors", () => {
    const { instancePath, errors, vErrors } = internals.AJV_NAMES;
    const names = [instancePath, errors, vErrors].map((name) => (name instanceof Name ? String(name) : undefined));
    assume(
      names.join() === "instancePath,errors,vErrors",
      "the names of its generated functions' variables",
      "AJV_NAMES",
    );
  });

  it("has a default error definition with a message", () => {
    assume(typeof internals.defaultKeywordError().message === "function", "keywordError", "defaultKeywordError");
  });

  it("writes a constant string as its JSON literal, which stringConstant reads back (any string)", () => {
    assumeForAll(
      // the characters JSON and JavaScript escape differently (separators, lone surrogates), and any grapheme
      fc.string({
        unit: fc.oneof(
          fc.constantFrom("\u2028", "\u2029", "\ud800", "\udfff", '"', "\\", "\n", "\0"),
          fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
        ),
      }),
      (text) => internals.stringConstant(_`${text}`) === text,
      "its code of a string constant",
      "stringConstant",
    );
    assumeForAll(
      fc.stringMatching(/^[A-Za-z$_][\w$]*$/),
      (name) => internals.stringConstant(new Name(name)) === undefined,
      "its code of a name",
      "stringConstant",
    );
  });

  it("reads back the path of a closed object's properties from AJV's property accesses, or leaves it (any names)", () => {
    assumeForAll(
      fc.array(fc.string(), { maxLength: 4 }),
      (names) => {
        const access = names.map((name) => String(internals.propertyAccess(name))).join("");
        const found = [
          ...`func0_X.call(schema0_X${access}.properties, key0)`.matchAll(internals.OWN_PROPERTY_CHECK),
        ][0];
        // unmatched, the check stays as AJV wrote it; matched, the path must be read back exactly
        if (found === undefined) return true;
        const read = [...found[3]!.matchAll(internals.PROPERTY_PATH_SEGMENT)].map(
          ([, name, quoted]) => name ?? (JSON.parse(quoted!) as string),
        );
        return JSON.stringify(read) === JSON.stringify(names);
      },
      "its code of a property path",
      "PROPERTY_PATH_SEGMENT",
    );
  });
});

describe("the functions swapped while a unit compiles", () => {
  it("every keyword reports its errors through the module's reportError and reportExtraError", () => {
    const reported: { keyword: string; cxt: boolean; property?: unknown }[] = [];
    const reporter: internals.ErrorReporter = (cxt) => {
      reported.push({
        keyword: cxt.keyword,
        // what error-objects.ts reads of the context (a type error's is a plain object, not a KeywordCxt)
        cxt:
          typeof cxt.gen.code === "function" &&
          typeof cxt.params === "object" &&
          cxt.it.errorPath !== undefined &&
          cxt.it.validateName instanceof Name &&
          typeof cxt.it.schemaEnv === "object",
        property: cxt.params.missingProperty ?? cxt.params.additionalProperty,
      });
      cxt.gen.code(_`probe(${cxt.keyword})`);
    };
    const errorsModule = require(internals.AJV_PRIVATE_MODULES.errors) as Record<string, unknown>;
    const before = errorsModule.reportError;
    const { code } = internals.withErrorReporters({ reportError: reporter, reportExtraError: reporter }, () =>
      compileProbe([LEAF]),
    );
    assume(errorsModule.reportError === before, "compile/errors (the reporter was not put back)", "withErrorReporters");
    const keywords = new Set(reported.map((report) => report.keyword));
    assume(
      ["required", "additionalProperties", "type"].every((keyword) => keywords.has(keyword)),
      "compile/errors: a keyword no longer reports through the module object",
      "withErrorReporters",
    );
    assume(
      reported.every((report) => report.cxt),
      "the reporters' first argument (gen, params, it.errorPath, it.validateName, it.schemaEnv)",
      "withErrorReporters",
    );
    assume(code.includes('probe("required")') && !code.includes("schemaPath:"), "compile/errors", "withErrorReporters");
    const required = reported.find((report) => report.keyword === "required")?.property;
    assume(
      required !== undefined && internals.stringConstant(required as Code) === "a",
      "the missingProperty param of a required property (the code of a string constant)",
      "stringConstant",
    );
  });

  it("the code of a call to a referenced schema comes from the module's callValidateCode", () => {
    const calls: { func: string; context: unknown; passSchema: unknown }[] = [];
    const { code } = internals.withCallCode(
      () => (cxt, func, context, passSchema) => {
        calls.push({ func: String(func), context, passSchema });
        return _`probeCall(${func}, ${cxt.data})`;
      },
      () => compileProbe([ROOT_SCHEMA, LEAF]),
    );
    assume(
      calls.length === 1 && /^validate\d+_Probe$/.test(calls[0]!.func),
      "vocabularies/code callValidateCode's use by $ref",
      "withCallCode",
    );
    assume(
      calls[0]?.context === nil && calls[0]?.passSchema === undefined,
      "callValidateCode's arguments",
      "withCallCode",
    );
    assume(/probeCall\(validate\d+_Probe, data\.leaf\)/.test(code), "callValidateCode's use by $ref", "withCallCode");
  });

  it("callRef writes a call to a function by its name, through callValidateCode, merging its errors", () => {
    let called = false;
    const { code } = internals.withCallCode(
      (ajvCallCode) =>
        (...args) => {
          called = true;
          return ajvCallCode(...args);
        },
      () =>
        compileProbe(
          [{ $id: "https://probe.invalid/caller", type: "object", properties: { other: { "x-call": true } } }],
          (ajv) =>
            ajv.addKeyword({
              keyword: "x-call",
              schemaType: "boolean",
              code: (cxt: KeywordCxt) => internals.callReferencedFunction(cxt, new Name("validateOther")),
            }),
        ),
    );
    assume(
      called && code.includes("validateOther(data.other, {instancePath"),
      "vocabularies/core/ref callRef",
      "callReferencedFunction",
    );
    assume(matches(internals.CONCAT_ERRORS, code), "how callRef merges a callee's errors", "CONCAT_ERRORS");
  });
});

describe("one AJV instance's internal state", () => {
  it("names every module-level value through its scope's _newName", () => {
    const { code } = compileProbe([ROOT_SCHEMA, LEAF]);
    const declared = [...code.matchAll(/^(?:function (\w+)|const ((?:schema|pattern|func|formats)\d+\w*) =)/gm)].map(
      ([, name, constant]) => name ?? constant!,
    );
    assume(
      declared.length > 0 && declared.every((name) => name.endsWith("_Probe")),
      "its scope's naming",
      "suffixModuleNames",
    );
  });

  it("Ajv2020 forces the tracking options on, and they can be turned off after it", () => {
    const ajv = new Ajv2020({ ...AJV_OPTIONS });
    assume(
      ajv.opts.unevaluated === true && ajv.opts.dynamicRef === true,
      "Ajv2020's forced options",
      "withoutEvaluationTracking",
    );
    const { code } = compileProbe([ROOT_SCHEMA, LEAF]);
    assume(
      !/dynamicAnchors|evaluated/.test(code),
      "the options unevaluated and dynamicRef",
      "withoutEvaluationTracking",
    );
  });

  it("the pattern keyword is this instance's copy, and reports its failure through fail$data", () => {
    const conditions: string[] = [];
    const properties: (string | undefined)[] = [];
    const { code } = compileProbe([ROOT_SCHEMA, LEAF], (ajv) =>
      internals.replacePatternCode(ajv, (cxt, ajvCode) => {
        const property = cxt.it.parentDataProperty;
        properties.push(typeof property === "number" ? undefined : internals.stringConstant(property));
        const reported = internals.withFailureCondition(
          cxt,
          (failure) => _`probe() && ${failure}`,
          () => ajvCode(cxt),
        );
        conditions.push(String(reported));
      }),
    );
    assume(
      /^!pattern\d+_Probe\.test\(data\d*\)$/.test(conditions[0] ?? ""),
      "the pattern keyword's failure condition",
      "withFailureCondition",
    );
    assume(code.includes("if(probe() && !pattern"), "the pattern keyword's use of fail$data", "withFailureCondition");
    assume(
      properties[0] === "name",
      "parentDataProperty of a property (the code of a string constant)",
      "stringConstant",
    );
    const other = compileProbe([ROOT_SCHEMA, LEAF]).code;
    assume(
      !other.includes("probe()"),
      "RULES (the pattern keyword's definition is shared by instances)",
      "replacePatternCode",
    );
  });

  it('says where a compile error is, as at "<$id>#<pointer>"', () => {
    const ajv = unitAjv();
    let message = "";
    try {
      ajv.compile({ $id: "https://probe.invalid/bad", type: "object", properties: { z: { minimum: 1 } } });
    } catch (error) {
      message = (error as Error).message;
    }
    const location = internals.COMPILE_ERROR_LOCATION.exec(message);
    assume(
      location?.[1] === "https://probe.invalid/bad" && location[2] === "/properties/z",
      `the location in its compile errors ("${message}")`,
      "COMPILE_ERROR_LOCATION",
    );
    assume(
      !message.replace(internals.COMPILE_ERROR_LOCATION_TEXT, "").includes("probe.invalid"),
      "the location's text",
      "COMPILE_ERROR_LOCATION_TEXT",
    );
  });
});

describe("the shapes of AJV's standalone code", () => {
  let code: string;
  let paths: string[];
  let leafCode: string;
  beforeAll(() => {
    ({ code, paths } = compileProbe([ROOT_SCHEMA, LEAF]));
    leafCode = compileProbe([LEAF]).code;
  });

  it('starts with "use strict" and exports by export const', () => {
    assume(matches(internals.STRICT_MODE_LINE, code), "the first line of its standalone code", "STRICT_MODE_LINE");
    assume(matches(internals.STANDALONE_EXPORT, code), "its standalone ES module's exports", "STANDALONE_EXPORT");
  });

  it("requires its run-time helpers and ajv-formats' table", () => {
    const required = [...code.matchAll(internals.REQUIRE_CALL)].map(([, specifier]) => specifier!);
    assume(required.includes("ajv/dist/runtime/ucs2length"), "how it requires a run-time helper", "REQUIRE_CALL");
    assume(required.includes("ajv-formats/dist/formats"), "how it requires ajv-formats' table", "REQUIRE_CALL");
  });

  it("declares patterns, functions and formats as one-line constants", () => {
    const constants = [...code.matchAll(internals.UNIT_CONSTANT)].map(([, name]) => name!.replace(/\d+_Probe$/, ""));
    assume(
      ["pattern", "func", "formats"].every((prefix) => constants.includes(prefix)),
      "its module-level constants",
      "UNIT_CONSTANT",
    );
    const pattern = [...code.matchAll(internals.PATTERN_CONSTANT)][0];
    assume(
      pattern !== undefined && JSON.parse(pattern[2]!) === "^a+$" && pattern[3] === '"u"',
      "its code of a pattern",
      "PATTERN_CONSTANT",
    );
    const regExp = /new RegExp\([^)]*\)/.exec(pattern?.[0] ?? "")?.[0] ?? "";
    assume(
      !internals.STATEFUL_REGEXP.test(regExp) && internals.STATEFUL_REGEXP.test(regExp.replace('"u")', '"gu")')),
      "its code of a regular expression",
      "STATEFUL_REGEXP",
    );
  });

  it("checks the keys of a closed object with more than 8 properties against its schema constant", () => {
    const schemas = new Map([...leafCode.matchAll(internals.SCHEMA_CONSTANT)].map(([, name, json]) => [name!, json!]));
    const check = [...leafCode.matchAll(internals.OWN_PROPERTY_CHECK)][0];
    assume(check !== undefined, "its check of a closed object's keys", "OWN_PROPERTY_CHECK");
    const schema = schemas.get(check?.[1] ?? "");
    assume(
      schema !== undefined && JSON.stringify(JSON.parse(schema)) === JSON.stringify(LEAF),
      "its schema constants",
      "SCHEMA_CONSTANT",
    );
  });

  it("gives every function the call context as its second parameter, which callers pass", () => {
    const functions = [...code.matchAll(/^function validate\d+_Probe\(/gm)].length;
    assume(
      functions === 2 && [...code.matchAll(internals.CONTEXT_PARAMETER)].length === functions,
      "its functions' parameter list",
      "CONTEXT_PARAMETER",
    );
    assume(
      matches(internals.CONTEXT_NAMES, code.replace(internals.CONTEXT_PARAMETER, "")),
      "the names of its call context",
      "CONTEXT_NAMES",
    );
    assume(matches(internals.CONCAT_ERRORS, code), "its merge of a callee's errors", "CONCAT_ERRORS");
  });

  it("counts errors in errors, which only composite rules read otherwise", () => {
    for (const line of ["let errors = 0;", "errors++;", "errors = vErrors.length;"])
      assume(
        code.split("\n").some((text) => matches(internals.ERROR_COUNT_LINES, `${text}\n`) && text === line),
        `its error count (${line})`,
        "ERROR_COUNT_LINES",
      );
    assume(matches(internals.ERROR_COUNT_RESULT, code), "its functions' result", "ERROR_COUNT_RESULT");
    const uncounted = (text: string) =>
      text.replace(internals.ERROR_COUNT_LINES, "").replace(internals.ERROR_COUNT_RESULT, "");
    assume(!matches(internals.ERROR_COUNT_READ, uncounted(leafCode)), "its use of the error count", "ERROR_COUNT_READ");
    assume(!matches(internals.ERROR_LIST_RESET, uncounted(leafCode)), "its use of the error list", "ERROR_LIST_RESET");
    assume(
      matches(internals.ERROR_COUNT_READ, uncounted(code)),
      "a composite rule's read of the count",
      "ERROR_COUNT_READ",
    );
    assume(
      matches(internals.ERROR_LIST_RESET, uncounted(code)),
      "a composite rule's reset of the list",
      "ERROR_LIST_RESET",
    );
  });

  it("writes the instance path of an item and of a nested property", () => {
    assume(
      paths.some((text) => internals.ITEM_PATH.test(text)),
      `the instance path of an item (${paths.join(", ")})`,
      "ITEM_PATH",
    );
    assume(
      paths.some((text) => internals.CONSTANT_PATH.test(text)),
      `a constant instance path (${paths.join(", ")})`,
      "CONSTANT_PATH",
    );
  });
});

describe("the shapes the emitter's own code takes in AJV's (a unit compiled and joined as generate does)", () => {
  const MODULE = "generated/probe/validators.compiled.ts";
  const unit = (name: string, schema: JsonObject): ValidatorUnit => ({
    name,
    functionName: `validate${name}`,
    module: MODULE,
    schemas: [schema],
    formats: [],
    tracked: false,
  });
  let units: string[];
  let joined: string;
  beforeAll(async () => {
    units = [
      compileValidatorUnit(unit("Leaf", { ...LEAF, properties: { a: { type: "string" } } }), []),
      compileValidatorUnit(
        unit("Caller", {
          $id: "https://probe.invalid/caller",
          type: "object",
          properties: { label: { type: "string" }, leaf: { "x-call": "validateLeaf" } },
        }),
        [],
      ),
    ];
    joined = compiledValidatorsModule("probe", units, await loadTemplates(ROOT)).contents;
  });

  it("appends a callee's errors where the call's if only merges them", () => {
    assume(
      units[1]!.includes("appendCalleeErrors(vErrors, validateLeaf, "),
      "the if around a call and its merge",
      "CALL_THEN_APPEND",
    );
  });

  it("checks an optional typed property in five lines, and names a run-time function by a constant", () => {
    assume(
      joined.includes("checkOptionalString(vErrors, data.label, instancePath"),
      "its check of an optional property",
      "OPTIONAL_TYPED_PROPERTY",
    );
    assume(!/^const func\d+_\w+ =/m.test(joined), "its constant naming a function", "RUNTIME_FUNCTION_ALIAS");
  });
});
