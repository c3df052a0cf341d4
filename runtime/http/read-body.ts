/**
 * Reads a request body whole, up to `limit` bytes: the bytes, or `undefined` when the body is longer. By default
 * reading stops at the first chunk over the limit; with `drain`, the rest is read and dropped (a server that
 * answers on the same connection needs the request consumed). Holds at most `limit` bytes plus one chunk.
 */
export async function readBodyUpTo(
  stream: AsyncIterable<unknown>,
  limit: number,
  options: { drain?: boolean } = {},
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of stream) {
    if (tooLarge) continue;
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    size += bytes.byteLength;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
      if (options.drain === true) continue;
      break;
    }
    chunks.push(bytes);
  }
  if (tooLarge) return undefined;
  if (chunks.length === 1) return chunks[0];
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const bytes of chunks) {
    joined.set(bytes, offset);
    offset += bytes.byteLength;
  }
  return joined;
}
