import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  ChatState,
  Command,
  CommandResponse,
  Config,
  Envelope,
  InboundMessage,
  InboundNotification,
  KnownMessage,
  Message,
  Notification,
  OutboundNotification,
  Schedule,
  Select,
} from "../generated/types.js";
import {
  isEnvelope,
  isInboundMessage,
  isMessage,
  isMessageOfType,
  isOutboundNotification,
} from "../generated/validators.js";
import { consumedNotification } from "../runtime/messaging/index.js";
import { conditionalRules, ruleType } from "../generator/model/conditional-rules.js";
import type { SchemaFile } from "../generator/load/schemas.js";
import { GenerationFailed } from "../generator/problems.js";

// These tests are checked by `tsc` (npm test runs it first): a wrong generated type fails the type check, and each
// `@ts-expect-error` fails it too when the line below it compiles.

const select: Message<"application/vnd.lime.select+json"> = {
  id: "c5d8f8e1-3b0a-4b5e-9f7e-2b1f7a0c1d2e",
  to: "5531988887777@sms.example.net",
  type: "application/vnd.lime.select+json",
  content: {
    text: "Choose an option",
    options: [
      { order: 1, text: "First" },
      { order: 2, text: "Second" },
    ],
  },
};

describe("Message<T>", () => {
  it("types content from the media type", () => {
    expectTypeOf(select.content).toEqualTypeOf<Select>();
    expectTypeOf(select.content.options?.[0]?.order).toEqualTypeOf<number | undefined>();
    expectTypeOf<Message<"text/plain">["content"]>().toEqualTypeOf<string>();
    expectTypeOf<Message<"application/vnd.lime.chatstate+json">["content"]>().toEqualTypeOf<ChatState>();
    expectTypeOf<Message<"image/png">["content"]>().toEqualTypeOf<string | { [k: string]: unknown }>();
    expect(isMessage(select)).toBe(true);
  });

  it("rejects content that does not match the media type at compile time", () => {
    const wrong = {
      to: "5531988887777@sms.example.net",
      type: "text/plain",
      // @ts-expect-error: text/plain content is a string, not an object
      content: { text: "hello" },
    } satisfies Message<"text/plain">;
    // @ts-expect-error: select options carry an integer order
    const badOrder: Message<"application/vnd.lime.select+json">["content"] = { options: [{ order: "1" }] };
    // @ts-expect-error: chat states are one of five values
    const badState: ChatState = { state: "typing" };
    // @ts-expect-error: a message needs a recipient
    const noTo: Message<"text/plain"> = { type: "text/plain", content: "hi" };
    expect([wrong, badOrder, badState, noTo].length).toBe(4);
  });

  it("narrows an incoming message by its type", () => {
    const describeContent = (message: KnownMessage): string => {
      switch (message.type) {
        case "text/plain":
          return message.content.toUpperCase();
        case "application/vnd.lime.select+json":
          return String(message.content.options?.length);
        case "application/vnd.lime.chatstate+json":
          return message.content.state ?? "";
        default:
          return message.type;
      }
    };
    expect(describeContent({ to: "a@b.c", type: "text/plain", content: "hi" })).toBe("HI");

    const incoming: unknown = JSON.parse(JSON.stringify(select));
    if (isMessageOfType(incoming, "application/vnd.lime.select+json")) {
      expectTypeOf(incoming.content).toEqualTypeOf<Select>();
      expect(incoming.content.options?.[1]?.order).toBe(2);
    } else {
      expect.unreachable("the select message is valid");
    }
    expect(isMessageOfType(incoming, "text/plain")).toBe(false);
  });
});

describe("commands, envelopes and configs", () => {
  it("types a command resource from its type", () => {
    const schedule: Command<"application/vnd.ext.schedule+json"> = {
      id: "1",
      to: "postmaster@scheduler.example.net",
      method: "set",
      uri: "/schedules",
      type: "application/vnd.ext.schedule+json",
      resource: { when: "2026-12-01T13:30:00Z", message: { to: "a@b.c", type: "text/plain", content: "later" } },
    };
    // A `set` command carries its resource (the rule of command.schema.json#/allOf/2 is a union member).
    expectTypeOf(schedule.resource).toEqualTypeOf<Schedule>();
    // @ts-expect-error: method is one of the seven
    const badMethod: Command = { uri: "/ping", method: "post" };
    expect(badMethod).toBeDefined();
  });

  it("types an envelope as the union of the three kinds", () => {
    expectTypeOf<Notification>().toMatchTypeOf<Envelope>();
    expectTypeOf<Message>().toMatchTypeOf<Envelope>();
    expect(isEnvelope({ id: "1", event: "consumed" })).toBe(true);
  });

  it("types the envelopes by direction: inbound ones carry id and from, an outbound notification id, event and from", () => {
    expectTypeOf<InboundMessage["from"]>().toEqualTypeOf<string>();
    expectTypeOf<InboundMessage["id"]>().toEqualTypeOf<string>();
    expectTypeOf<InboundMessage<"text/plain">["content"]>().toEqualTypeOf<string>();
    expectTypeOf<InboundNotification["to"]>().toEqualTypeOf<string>();
    expectTypeOf<OutboundNotification["from"]>().toEqualTypeOf<string>();
    expectTypeOf<InboundMessage>().toMatchTypeOf<Message>();
    // @ts-expect-error: an inbound message always has `from`
    const noFrom: InboundMessage = { id: "1", to: "a@b.c", type: "text/plain", content: "hi" };
    // @ts-expect-error: POST /notifications carries the originator's address in `from`
    const noOriginator: OutboundNotification = { id: "1", event: "consumed" };
    const inbound: InboundMessage = {
      id: "1",
      from: "c@sms.example.net",
      to: "a@b.c",
      type: "text/plain",
      content: "hi",
    };
    const consumed: OutboundNotification = consumedNotification(inbound);
    expect(isInboundMessage(inbound) && isOutboundNotification(consumed)).toBe(true);
    expect(isInboundMessage(noFrom) || isOutboundNotification(noOriginator)).toBe(false);
  });

  it("keeps status out of a command request and from/to in a command response", () => {
    // @ts-expect-error: `status` appears in responses only
    const withStatus: Command = { id: "1", method: "get", uri: "/ping", status: "success" };
    // @ts-expect-error: the POST /commands answer lists `from` and `to`
    const noAddresses: CommandResponse = { id: "1", method: "get", status: "success" };
    expectTypeOf<CommandResponse["from"]>().toEqualTypeOf<string>();
    expect([withStatus, noAddresses].length).toBe(2);
  });

  it("keeps the Config tree closed and typed", () => {
    const config: Config = { name: "c", input: { type: "KAFKA", kafka: { topics: ["t"], consumer_group: "g" } } };
    // @ts-expect-error: a misspelled key is a compile error
    const misspelled: Config = { input: { kafka: { consumer_grop: "g" } } };
    // @ts-expect-error: max_executions is an integer
    const wrongType: Config = { input: { sql: { scheduler: { max_executions: "3" } } } };
    expectTypeOf<NonNullable<Config["status"]>>().toEqualTypeOf<string>();
    expect([config, misspelled, wrongType].length).toBe(3);
  });
});

describe("conditional rules read into types (generator/model/conditional-rules.ts)", () => {
  const schemaFile = (schema: Record<string, unknown>): SchemaFile => {
    const text = JSON.stringify(schema, null, 2);
    return {
      name: "thing",
      api: "messaging",
      file: "schemas/messaging/thing.schema.json",
      text,
      schema: JSON.parse(text) as SchemaFile["schema"],
    };
  };
  const base = { title: "Thing", type: "object", properties: { kind: { enum: ["a", "b"] }, note: { type: "string" } } };

  it("turns a value test into a union: the branch where it holds and the branch where the value is another", () => {
    const { typed, untyped } = conditionalRules(
      schemaFile({
        ...base,
        allOf: [
          {
            if: { properties: { kind: { const: "a" } }, required: ["kind"] },
            then: { required: ["note"] },
            else: { properties: { note: false } },
          },
        ],
      }),
    );
    expect(untyped).toEqual([]);
    expect(
      typed.map((rule) =>
        ruleType(
          rule,
          (p) => `F[${JSON.stringify(p)}]`,
          (p) => `NonNullable<F[${JSON.stringify(p)}]>`,
        ),
      ),
    ).toEqual([`{ kind: "a"; note: NonNullable<F["note"]> } | { kind: Exclude<F["kind"], "a">; note?: never }`]);
  });

  it("lists a rule that tests a pattern as enforced by the validators only", () => {
    const { typed, untyped } = conditionalRules(
      schemaFile({
        ...base,
        allOf: [
          {
            if: { properties: { note: { type: "string", pattern: "^x" } }, required: ["note"] },
            then: { required: ["kind"] },
          },
        ],
      }),
    );
    expect(typed).toEqual([]);
    expect(untyped).toEqual([
      {
        pointer: "/allOf/0",
        rule: "when `note` matches `^x`, it requires `kind`",
        why: expect.stringMatching(/TypeScript has no type/),
      },
    ]);
  });

  it("fails generation with the file, pointer and line of a rule it cannot type", () => {
    const file = schemaFile({
      ...base,
      allOf: [
        {
          if: { properties: { kind: { const: "a" } }, required: ["kind"] },
          then: { properties: { note: { minLength: 3 } } },
        },
      ],
    });
    expect(() => conditionalRules(file)).toThrow(GenerationFailed);
    expect(() => conditionalRules(file)).toThrow(
      /^schemas\/messaging\/thing\.schema\.json:\d+:\d+ at \/allOf\/0\/then: conditional rule has no type form: `then` does more than require or forbid properties/,
    );
    const untested = schemaFile({
      ...base,
      if: { properties: { kind: { const: "a" } } },
      then: { required: ["note"] },
    });
    expect(() => conditionalRules(untested)).toThrow(/at \/if\/properties\/kind: .*`kind` is tested but not required/);
  });
});
