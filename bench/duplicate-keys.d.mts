/** True when the JSON text (already accepted by JSON.parse into `value`) repeats a key in some object. */
export declare function hasRepeatedKey(text: string, value: unknown): boolean;
