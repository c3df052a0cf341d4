import type { JsonObject } from "../../runtime/json/json-text.js";
import { apiOutput } from "../model/output-paths.js";
import { defineStage, output, type PrintedContract, type StageResult } from "./stage.js";

/**
 * The front stages (model/contract.ts: check schemas → expand declarations → schema graph → OpenAPI documents),
 * which every other stage reads. Each file's own checks are cached by the part of it they read (a description edit
 * finds them cached); each piece of a document's YAML (the document without its schemas, each schema component) by
 * its value (an edit reprints the components it changed).
 */
export const contractStage = defineStage({
  name: "build contract",
  scope: "run",
  thread: "main",
  after: [],
  keys: { check: { checkedPart: "text" }, yaml: { value: "text" } },
  outputs: [output.perApi(apiOutput.openapi), output.perApiWhere(apiOutput.knownOpenapi)],
  async run(context): Promise<StageResult & { contract: PrintedContract }> {
    const { buildContract } = await import("../model/contract.js");
    const contract = await buildContract(context.inputs, {
      timed: context.timed,
      checkAlone: async (schema) => {
        const { checkSchemaAlone, checkedPart } = await import("../model/check-schemas.js");
        return context.memoJson("check", { checkedPart: JSON.stringify(checkedPart(schema)) }, () =>
          checkSchemaAlone(schema),
        );
      },
    });
    const { printedDocument, printYaml } = await import("../emit/openapi.js");
    const print = (value: JsonObject) => context.memo("yaml", { value: JSON.stringify(value) }, () => printYaml(value));
    const { knownTypesDocument } = await import("../emit/openapi-known.js");
    const documents = await context.timed("print openapi", () =>
      Promise.all(contract.documents.map((document) => printedDocument(document, print))),
    );
    // After the published documents: their components are printed (and cached) by then, and most are the same.
    const knownTypes = await context.timed("print known-types openapi", () =>
      Promise.all(
        contract.documents.flatMap(({ api, document }) => {
          const known = knownTypesDocument(document);
          return known === undefined
            ? []
            : [printedDocument({ api, document: known }, print, apiOutput.knownOpenapi(api))];
        }),
      ),
    );
    return {
      files: [...documents, ...knownTypes].map((document) => document.file),
      contract: { ...contract, documents },
    };
  },
});
