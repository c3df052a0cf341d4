import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../runtime/json/json-text.js";
import { loadSchemas, type SchemaFile } from "../generator/load/schemas.js";
import { loadTemplates } from "../generator/load/templates.js";
import { expandMediaTypes } from "../generator/model/expand-media-types.js";
import { buildSchemaGraph } from "../generator/model/schema-graph.js";
import { mapSchema } from "../generator/model/schema-walk.js";
import { planUnits, type PlannedUnit } from "../generator/emit/validators/units.js";
import { compileValidatorUnit } from "../generator/emit/validators/compile-unit.js";
import { compiledValidatorsModule, withNamedImports } from "../generator/emit/validators/index.js";
import { withSharedConstants } from "../generator/emit/validators/shared-constants.js";
import { withOptionalTypeChecks } from "../generator/emit/validators/optional-type-checks.js";
import { ROOT } from "./helpers/fixtures.js";
import type { GenerationFailed } from "../generator/problems.js";
import { documentSchemas, validate } from "../generated/validators.js";
import { createAjv, schemaId } from "../runtime/validation/foreign-ajv.js";
import * as errorMessages from "../runtime/validation/error-messages.js";
import type { ReportedError } from "../runtime/validation/error-messages.js";

// Each schema's validator code is cached by what AJV compiles for it (its unit, generator/emit/validators/units.ts).
// These tests hold the unit to that: everything its code depends on is in it, and nothing else.

const LENIENT = { messaging: [], configs: ["config"] } as const;
type Api = keyof typeof LENIENT;

let projectFiles: SchemaFile[];
beforeAll(async () => {
  projectFiles = await loadSchemas(ROOT);
});

const plan = (files: SchemaFile[], api: Api) =>
  planUnits(api, buildSchemaGraph(expandMediaTypes(files)), { lenient: LENIENT[api] });
const keys = (units: PlannedUnit[]) => new Map(units.map(({ unit }) => [unit.name, JSON.stringify(unit)]));
/** The units whose data differ between two plans of the same schemas. */
const changed = (before: PlannedUnit[], after: PlannedUnit[]) => {
  const old = keys(before);
  return [...keys(after)].filter(([name, key]) => old.get(name) !== key).map(([name]) => name);
};
/** A copy of the project's schemas with `edit` applied to one file's schema. */
const edited = (name: string, edit: (schema: JsonObject) => JsonObject) =>
  projectFiles.map((file) => (file.name === name ? { ...file, schema: edit(structuredClone(file.schema)) } : file));

/** Every string value of a keyword anywhere in the units' schemas (`x-call`, `$ref`). */
function valuesOf(unit: PlannedUnit["unit"], keyword: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === keyword && typeof inner === "string") found.push(inner);
        else visit(inner);
      }
    }
  };
  unit.schemas.forEach(visit);
  return found;
}

describe("validator units", () => {
  it.each(["messaging", "configs"] as const)(
    "%s: every call names a unit of the same API, and every $ref left lands in the unit",
    (api) => {
      const units = plan(projectFiles, api);
      const exports = new Set(units.map(({ unit }) => unit.functionName));
      for (const { unit } of units) {
        for (const call of valuesOf(unit, "x-call")) {
          expect(exports).toContain(call);
          // a lenient twin calls lenient twins only, a strict validator strict ones only
          expect(call.endsWith("Lenient")).toBe(unit.name.endsWith("-lenient"));
        }
        const ids = new Set(unit.schemas.map((schema) => String(schema.$id)));
        for (const ref of valuesOf(unit, "$ref")) expect(ids).toContain(ref.replace(/#.*$/, ""));
      }
    },
  );

  it("the message unit calls the larger documents' validators by name and compiles the leaves AJV inlines", () => {
    const message = plan(projectFiles, "messaging").find(({ unit }) => unit.name === "message") as PlannedUnit;
    expect(message.files.map((file) => file.name)).toEqual([
      "message",
      "node-address",
      "media-type",
      "chat-state",
      "plain-text",
    ]);
    expect(new Set(valuesOf(message.unit, "x-call"))).toEqual(
      new Set(["validateSelect", "validateMediaLink", "validateCollection", "validateContainer"]),
    );
  });

  it.each(["messaging", "configs"] as const)(
    "%s: annotations reach no unit (titles, descriptions, examples, comments of every schema)",
    (api) => {
      const before = plan(projectFiles, api);
      const annotated = projectFiles.map((file) => ({
        ...file,
        schema: mapSchema(file.schema, (node) => ({
          ...node,
          ...(typeof node.description === "string" ? { description: `${node.description} Edited.` } : {}),
          ...(Array.isArray(node.examples) ? { examples: [...node.examples, "edited"] } : {}),
          $comment: "edited",
        })),
      }));
      expect(changed(before, plan(annotated, api))).toEqual([]);
    },
  );

  it("a rule edit changes the units whose code holds the rule: the schema's own, and those that inline it", () => {
    // node-address is a leaf AJV inlines: the units that compile it change with it, the ones that call them do not
    const before = plan(projectFiles, "messaging");
    const after = plan(
      edited("node-address", (schema) => ({ ...schema, pattern: "^[^@]+@[^@]+$" })),
      "messaging",
    );
    const inlining = before
      .filter(({ files }) => files.slice(1).some((file) => file.name === "node-address"))
      .map(({ unit }) => unit.name);
    expect(inlining.length).toBeGreaterThan(2);
    expect(changed(before, after).sort()).toEqual(["node-address", ...inlining].sort());

    // tls is called by name: only its unit changes (config-lenient calls the plain config validator by name)
    const configs = plan(projectFiles, "configs");
    const tls = plan(
      edited("tls", (schema) => ({ ...schema, minProperties: 1 })),
      "configs",
    );
    expect(changed(configs, tls)).toEqual(["tls"]);
  });

  it("config-lenient is the plain config validator with its unknown-key errors dropped: no twin code for the Config tree", () => {
    const units = plan(projectFiles, "configs");
    expect(units.filter(({ unit }) => unit.name.endsWith("-lenient")).map(({ unit }) => unit)).toEqual([
      expect.objectContaining({ name: "config-lenient", dropsErrorsOf: "validateConfig", schemas: [] }),
    ]);
    // a rule whose subschema's failure another rule turns into something else (here anyOf) anywhere in the tree:
    // the twins are compiled
    const composite = plan(
      edited("tls", (schema) => ({ ...schema, anyOf: [{ required: ["enabled"] }, { required: ["ca_crt"] }] })),
      "configs",
    );
    const twins = composite.filter(({ unit }) => unit.name.endsWith("-lenient")).map(({ unit }) => unit);
    expect(twins.map((unit) => unit.name)).toContain("tls-lenient");
    expect(twins.every((unit) => unit.dropsErrorsOf === undefined && unit.schemas.length > 0)).toBe(true);
  });
});

const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);

describe("units compiled and joined into one module", () => {
  // A small API whose schemas use each kind of reference: a call (line, money), an inlined leaf (sku), a pointer
  // into another file's $defs (money's currency) and one to the file itself.
  const fixture = path.join(ROOT, "test", "fixtures", "validator-units");
  type Validate = ((data: unknown) => boolean) & { errors: errorMessages.ReportedErrors | null };
  /** A compiled validator's errors as `validate()` returns them (a callee's nested below its caller's pointer). */
  const errorsOf = (validate: Validate) => errorMessages.toErrors(validate.errors, {});
  let module: Record<string, Validate>;
  let units: PlannedUnit[];
  // The same schemas with an `anyOf` that every value passes (the same rules): its lenient twins are compiled, not derived.
  let twinsModule: Record<string, Validate>;
  let twinUnits: PlannedUnit[];

  /** The API's units joined into one module, written where it imports the run time as generated/shop/ does, loaded. */
  async function load(planned: PlannedUnit[]): Promise<Record<string, Validate>> {
    const compiled = compiledValidatorsModule(
      "shop",
      planned.map(({ unit, files: unitFiles }) => compileValidatorUnit(unit, unitFiles)),
      await loadTemplates(ROOT),
    );
    const dir = mkdtempSync(path.join(tmpdir(), "specfirst-units-"));
    mkdirSync(path.join(dir, "generated", "shop"), { recursive: true });
    symlinkSync(path.join(ROOT, "runtime"), path.join(dir, "runtime"), "dir");
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    writeFileSync(path.join(dir, compiled.path), compiled.contents);
    return (await import(pathToFileURL(path.join(dir, compiled.path)).href)) as Record<string, Validate>;
  }

  beforeAll(async () => {
    const files = await loadSchemas(fixture);
    units = planUnits("shop", buildSchemaGraph(files), { lenient: ["order"] });
    module = await load(units);
    const withAnyOf = files.map((file) =>
      file.name === "order" ? { ...file, schema: { ...file.schema, anyOf: [{}] } } : file,
    );
    twinUnits = planUnits("shop", buildSchemaGraph(withAnyOf), { lenient: ["order"] });
    twinsModule = await load(twinUnits);
  });

  it("reports a $ref to another API's schema with file, pointer and line:column", async () => {
    const files = await loadSchemas(fixture);
    const invoice = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://specfirst.example.net/schemas/billing/invoice.schema.json",
      title: "Invoice",
      type: "object",
    };
    const line = files.find((file) => file.name === "line") as SchemaFile;
    const text = line.text.replace('"$ref": "money.schema.json"', '"$ref": "../billing/invoice.schema.json"');
    const edited = [
      ...files.filter((file) => file !== line),
      { ...line, text, schema: JSON.parse(text) as JsonObject },
      {
        name: "invoice",
        api: "billing",
        file: "schemas/billing/invoice.schema.json",
        text: JSON.stringify(invoice),
        schema: invoice,
      },
    ];
    let thrown: unknown;
    try {
      planUnits("shop", buildSchemaGraph(edited), {});
    } catch (error) {
      thrown = error;
    }
    expect((thrown as GenerationFailed).problems).toEqual([
      {
        file: "schemas/shop/line.schema.json",
        pointer: "/properties/price/$ref",
        message: expect.stringContaining("refers to schemas/billing/invoice.schema.json, a schema of another API"),
        line: 11,
        column: 24,
      },
    ]);
  });

  it("plans one unit per schema and, where every rule reports directly, a lenient unit that calls the plain one", () => {
    expect(units.map(({ unit, files }) => [unit.name, files.map((file) => file.name), unit.dropsErrorsOf])).toEqual([
      ["line", ["line"], undefined],
      ["money", ["money"], undefined],
      ["order", ["order", "sku", "money"], undefined],
      ["sku", ["sku"], undefined],
      ["order-lenient", ["order"], "validateOrder"],
    ]);
  });

  it("plans the lenient twins the declared one calls when a rule does not report directly (anyOf)", () => {
    expect(twinUnits.map(({ unit, files }) => [unit.name, files.map((file) => file.name)])).toEqual([
      ["line", ["line"]],
      ["money", ["money"]],
      ["order", ["order", "sku", "money"]],
      ["sku", ["sku"]],
      ["line-lenient", ["line"]],
      ["money-lenient", ["money"]],
      ["order-lenient", ["order", "sku", "money"]],
    ]);
  });

  const order = { sku: "AB-12", currency: "EUR", lines: [{ quantity: 2, price: { amount: 300, currency: "EUR" } }] };

  it("validates across units with the pointers of one compile", () => {
    const validate = module.validateOrder as Validate;
    expect(validate(order)).toBe(true);
    expect(validate({ ...order, parent: order })).toBe(true);
    const wrong = {
      sku: "ab",
      currency: "euro",
      lines: [{ quantity: 0, price: { amount: -1, currency: "eur" }, extra: 1 }],
      parent: { ...order, sku: 1 },
    };
    expect(validate(wrong)).toBe(false);
    expect(
      errorsOf(validate)
        .map((error) => error.pointer)
        .sort(),
    ).toEqual(
      [
        "/currency",
        "/lines/0/extra",
        "/lines/0/price/amount",
        "/lines/0/price/currency",
        "/lines/0/quantity",
        "/parent/sku",
        "/sku",
      ].sort(),
    );
    // a called validator's errors do not stay on the next call
    expect(validate(order)).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it.each(["derived", "compiled"] as const)(
    "the lenient validator (%s) accepts unknown properties at every level, through its calls, and keeps every other rule",
    (form) => {
      const validators = form === "derived" ? module : twinsModule;
      const lenient = validators.validateOrderLenient as Validate;
      expect(
        lenient({
          ...order,
          more: 1,
          lines: [{ quantity: 1, price: { amount: 1, currency: "USD", rate: 1 }, extra: true }],
        }),
      ).toBe(true);
      expect(lenient.errors).toBeNull();
      expect(lenient({ ...order, more: 1, lines: [{ quantity: 1, price: { amount: 1, currency: "usd" } }] })).toBe(
        false,
      );
      expect(errorsOf(lenient).map((error) => error.pointer)).toEqual(["/lines/0/price/currency"]);
      expect((validators.validateOrder as Validate)({ ...order, more: 1 })).toBe(false);
    },
  );

  it(`the derived lenient validator gives the compiled twin's verdict and errors, in order, on any order (seed ${SEED})`, () => {
    const [derived, compiled] = [module.validateOrderLenient as Validate, twinsModule.validateOrderLenient as Validate];
    // orders with wrong values and unknown keys at every level, and values of any JSON type
    const extra = fc.dictionary(fc.constantFrom("more", "extra", "rate", "x y", "a/b", "~0"), fc.jsonValue(), {
      maxKeys: 2,
    });
    const anything = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    const price = fc.record(
      {
        amount: fc.oneof(fc.integer({ min: -2, max: 2 }), anything),
        currency: fc.oneof(fc.constantFrom("EUR", "usd"), anything),
      },
      { requiredKeys: [] },
    );
    const line = fc.oneof(
      fc
        .tuple(
          fc.record({ quantity: fc.oneof(fc.integer({ min: -1, max: 2 }), anything), price }, { requiredKeys: [] }),
          extra,
        )
        .map(([l, e]) => ({ ...e, ...l })),
      anything,
    );
    const payload = fc
      .tuple(
        fc.record(
          {
            sku: fc.oneof(fc.constantFrom("AB-12", "ab"), anything),
            currency: fc.oneof(fc.constantFrom("EUR", "euro"), anything),
            lines: fc.oneof(fc.array(line, { maxLength: 3 }), anything),
          },
          { requiredKeys: [] },
        ),
        extra,
      )
      .map(([o, e]) => JSON.parse(JSON.stringify({ ...e, ...o })) as unknown);
    fc.assert(
      fc.property(fc.oneof(payload, fc.jsonValue()), (data) => {
        expect(derived(data)).toBe(compiled(data));
        expect(errorsOf(derived)).toEqual(errorsOf(compiled));
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("names each unit's module-level values after it, so units share the module without a clash", () => {
    const declared = units.flatMap(({ unit }) => {
      const source = ts.createSourceFile("unit.js", compileValidatorUnit(unit, []), ts.ScriptTarget.ES2022);
      return source.statements.flatMap((statement) =>
        ts.isFunctionDeclaration(statement)
          ? [statement.name?.text]
          : ts.isVariableStatement(statement)
            ? statement.declarationList.declarations.map((d) => d.name.getText(source))
            : [],
      );
    });
    expect(declared.length).toBeGreaterThan(units.length * 2);
    expect(new Set(declared).size).toBe(declared.length);
    for (const { unit } of units) expect(declared).toContain(`validate0_${unit.functionName.slice("validate".length)}`);
  });
});

describe("the generated code's fast paths give AJV's verdicts", () => {
  const reference = createAjv();
  const declared = Object.keys(documentSchemas);
  const caseVariant = (text: string, flips: boolean[]) =>
    [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join("");
  /** A declared media type, a case variant of one, one with a character changed or added, or any string. */
  const typeValue = fc.oneof(
    fc.constantFrom(...declared),
    fc
      .tuple(fc.constantFrom(...declared), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }))
      .map(([type, flips]) => caseVariant(type, flips)),
    fc
      .tuple(fc.constantFrom(...declared), fc.nat(), fc.string({ minLength: 1, maxLength: 2 }))
      .map(([type, at, text]) => type.slice(0, at % type.length) + text + type.slice(at % type.length)),
    fc.string(),
  );
  const typeErrors = (
    errors: readonly { pointer?: string; instancePath?: string; keyword: string }[] | null | undefined,
  ) =>
    (errors ?? []).filter((error) => (error.pointer ?? error.instancePath) === "/type" && error.keyword === "pattern")
      .length;

  it(`a pattern on a dispatched property (message type) accepts and rejects what AJV does, with the same pattern errors (seed ${SEED})`, () => {
    const check = reference.getSchema(schemaId("message"))!;
    fc.assert(
      fc.property(typeValue, fc.constantFrom<unknown>("hi", { state: "gone" }, { text: "x" }), (type, content) => {
        const message = { to: "bot@msging.net", type, content };
        const result = validate("message", message);
        expect(result.valid).toBe(check(message));
        expect(typeErrors(result.valid ? [] : result.errors)).toBe(typeErrors(check.errors));
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  // AJV checks the keys of a closed object with more than 8 properties against the schema's `properties`; the
  // generated code checks them against a constant of the names alone (generator/emit/validators/property-keys.ts).
  const closedWide = ["config", "input", "output", "output-http", "input-delta-sharing", "step-http"];
  const unknownKeyPointers = (errors: readonly { pointer: string; keyword: string }[]) =>
    errors.filter((error) => error.keyword === "additionalProperties").map((error) => error.pointer);
  const pointerTo = (key: string) => `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;

  it.each(closedWide)(
    `%s: a closed object with more than 8 properties accepts its names and reports every other key, with AJV's verdict (seed ${SEED})`,
    (name) => {
      const check = reference.getSchema(schemaId(name))!;
      const listed = Object.keys((reference.getSchema(schemaId(name))!.schema as { properties: object }).properties);
      const key = fc.oneof(
        fc.constantFrom(...listed),
        fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "properties", "type"),
        fc.string({ maxLength: 12 }),
      );
      fc.assert(
        fc.property(fc.uniqueArray(key, { maxLength: 6 }), (keys) => {
          // parsed, so that `__proto__` is an own key as in a received payload
          const payload: unknown = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((k) => [k, null]))));
          const result = validate(name as Parameters<typeof validate>[0], payload);
          expect(result.valid).toBe(check(payload));
          expect(unknownKeyPointers(result.valid ? [] : result.errors)).toEqual(
            Object.keys(payload as object)
              .filter((k) => !listed.includes(k))
              .map(pointerTo),
          );
        }),
        { seed: SEED, numRuns: 300 },
      );
    },
  );

  it("the closed objects' key checks read no schema constant: each reads the names of its properties alone", () => {
    for (const api of ["messaging", "configs"]) {
      const source = readFileSync(path.join(ROOT, "generated", api, "validators.compiled.ts"), "utf8");
      expect(source).not.toMatch(/^const schema\d+_/m);
      for (const [, keys] of source.matchAll(/^const propertyKeys\d+_\w+ = (\{.*\});$/gm))
        expect(Object.values(JSON.parse(keys!) as object).every((value) => value === true)).toBe(true);
    }
  });

  it("each module declares a rule's constant once: the units that check the same pattern share it", () => {
    for (const api of ["messaging", "configs"]) {
      const source = readFileSync(path.join(ROOT, "generated", api, "validators.compiled.ts"), "utf8");
      const initializers = [...source.matchAll(/^const (?:pattern|formats|func|propertyKeys)\d+_\w+ = (.+);$/gm)].map(
        ([, initializer]) => initializer,
      );
      expect(initializers.length).toBeGreaterThan(0);
      expect(new Set(initializers).size).toBe(initializers.length);
    }
    // The media-type pattern (schemas/messaging/media-type.schema.json), checked by many units, is built once and
    // called from each of them.
    const messaging = readFileSync(path.join(ROOT, "generated", "messaging", "validators.compiled.ts"), "utf8");
    const [, shared] = /^const (pattern\d+_\w+) = new RegExp\("\^\[A-Za-z0-9\]/m.exec(messaging) ?? [];
    expect(shared).toBeDefined();
    expect(messaging.match(new RegExp(`\\b${shared}\\.test\\(`, "g"))?.length).toBeGreaterThan(5);
  });

  it("shares a constant only when its initializer is the same text, and never a global or sticky regular expression", () => {
    const code = [
      `const pattern0_A = new RegExp("^a$", "u");`,
      `const pattern1_A = new RegExp("^b", "g");`,
      `function validate0_A(data){ return pattern0_A.test(data) && pattern1_A.test(data); }`,
      `const pattern0_B = new RegExp("^a$", "u");`,
      `const pattern1_B = new RegExp("^b", "g");`,
      `const pattern2_B = new RegExp("^a$", "");`,
      `function validate0_B(data){ return pattern0_B.test(data) && pattern1_B.test(data) && pattern2_B.test(data); }`,
      `const pattern0_C = new RegExp("^c", "uy");`,
      `const pattern1_C = new RegExp("^c", "uy");`,
      `function validate0_C(data){ return pattern0_C.test(data) && pattern1_C.test(data); }`,
      "",
    ].join("\n");
    expect(withSharedConstants(code)).toBe(
      [
        `const pattern0_A = new RegExp("^a$", "u");`,
        `const pattern1_A = new RegExp("^b", "g");`,
        `function validate0_A(data){ return pattern0_A.test(data) && pattern1_A.test(data); }`,
        `const pattern1_B = new RegExp("^b", "g");`,
        `const pattern2_B = new RegExp("^a$", "");`,
        `function validate0_B(data){ return pattern0_A.test(data) && pattern1_B.test(data) && pattern2_B.test(data); }`,
        `const pattern0_C = new RegExp("^c", "uy");`,
        `const pattern1_C = new RegExp("^c", "uy");`,
        `function validate0_C(data){ return pattern0_C.test(data) && pattern1_C.test(data); }`,
        "",
      ].join("\n"),
    );
  });

  it("checks each optional string or boolean property with one call, where AJV wrote two nested tests", () => {
    const site = (value: string, type: string, pusher: string, pointer: string) =>
      [
        `if(${value} !== undefined){`,
        `if(typeof ${value} !== "${type}"){`,
        `vErrors = runtime0.push${pusher}TypeError(vErrors, ${pointer});`,
        "}",
        "}",
      ].join("\n");
    const code = [
      site("data.name", "string", "String", 'instancePath+"/name"'),
      site('data["x-id"]', "string", "String", 'instancePath+"/x-id"'),
      site("data1.enabled", "boolean", "Boolean", 'instancePath+"/tls/enabled"'),
      // left as AJV wrote them: a pointer with a loop index, a pusher of another type, a type without a helper
      site("data2.cert", "string", "String", 'instancePath+"/certs/" + i0+"/cert"'),
      site("data.flag", "string", "Boolean", 'instancePath+"/flag"'),
      site("data.count", "number", "Number", 'instancePath+"/count"'),
      "",
    ].join("\n");
    expect(withOptionalTypeChecks(code).split("\n").slice(0, 3)).toEqual([
      'vErrors = runtime0.checkOptionalString(vErrors, data.name, instancePath, "/name");',
      'vErrors = runtime0.checkOptionalString(vErrors, data["x-id"], instancePath, "/x-id");',
      'vErrors = runtime0.checkOptionalBoolean(vErrors, data1.enabled, instancePath, "/tls/enabled");',
    ]);
    expect(withOptionalTypeChecks(code).split("\n").slice(3).join("\n")).toBe(code.split("\n").slice(15).join("\n"));
    // the generated Config validators check most of their properties so, and no site of that shape is left
    const configs = readFileSync(path.join(ROOT, "generated", "configs", "validators.compiled.ts"), "utf8");
    expect(configs.match(/\bruntime0_checkOptional(?:String|Boolean)\(/g)?.length).toBeGreaterThan(100);
    expect(withOptionalTypeChecks(configs)).toBe(configs);
  });

  it("checkOptionalString and checkOptionalBoolean report what the two nested tests and the pusher report", () => {
    const checks = [
      [errorMessages.checkOptionalString, "string", errorMessages.pushStringTypeError],
      [errorMessages.checkOptionalBoolean, "boolean", errorMessages.pushBooleanTypeError],
    ] as const;
    fc.assert(
      fc.property(fc.option(fc.jsonValue(), { nil: undefined }), fc.boolean(), (value, someBefore) => {
        for (const [check, type, push] of checks) {
          const before = () =>
            someBefore ? [{ pointer: "", message: "is required", keyword: "required", relative: "" }] : null;
          const expected = value === undefined || typeof value === type ? before() : push(before(), "/a/b");
          expect(check(before(), value, "/a", "/b")).toEqual(expected);
        }
      }),
    );
  });

  it("each push<Type>TypeError reports the error pushError builds for a type rule naming that type", () => {
    const pushers = errorMessages as unknown as Record<
      string,
      (errors: ReportedError[] | null, pointer: string) => ReportedError[]
    >;
    for (const type of errorMessages.JSON_TYPES) {
      const push = pushers[`push${type[0]!.toUpperCase()}${type.slice(1)}TypeError`]!;
      const expected = (errors: ReportedError[] | null, pointer: string) =>
        errorMessages.pushError(errors, pointer, errorMessages.ruleMessage("type", type)!, "type");
      expect(push(null, "/a")).toEqual(expected(null, "/a"));
      const list = [{ pointer: "", message: "is required", keyword: "required", relative: "" }];
      expect(push(structuredClone(list), "/a/0")).toEqual(expected(structuredClone(list), "/a/0"));
      // an item's pointer given as its parts
      const item = push as (
        errors: ReportedError[] | null,
        head: string,
        index: number,
        tail: string,
      ) => ReportedError[];
      expect(item(null, "/a/", 70, "/b")).toEqual(expected(null, "/a/70/b"));
      expect(item(structuredClone(list), "/a/", 3, "")).toEqual(expected(structuredClone(list), "/a/3"));
      expect((push as (errors: null, head: string, index: number) => ReportedError[])(null, "/a/", 3)).toEqual(
        expected(null, "/a/3"),
      );
    }
  });

  it(`itemPointer gives head + index + tail, for the items it keeps and those beyond (seed ${SEED})`, () => {
    const text = fc.string({ maxLength: 12 }).map((segment) => `/${segment}`);
    fc.assert(
      fc.property(text, fc.nat(200), fc.oneof(fc.constant(""), text), (head, index, tail) => {
        expect(errorMessages.itemPointer(head, index, tail)).toBe(head + String(index) + tail);
        expect(errorMessages.itemPointer(head, index, tail)).toBe(head + String(index) + tail);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("an error about an item of an array gets its pointer from itemPointer, head and tail written in the code", () => {
    for (const api of ["messaging", "configs"]) {
      const source = readFileSync(path.join(ROOT, "generated", api, "validators.compiled.ts"), "utf8");
      const calls = source.match(/_(?:itemPointer\(|push\w+TypeError\(vErrors, "[^"]*", i\d)/g) ?? [];
      expect(calls.length).toBeGreaterThan(api === "messaging" ? 10 : 50);
      for (const call of source.match(/_itemPointer\(.*?\)/g) ?? [])
        expect(call).toMatch(/^_itemPointer\("[^"]*", i\d+(?:, "[^"]+")?\)$/);
      // the pushers' pointers of one array index (a nested array's items, two indexes, are built by `+`)
      expect(source).not.toMatch(/push\w*\(vErrors, instancePath\s*\+\s*"[^"]*"\s*\+\s*i\d+(?:\s*\+\s*"[^"]*")?\)/);
    }
    expect(validate("select", { options: [{ order: "1" }, { order: 2 }, { order: "3" }] })).toEqual({
      valid: false,
      errors: [
        { pointer: "/options/0/order", message: "must be an integer", keyword: "type" },
        { pointer: "/options/2/order", message: "must be an integer", keyword: "type" },
      ],
    });
  });

  it("imports the run-time functions by name, and keeps a namespace the code uses otherwise", () => {
    const imports =
      'import * as runtime0 from "../a.js";\nimport * as runtime1 from "../b.js";\nimport runtime2 from "c";';
    const code = "runtime0.push(x); runtime0.push(y); runtime0.item(1);\nf(runtime1); runtime1.g(); runtime2.h();";
    expect(withNamedImports({ imports, code })).toEqual({
      imports:
        'import { push as runtime0_push, item as runtime0_item } from "../a.js";\nimport * as runtime1 from "../b.js";\nimport runtime2 from "c";',
      code: "runtime0_push(x); runtime0_push(y); runtime0_item(1);\nf(runtime1); runtime1.g(); runtime2.h();",
    });
  });

  it("the compiled validators take the data alone: no call builds a context object", async () => {
    const modules = {
      messaging: await import("../generated/messaging/validators.compiled.js"),
      configs: await import("../generated/configs/validators.compiled.js"),
    };
    for (const [api, module] of Object.entries(modules)) {
      const source = readFileSync(path.join(ROOT, "generated", api, "validators.compiled.ts"), "utf8");
      expect(source).not.toMatch(/\b(?:parentData|parentDataProperty|rootData)\b|\{instancePath/);
      for (const validator of Object.values(module as Record<string, (data: unknown) => boolean>))
        expect(validator.length).toBe(1);
    }
  });
});
