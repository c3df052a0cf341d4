/**
 * A content document type with every index signature removed, at every depth: the type of a document as a strict
 * validator (`message-strict`) checks it, where a field the document does not list is an error. An object literal
 * with such a field (media-link `url` for `uri`) is then an excess property. An open member (the document of a media
 * type no rule declares) becomes `{}`, which accepts any object, as the validators do.
 */
export type ClosedDocument<T> = T extends readonly (infer Item)[]
  ? ClosedDocument<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: ClosedDocument<T[K]> }
    : T;
