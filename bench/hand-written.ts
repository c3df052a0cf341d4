/**
 * Hand-written checks of the message and the notification: the rules of their schemas and the six content documents,
 * written the way a careful developer writes them by hand, from bench/peer-rules.ts. They collect every error, as
 * the generated validators do, and return the same `{ valid: true } | { valid: false, errors }` shape. The address
 * pattern is the schema's as written (AJV compiles patterns with the `u` flag), not the generator's cheaper
 * equivalent (generator/emit/validators/fast-patterns.ts): that is code generation's gain.
 */
import { CHAT_STATES, CONTENT_TYPES, EVENTS, MEDIA_TYPE, NODE_ADDRESS, isObject } from "./peer-rules.js";

type HandError = { pointer: string; message: string; keyword: string };
type HandResult = { valid: true } | { valid: false; errors: HandError[] };

const VALID: HandResult = Object.freeze({ valid: true }) as HandResult;
const NODE_ADDRESS_PATTERN = new RegExp(NODE_ADDRESS, "u");
const MEDIA_TYPE_PATTERN = new RegExp(MEDIA_TYPE, "u");
const DOCUMENT_TYPES: ReadonlySet<string> = new Set(Object.values(CONTENT_TYPES));
const STATES: ReadonlySet<unknown> = new Set(CHAT_STATES);
const EVENT_NAMES: ReadonlySet<unknown> = new Set(EVENTS);

const isInteger = (value: unknown): boolean => typeof value === "number" && Number.isInteger(value);
const escape = (key: string) =>
  key.includes("~") || key.includes("/") ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key;

type Errors = HandError[] | null;
const push = (errors: Errors, pointer: string, message: string, keyword: string): HandError[] => {
  const error = { pointer, message, keyword };
  if (errors === null) return [error];
  errors.push(error);
  return errors;
};

function nodeAddress(value: unknown, pointer: string, errors: Errors): Errors {
  if (typeof value !== "string") return push(errors, pointer, "must be a string", "type");
  if (!NODE_ADDRESS_PATTERN.test(value))
    return push(errors, pointer, `must match the pattern ${NODE_ADDRESS}`, "pattern");
  return errors;
}

/**
 * A field in MIME format. Where it selects a content document (`selects`), a declared media type must be spelled as
 * declared: `TEXT/PLAIN` is rejected, not taken for an unknown type.
 */
function mediaType(value: unknown, pointer: string, errors: Errors, selects: boolean): Errors {
  if (typeof value !== "string") return push(errors, pointer, "must be a string", "type");
  if (selects && DOCUMENT_TYPES.has(value)) return errors;
  if (!MEDIA_TYPE_PATTERN.test(value))
    return push(errors, pointer, "must be a media type: type/subtype, without parameters", "pattern");
  if (selects && DOCUMENT_TYPES.has(value.toLowerCase()))
    return push(errors, pointer, `must be spelled ${value.toLowerCase()}`, "pattern");
  return errors;
}

function optionalString(data: Record<string, unknown>, key: string, pointer: string, errors: Errors): Errors {
  const value = data[key];
  return value === undefined || typeof value === "string"
    ? errors
    : push(errors, `${pointer}/${key}`, "must be a string", "type");
}

/** The content document of a known media type; `undefined` media type → any string or object. */
function content(type: unknown, value: unknown, errors: Errors, at = "/content"): Errors {
  switch (type) {
    case "text/plain":
      return typeof value === "string" ? errors : push(errors, at, "must be a string", "type");
    case "application/vnd.lime.chatstate+json":
      if (!isObject(value)) return push(errors, at, "must be an object", "type");
      if (value.state !== undefined && !STATES.has(value.state)) {
        errors = push(errors, `${at}/state`, "must be one of starting, composing, paused, deleting, gone", "enum");
      }
      return errors;
    case "application/vnd.lime.collection+json":
      if (!isObject(value)) return push(errors, at, "must be an object", "type");
      if (value.itemType !== undefined) errors = mediaType(value.itemType, `${at}/itemType`, errors, true);
      if (value.items === undefined) return errors;
      if (!Array.isArray(value.items)) return push(errors, `${at}/items`, "must be an array", "type");
      // items are documents of `itemType` (any value for a media type without a document)
      for (let index = 0; index < value.items.length; index++)
        errors = content(value.itemType, value.items[index], errors, `${at}/items/${index}`);
      return errors;
    case "application/vnd.lime.container+json":
      if (!isObject(value)) return push(errors, at, "must be an object", "type");
      if (value.type !== undefined) errors = mediaType(value.type, `${at}/type`, errors, true);
      return value.value === undefined ? errors : content(value.type, value.value, errors, `${at}/value`);
    case "application/vnd.lime.media-link+json":
      if (!isObject(value)) return push(errors, at, "must be an object", "type");
      errors = optionalString(value, "text", at, errors);
      if (value.type !== undefined) errors = mediaType(value.type, `${at}/type`, errors, false);
      return optionalString(value, "uri", at, errors);
    case "application/vnd.lime.select+json": {
      if (!isObject(value)) return push(errors, at, "must be an object", "type");
      errors = optionalString(value, "text", at, errors);
      const options = value.options;
      if (options === undefined) return errors;
      if (!Array.isArray(options)) return push(errors, `${at}/options`, "must be an array", "type");
      for (let index = 0; index < options.length; index++) {
        const option: unknown = options[index];
        if (!isObject(option)) {
          errors = push(errors, `${at}/options/${index}`, "must be an object", "type");
          continue;
        }
        if (option.order !== undefined && !isInteger(option.order))
          errors = push(errors, `${at}/options/${index}/order`, "must be an integer", "type");
        errors = optionalString(option, "text", `${at}/options/${index}`, errors);
      }
      return errors;
    }
    default:
      return errors;
  }
}

/** Same rules as `validate("message", data)`. */
export function checkMessage(data: unknown): HandResult {
  if (!isObject(data))
    return { valid: false, errors: [{ pointer: "", message: "must be an object", keyword: "type" }] };
  let errors: Errors = null;
  const { id, from, to, type, metadata } = data;
  if (id !== undefined && typeof id !== "string") errors = push(errors, "/id", "must be a string", "type");
  if (from !== undefined) errors = nodeAddress(from, "/from", errors);
  if (to === undefined) errors = push(errors, "/to", "is required", "required");
  else errors = nodeAddress(to, "/to", errors);
  if (type === undefined) errors = push(errors, "/type", "is required", "required");
  else errors = mediaType(type, "/type", errors, true);
  const value = data.content;
  if (value === undefined) errors = push(errors, "/content", "is required", "required");
  else if (typeof value !== "string" && !isObject(value))
    errors = push(errors, "/content", "must be a string or an object", "type");
  if (value !== undefined) errors = content(type, value, errors);
  if (metadata !== undefined) {
    if (!isObject(metadata)) errors = push(errors, "/metadata", "must be an object", "type");
    else {
      for (const key in metadata) {
        if (typeof metadata[key] !== "string")
          errors = push(errors, `/metadata/${escape(key)}`, "must be a string", "type");
      }
    }
  }
  return errors === null ? VALID : { valid: false, errors };
}

function reason(value: unknown, errors: Errors): Errors {
  if (!isObject(value)) return push(errors, "/reason", "must be an object", "type");
  if (value.code === undefined) errors = push(errors, "/reason/code", "is required", "required");
  else if (!isInteger(value.code)) errors = push(errors, "/reason/code", "must be an integer", "type");
  return optionalString(value, "description", "/reason", errors);
}

/** Same rules as `validate("notification", data)`. */
export function checkNotification(data: unknown): HandResult {
  if (!isObject(data))
    return { valid: false, errors: [{ pointer: "", message: "must be an object", keyword: "type" }] };
  let errors: Errors = null;
  const { id, from, to, event } = data;
  if (id !== undefined && typeof id !== "string") errors = push(errors, "/id", "must be a string", "type");
  if (from !== undefined) errors = nodeAddress(from, "/from", errors);
  if (to !== undefined) errors = nodeAddress(to, "/to", errors);
  if (event === undefined) errors = push(errors, "/event", "is required", "required");
  else if (!EVENT_NAMES.has(event)) {
    errors = push(errors, "/event", "must be one of accepted, dispatched, received, consumed, failed", "enum");
  }
  if (data.reason !== undefined) errors = reason(data.reason, errors);
  else if (event === "failed") errors = push(errors, "/reason", "is required", "required");
  return errors === null ? VALID : { valid: false, errors };
}
