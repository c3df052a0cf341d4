/**
 * A realistic stream of message envelopes, deterministic (fixed seed), for the CLI stream section
 * (bench/cli-stream.ts) and the peers' agreement check (test/bench-peers-agree.test.ts). Mix: 50% text/plain, 12%
 * chat states, 12% select, 10% media links, 6% collections, 3% containers, 7% other media types; about 2% of the
 * records break one rule.
 */

/** Deterministic PRNG (mulberry32), so every run validates the same file. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHANNELS = ["whatsapp", "messenger", "sms", "telegram", "webchat"].map((name) => `${name}.example.net`);
const TEXTS = [
  "Hi, where is my order?",
  "I'd like to change my delivery address to Rua das Flores, 120, apartment 42.",
  "Thanks!",
  "Can I talk to a human, please? The tracking page says the parcel was delivered but I have not received anything yet.",
  "ok",
];
const LIME = "application/vnd.lime.";

/** One message record, its media type following a plausible traffic mix. */
function message(random: () => number, index: number): Record<string, unknown> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const customer = `${5511900000000 + Math.floor(random() * 99999999)}@${pick(CHANNELS)}`;
  const inbound = random() < 0.6;
  const base: Record<string, unknown> = {
    id: `${index.toString(16).padStart(8, "0")}-6b3d-4f0e-9a7c-${Math.floor(random() * 2 ** 48)
      .toString(16)
      .padStart(12, "0")}`,
    ...(inbound
      ? {
          from: random() < 0.3 ? `${customer}/instance-${Math.floor(random() * 4)}` : customer,
          to: "orderbot@msging.example.net",
        }
      : { to: customer }),
  };
  if (inbound && random() < 0.4)
    base.metadata = {
      [`${pick(CHANNELS).split(".")[0]}.seq`]: String(index),
      [`${pick(CHANNELS).split(".")[0]}.mdi`]: `wamid.${index}`,
    };
  const r = random();
  if (r < 0.5) return { ...base, type: "text/plain", content: pick(TEXTS) };
  if (r < 0.62) {
    const { id: _id, ...withoutId } = base;
    return {
      ...withoutId,
      type: `${LIME}chatstate+json`,
      content: { state: pick(["starting", "composing", "paused", "deleting", "gone"]) },
    };
  }
  if (r < 0.74) {
    const options = Array.from({ length: 2 + Math.floor(random() * 4) }, (_v, i) => ({
      order: i + 1,
      text: `Option ${i + 1}`,
    }));
    return { ...base, type: `${LIME}select+json`, content: { text: "How can I help you today?", options } };
  }
  if (r < 0.84) {
    const type = pick(["image/jpeg", "application/pdf", "image/png"]);
    const content = {
      text: "Your invoice",
      type,
      uri: `https://cdn.example.net/media/${index}`,
      size: Math.floor(random() * 100000),
    };
    return { ...base, type: `${LIME}media-link+json`, content };
  }
  if (r < 0.9) {
    const items = ["Order A-1001: shipped", "Order A-1002: preparing"].map((value) => ({ type: "text/plain", value }));
    return { ...base, type: `${LIME}collection+json`, content: { itemType: `${LIME}container+json`, items } };
  }
  if (r < 0.93) return { ...base, type: `${LIME}container+json`, content: { type: "text/plain", value: pick(TEXTS) } };
  if (r < 0.97)
    return { ...base, type: "application/json", content: { event: "cart.updated", items: Math.floor(random() * 9) } };
  return { ...base, type: "image/png", content: `https://cdn.example.net/img/${index}.png` };
}

/** Ways to break one rule, the way real invalid traffic does. */
const BREAKS: ((record: Record<string, unknown>) => void)[] = [
  (record) => delete record.to,
  (record) => (record.to = String(record.to).split("@")[0]),
  (record) => Object.assign(record, { type: "text/plain", content: { text: "hello" } }),
  (record) => Object.assign(record, { type: `${LIME}chatstate+json`, content: { state: "typing" } }),
  (record) =>
    Object.assign(record, {
      type: `${LIME}select+json`,
      content: { text: "Pick one", options: [{ order: "1", text: "Yes" }] },
    }),
  (record) => (record.metadata = { "whatsapp.seq": 42 }),
  (record) => (record.content = 42),
];

export function messageMix(count: number, seed = 20261123): { records: Record<string, unknown>[]; invalid: number } {
  const random = prng(seed);
  const records: Record<string, unknown>[] = [];
  let invalid = 0;
  for (let i = 0; i < count; i++) {
    const record = message(random, i);
    if (random() < 0.02) {
      BREAKS[Math.floor(random() * BREAKS.length)]!(record);
      invalid++;
    }
    records.push(record);
  }
  return { records, invalid };
}
