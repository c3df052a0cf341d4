import { cpSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../generator/commands/generate.js";
import { ROOT } from "./helpers/fixtures.js";
import { copyProject } from "./helpers/project-copy.js";

// schemas/README.md#adding-a-media-type, followed in a temporary copy: one new schema file, and every schema typed
// by a media type follows, with no other edit.
const LOCATION = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://specfirst.dev/schemas/messaging/location.schema.json",
  title: "Location",
  description: "A test document: a point on a map.",
  "x-content-type": "application/vnd.example.location+json",
  type: "object",
  required: ["latitude", "longitude"],
  properties: {
    latitude: { type: "number", description: "Degrees north." },
    longitude: { type: "number", description: "Degrees east." },
  },
};
const MEDIA_TYPE = "application/vnd.example.location+json";

type Validate = (name: string, data: unknown) => { valid: boolean };
// A project copy (its seeded cache spares recomputing the configs API) with the runtime the generated validators
// import, and the packages they import.
const dir = copyProject();
let validate: Validate;

beforeAll(async () => {
  cpSync(path.join(ROOT, "runtime"), path.join(dir, "runtime"), { recursive: true });
  for (const name of ["ajv", "ajv-formats"])
    symlinkSync(path.join(ROOT, "node_modules", name), path.join(dir, "node_modules", name), "dir");
  writeFileSync(
    path.join(dir, "schemas", "messaging", "location.schema.json"),
    `${JSON.stringify(LOCATION, null, 2)}\n`,
  );
  await generate({ root: dir });
  ({ validate } = (await import(pathToFileURL(path.join(dir, "generated", "messaging", "validators.ts")).href)) as {
    validate: Validate;
  });
}, 120_000);

describe("a new media type, added as one schema file", () => {
  const point = { latitude: -23.5, longitude: -46.6 };
  const wrong = { latitude: "south" };
  it.each([
    ["message content", "message", (doc: unknown) => ({ to: "a@b.c", type: MEDIA_TYPE, content: doc })],
    ["collection items", "collection", (doc: unknown) => ({ itemType: MEDIA_TYPE, items: [doc] })],
    ["container value", "container", (doc: unknown) => ({ type: MEDIA_TYPE, value: doc })],
  ])("is checked as %s", (_where, schema, wrap) => {
    expect(validate(schema, wrap(point)).valid).toBe(true);
    expect(validate(schema, wrap(wrong)).valid).toBe(false);
  });

  it("is typed (ContentByType, ValueByType, ItemsByType) and published as its own variant", () => {
    const types = readFileSync(path.join(dir, "generated", "messaging", "types.ts"), "utf8");
    expect(types).toMatch(
      /export interface ContentByType \{[^}]*"application\/vnd\.example\.location\+json": Location;/,
    );
    expect(types).toMatch(/export interface ValueByType \{[^}]*"application\/vnd\.example\.location\+json": Location;/);
    expect(types).toMatch(/export interface ItemsByType \{[^}]*"application\/vnd\.example\.location\+json": Location;/);
    const document = parse(readFileSync(path.join(dir, "generated", "openapi", "messaging.yaml"), "utf8")) as {
      components: { schemas: Record<string, { discriminator?: { mapping: Record<string, string> } }> };
    };
    expect(document.components.schemas.KnownMessage?.discriminator?.mapping[MEDIA_TYPE]).toBe(
      "#/components/schemas/LocationMessage",
    );
    expect(document.components.schemas.LocationMessage).toBeDefined();
    expect(document.components.schemas.KnownContainer?.discriminator?.mapping[MEDIA_TYPE]).toBe(
      "#/components/schemas/LocationContainer",
    );
  });
});
