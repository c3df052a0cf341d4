/**
 * A bounded memory of recently seen keys (message ids), for the webhook handler's de-duplication and confirmation
 * bookkeeping: at most `maxKeys` keys, each kept `windowMs` after it was first recorded; the oldest is forgotten
 * first. Keys longer than `MAX_KEY_LENGTH` characters are kept as their SHA-256 digest, so the memory stays bounded
 * whatever the ids' length.
 */

/** Keys up to this many characters are kept as they are; longer ones as a 64-character SHA-256 digest. */
export const MAX_KEY_LENGTH = 256;

/** The key kept for an id: the id itself, or `sha256:<hex>` of a longer one (so at most 256 characters). */
export async function boundedKey(id: string): Promise<string> {
  if (id.length <= MAX_KEY_LENGTH) return id;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(id)));
  return `sha256:${Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export class RecentKeys<Value> {
  readonly #maxKeys: number;
  readonly #windowMs: number;
  /** In insertion order, which is also expiry order (a key's time is that of its first recording). */
  readonly #entries = new Map<string, { until: number; value: Value }>();

  constructor(maxKeys: number, windowMs: number) {
    this.#maxKeys = maxKeys;
    this.#windowMs = windowMs;
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.until > now && this.#entries.size <= this.#maxKeys) break;
      this.#entries.delete(key);
    }
  }

  /** The value recorded for `key` within the window, else undefined. */
  get(key: string): Value | undefined {
    this.#prune(performance.now());
    return this.#entries.get(key)?.value;
  }

  /** Records `value` for `key`: a new key starts its window now; a known one keeps its window. */
  set(key: string, value: Value): void {
    const now = performance.now();
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.until > now) {
      entry.value = value;
      return;
    }
    this.#entries.delete(key);
    this.#entries.set(key, { until: now + this.#windowMs, value });
    this.#prune(now);
  }

  /** Changes the value of a key within its window, without starting one; false when the key is not (or no longer) known. */
  update(key: string, value: Value): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.until <= performance.now()) return false;
    entry.value = value;
    return true;
  }
}
