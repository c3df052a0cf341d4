/**
 * Unit tests of the names the generator derives from schema and API names (generator/model/names.ts), one home for
 * each rule. Which published component names are reserved is checked against the OpenAPI documents in
 * openapi.test.ts. Proves docs/types.md and docs/published-contract.md (the names users import).
 */
import { describe, expect, it } from "vitest";
import {
  clientFactoryName,
  dispatchMapName,
  guardName,
  pascal,
  publishedComponentName,
  validatorFunctionName,
} from "../generator/model/names.js";

describe("names", () => {
  it.each([
    ["command-response", "CommandResponse"],
    ["config-lenient", "ConfigLenient"],
    ["messaging", "Messaging"],
    ["snake_case.dot/slash+plus", "SnakeCaseDotSlashPlus"],
    ["Already", "Already"],
  ])("pascal(%s) is %s", (text, expected) => {
    expect(pascal(text)).toBe(expected);
  });

  it("names the validator function, the type guard, the dispatch map and the client factory", () => {
    expect(validatorFunctionName("command-response")).toBe("validateCommandResponse");
    expect(guardName("inbound-message")).toBe("isInboundMessage");
    expect(dispatchMapName("content")).toBe("ContentByType");
    expect(clientFactoryName("messaging")).toBe("createMessagingClient");
  });

  it("publishes a schema under its title, or a reserved title followed by what the schema is", () => {
    expect(publishedComponentName("Message", { type: "object", properties: {} })).toBe("Message");
    expect(publishedComponentName("Headers", { type: "object" })).toBe("HeadersMap");
    expect(publishedComponentName("Error", { type: "object", properties: { code: {} } })).toBe("ErrorObject");
    expect(publishedComponentName("Date", { type: ["string"] })).toBe("DateString");
    expect(publishedComponentName("Response", {})).toBe("ResponseSchema");
  });
});
