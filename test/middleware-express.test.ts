import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Request } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonErrors, validateBody } from "../runtime/middleware/express.js";
import {
  bodyValidationCases,
  contentTypeCases,
  expectErrors,
  keepAliveAfterTooLargeCases,
  LIMIT,
  newLog,
  post,
  type HandlerLog,
} from "./helpers/middleware-cases.js";

// Real Express 5 over loopback: one app reading the raw body itself, one behind express.json().
const rawLog = newLog();
const parsedLog = newLog();
const servers: Server[] = [];
let rawBase = "";
let parsedBase = "";

function record(log: HandlerLog) {
  return (req: Request & { rawBody?: Uint8Array }, res: express.Response) => {
    log.bodies.push(req.body);
    if (req.rawBody !== undefined) log.raw.push(req.rawBody);
    res.status(202).end();
  };
}

async function listen(app: express.Express): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const raw = express();
  raw.post("/messages", validateBody("message", { limit: LIMIT }), record(rawLog));
  raw.post("/configs", validateBody("config"), (req, res) => void res.status(201).json(req.body));
  rawBase = await listen(raw);

  const parsed = express();
  parsed.use(express.json({ limit: LIMIT }));
  parsed.post("/messages", validateBody("message"), record(parsedLog));
  parsed.use(jsonErrors());
  parsedBase = await listen(parsed);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("specfirst/express validateBody, reading the raw body (no express.json)", () => {
  bodyValidationCases(() => ({ url: `${rawBase}/messages`, log: rawLog }), { strict: true, rawBytes: true });
  keepAliveAfterTooLargeCases(() => ({ url: `${rawBase}/messages`, log: rawLog }));
  // Express has no content-type routing: validateBody reads the body as JSON whatever the header says.
  contentTypeCases(
    () => ({ url: `${rawBase}/messages`, log: rawLog }),
    () => 202,
  );

  it("neither coerces nor strips: a misspelled Config key and a number for a string are errors", async () => {
    const errors = await expectErrors(
      await post(`${rawBase}/configs`, JSON.stringify({ input: { kafka: { consumer_grop: "g" } }, name: 42 })),
      400,
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { pointer: "/input/kafka/consumer_grop", message: expect.any(String), keyword: "additionalProperties" },
        { pointer: "/name", message: "must be a string", keyword: "type" },
      ]),
    );
    const config = { name: "c", input: { kafka: { consumer_group: "g", addresses: ["k:9092"] } } };
    const accepted = await post(`${rawBase}/configs`, JSON.stringify(config));
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual(config);
  });

  it("skips a byte-order mark and answers an empty body 400", async () => {
    const body = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "bom" });
    expect(
      (await post(`${rawBase}/messages`, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]))).status,
    ).toBe(202);
    expect(rawLog.bodies.at(-1)).toEqual(JSON.parse(body));
    await expectErrors(await post(`${rawBase}/messages`, ""), 400);
  });
});

describe("specfirst/express validateBody after express.json()", () => {
  bodyValidationCases(() => ({ url: `${parsedBase}/messages`, log: parsedLog }), { strict: false, rawBytes: false });

  it("reads a body express.json() left alone (another content type) itself, with the strict reader", async () => {
    const errors = await expectErrors(
      await post(`${parsedBase}/messages`, "hello", { "content-type": "text/plain" }),
      400,
    );
    expect(errors[0]).toMatchObject({ pointer: "", keyword: "json" });
    const body = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "as text" });
    expect((await post(`${parsedBase}/messages`, body, { "content-type": "text/plain" })).status).toBe(202);
    expect(parsedLog.bodies.at(-1)).toEqual(JSON.parse(body));
  });
});
