/**
 * What the proxy holds at once (docs/validating.md#middleware-and-proxy): exchanges with the upstream (`Slots`: a
 * fixed number, and a bounded queue of checked requests waiting their turn, first come first served) and request
 * body bytes (`ByteBudget`). A request takes a slot only once its body has been read, so a slow client holds bytes
 * of the budget, never a slot.
 */

/** A place in the queue for a slot: `cancel` gives it up (the client went away); a slot already given is released. */
export interface SlotTicket {
  cancel(): void;
}

export class Slots {
  private held = 0;
  private waiting = 0;
  private readonly queue: { grant: () => void; live: boolean }[] = [];
  private head = 0;

  constructor(
    private readonly size: number,
    private readonly queueLimit: number,
  ) {}

  /**
   * Calls `grant` now or once a slot is free, in the order asked; `undefined` (and `grant` never called) when all
   * slots are held and `queueLimit` requests wait already. The holder calls `release` once, when its exchange ends.
   */
  take(grant: () => void): SlotTicket | undefined {
    if (this.held < this.size) {
      this.held++;
      grant();
      return { cancel: () => {} };
    }
    if (this.waiting >= this.queueLimit) return undefined;
    const entry = { grant, live: true };
    this.queue.push(entry);
    this.waiting++;
    return {
      cancel: () => {
        if (!entry.live) return;
        entry.live = false;
        this.waiting--;
      },
    };
  }

  release(): void {
    while (this.head < this.queue.length) {
      const entry = this.queue[this.head++] as (typeof this.queue)[number];
      if (!entry.live) continue;
      entry.live = false;
      this.waiting--;
      this.compact();
      entry.grant();
      return;
    }
    this.compact();
    this.held--;
  }

  /** Drops the entries already taken from the front of the queue, now and then. */
  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** Bytes held at once, up to a limit: `take` refuses what would pass it. */
export class ByteBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}
