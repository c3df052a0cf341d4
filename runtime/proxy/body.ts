/**
 * Reading a body whole, up to a limit, for the proxy to check (docs/validating.md#middleware-and-proxy). A request
 * body is also held to a minimum data rate (`RateWatch`, as Kestrel's `MinRequestBodyDataRate`) and its bytes count
 * against the proxy's `ByteBudget` (admission.ts) while they are held.
 */
import type { Readable } from "node:stream";
import type { ByteBudget } from "./admission.js";

/**
 * A request body must average `bytesPerSecond` from the end of its request's headers, looked at once a second after
 * the first `graceMs` (else the proxy answers 408).
 */
export interface MinBodyRate {
  bytesPerSecond: number;
  graceMs: number;
}

/** Kestrel's defaults: 240 bytes per second after a 5 s grace period. */
export const DEFAULT_MIN_BODY_RATE: Readonly<MinBodyRate> = { bytesPerSecond: 240, graceMs: 5000 };

/**
 * How a read ended: the whole body (`held` bytes of the budget taken, given back by the caller); past the limit
 * (`head`: the chunks read, the rest left unread in the paused stream); below the minimum rate; refused by the
 * budget; or cut off (the client went away, or its framing broke: Node's parser refused the rest).
 */
export type BodyRead =
  | { kind: "complete"; bytes: Uint8Array; held: number }
  | { kind: "tooLarge"; head: Buffer[]; held: number }
  | { kind: "slow" }
  | { kind: "overBudget" }
  | { kind: "cutOff" };

/** What a request body read is held to; a response body read has neither. */
export interface ReadGuards {
  budget: ByteBudget;
  rates: RateWatch | undefined;
}

/**
 * Reads `stream` up to `limit` bytes; a whole body over `shareAbove` bytes is joined in shared memory (for a worker
 * thread). Listens to events rather than iterating: a body that has already arrived is read within the same tick.
 */
export function readBody(stream: Readable, limit: number, shareAbove: number, guards?: ReadGuards): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const watched: WatchedRead = { startedAt: performance.now(), bytes: 0, tooSlow: () => finish({ kind: "slow" }) };
    const finish = (outcome: BodyRead) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onCutOff);
      stream.off("close", onCutOff);
      guards?.rates?.unwatch(watched);
      if (outcome.kind === "tooLarge") stream.pause();
      else if (outcome.kind !== "complete") guards?.budget.give(size);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      if (guards !== undefined && !guards.budget.take(chunk.length)) return finish({ kind: "overBudget" });
      chunks.push(chunk);
      size += chunk.length;
      watched.bytes = size;
      if (size > limit) finish({ kind: "tooLarge", head: chunks, held: size });
    };
    const onEnd = () => finish({ kind: "complete", bytes: joined(chunks, size, size > shareAbove), held: size });
    const onCutOff = () => finish({ kind: "cutOff" });
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onCutOff);
    stream.on("close", onCutOff);
    guards?.rates?.watch(watched);
  });
}

/** The chunks as one body; in shared memory (for a worker thread) when `shared`. */
export function joined(chunks: readonly Buffer[], size: number, shared: boolean): Uint8Array {
  if (!shared) return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

interface WatchedRead {
  startedAt: number;
  bytes: number;
  tooSlow(): void;
}

/** Body reads under way, looked at once a second (one timer for all, as Kestrel's heartbeat): a slow one is stopped. */
export class RateWatch {
  private readonly reads = new Set<WatchedRead>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly rate: MinBodyRate) {}

  watch(read: WatchedRead): void {
    this.reads.add(read);
    this.timer ??= setInterval(() => this.look(), 1000).unref();
  }

  unwatch(read: WatchedRead): void {
    this.reads.delete(read);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private look(): void {
    const now = performance.now();
    for (const read of this.reads) {
      const elapsed = now - read.startedAt;
      if (elapsed >= this.rate.graceMs && read.bytes < (this.rate.bytesPerSecond * elapsed) / 1000) read.tooSlow();
    }
  }
}
