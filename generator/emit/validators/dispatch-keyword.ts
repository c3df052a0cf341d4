/** The `x-dispatch` keywords of compile-dispatch.ts as AJV keywords (apart: a run whose compiled code is cached never loads AJV). */
import { _ } from "ajv/dist/2020.js";
import type { Ajv2020, KeywordCxt } from "ajv/dist/2020.js";
import codegen from "ajv/dist/compile/codegen/index.js";
import type { JsonObject } from "../../../runtime/json/json-text.js";
import { CASES, ELSE, ON } from "./compile-dispatch.js";

// A CommonJS module: its named exports sit on the default import under ESM.
const { getProperty } = codegen as unknown as { getProperty: (key: string) => ReturnType<typeof _> };

/** Registers `x-dispatch-on`, `x-dispatch` and `x-dispatch-else` with AJV. */
export function addDispatchKeyword(ajv: Ajv2020): void {
  ajv.addKeyword({ keyword: ON, schemaType: "string" });
  ajv.addKeyword({ keyword: ELSE, schemaType: "object" });
  ajv.addKeyword({
    keyword: CASES,
    type: "object",
    schemaType: "object",
    code(cxt: KeywordCxt) {
      const { gen, data, schema, parentSchema } = cxt;
      const tag = gen.const("tag", _`${data}${getProperty(String(parentSchema[ON]))}`);
      const valid = gen.let("valid", true);
      gen.if(false);
      for (const value of Object.keys(schema as JsonObject)) {
        gen.elseIf(_`${tag} === ${value}`);
        const branch = gen.name("valid");
        cxt.subschema({ keyword: CASES, schemaProp: value }, branch);
        gen.assign(valid, branch);
      }
      if (parentSchema[ELSE] !== undefined) {
        gen.else();
        const branch = gen.name("valid");
        cxt.subschema({ keyword: ELSE }, branch);
        gen.assign(valid, branch);
      }
      gen.endIf();
      cxt.ok(valid);
    },
  });
}
