/** A new message id: a random UUID, as the seed recommends (never reuse one). */
export function newMessageId(): string {
  return globalThis.crypto.randomUUID();
}
