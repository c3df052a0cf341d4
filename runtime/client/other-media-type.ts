/**
 * The media type of a document with no declared type: the `type` of a received `Message<OtherMediaType>`, and of the
 * open member of a container or collection inside a message (`KnownContainer | Container<OtherMediaType>`). A
 * string at run time. Typed as a pattern no known media type matches, so that `switch (x.type)` narrows each known
 * case to its own document (an open member typed `string` would stay in every case); compare it with another media
 * type after widening (`const type: string = message.type`), or register a receiver for it
 * (`handler.onMessage({ type: "application/json" }, ...)`).
 */
export type OtherMediaType = `${string}\u0000(another media type)`;
