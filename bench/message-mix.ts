/**
 * A realistic stream of message envelopes, deterministic (fixed seed): the NDJSON file of the CLI benchmark
 * (bench/cli-stream.ts) and the mixed-traffic row of the validator benchmark (bench/validators.ts).
 * Mix: 50% text/plain, 12% chat states, 12% select, 10% media links, 6% collections, 3% containers,
 * 7% other media types; about 2% of the records break one rule.
 */

export const INVALID_SHARE = 0.02;

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

const CHANNELS = [
  "whatsapp.example.net",
  "messenger.example.net",
  "sms.example.net",
  "telegram.example.net",
  "webchat.example.net",
];
const TEXTS = [
  "Hi, where is my order?",
  "I'd like to change my delivery address to Rua das Flores, 120, apartment 42.",
  "Thanks!",
  "Can I talk to a human, please? The tracking page says the parcel was delivered but I have not received anything yet.",
  "ok",
];

/** One message record; `kind` picks the media type, following a plausible traffic mix. */
function message(random: () => number, index: number): Record<string, unknown> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const customer = `${5511900000000 + Math.floor(random() * 99999999)}@${pick(CHANNELS)}`;
  const bot = "orderbot@msging.example.net";
  const inbound = random() < 0.6;
  const base: Record<string, unknown> = {
    id: `${index.toString(16).padStart(8, "0")}-6b3d-4f0e-9a7c-${Math.floor(random() * 2 ** 48)
      .toString(16)
      .padStart(12, "0")}`,
    ...(inbound
      ? { from: random() < 0.3 ? `${customer}/instance-${Math.floor(random() * 4)}` : customer, to: bot }
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
      type: "application/vnd.lime.chatstate+json",
      content: { state: pick(["starting", "composing", "paused", "deleting", "gone"]) },
    };
  }
  if (r < 0.74) {
    const count = 2 + Math.floor(random() * 4);
    return {
      ...base,
      type: "application/vnd.lime.select+json",
      content: {
        text: "How can I help you today?",
        options: Array.from({ length: count }, (_v, i) => ({ order: i + 1, text: `Option ${i + 1}` })),
      },
    };
  }
  if (r < 0.84) {
    return {
      ...base,
      type: "application/vnd.lime.media-link+json",
      content: {
        text: "Your invoice",
        type: pick(["image/jpeg", "application/pdf", "image/png"]),
        uri: `https://cdn.example.net/media/${index}`,
        size: Math.floor(random() * 100000),
      },
    };
  }
  if (r < 0.9) {
    return {
      ...base,
      type: "application/vnd.lime.collection+json",
      content: {
        itemType: "application/vnd.lime.container+json",
        items: [
          { type: "text/plain", value: "Order A-1001: shipped" },
          { type: "text/plain", value: "Order A-1002: preparing" },
        ],
      },
    };
  }
  if (r < 0.93)
    return {
      ...base,
      type: "application/vnd.lime.container+json",
      content: { type: "text/plain", value: pick(TEXTS) },
    };
  if (r < 0.97)
    return { ...base, type: "application/json", content: { event: "cart.updated", items: Math.floor(random() * 9) } };
  return { ...base, type: "image/png", content: `https://cdn.example.net/img/${index}.png` };
}

/** Breaks one rule, the way real invalid traffic does. */
function breakOne(random: () => number, record: Record<string, unknown>): Record<string, unknown> {
  const broken = structuredClone(record);
  switch (Math.floor(random() * 7)) {
    case 0:
      delete broken.to;
      break;
    case 1:
      broken.to = String(broken.to).split("@")[0];
      break;
    case 2:
      broken.type = "text/plain";
      broken.content = { text: "hello" };
      break;
    case 3:
      broken.type = "application/vnd.lime.chatstate+json";
      broken.content = { state: "typing" };
      break;
    case 4:
      broken.type = "application/vnd.lime.select+json";
      broken.content = { text: "Pick one", options: [{ order: "1", text: "Yes" }] };
      break;
    case 5:
      broken.metadata = { "whatsapp.seq": 42 };
      break;
    default:
      broken.content = 42;
  }
  return broken;
}

export function messageMix(count: number, seed = 20261123): { records: Record<string, unknown>[]; invalid: number } {
  const random = prng(seed);
  const records: Record<string, unknown>[] = [];
  let invalid = 0;
  for (let i = 0; i < count; i++) {
    let record = message(random, i);
    if (random() < INVALID_SHARE) {
      record = breakOne(random, record);
      invalid++;
    }
    records.push(record);
  }
  return { records, invalid };
}
