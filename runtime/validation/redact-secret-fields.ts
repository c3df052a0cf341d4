/**
 * Where the secret values (`"x-secret": true`) of a payload can be, as a small tree for `redact` to walk at run
 * time: `true` marks a secret value; `p` maps property names, `i` is the shape of array items, `a` of map values,
 * `r` names another schema's shape (so recursive schemas stay finite). Subtrees without secrets are left out.
 */
export type SecretShape = true | { p?: Record<string, SecretShape>; i?: SecretShape; a?: SecretShape; r?: string[] };

export const REDACTED = "[REDACTED]";

type Container = Record<string | number, unknown>;

const setOwn = (target: object, key: string | number, value: unknown) =>
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });

const isPlain = (value: object) =>
  Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/**
 * A deep copy of `data` (what structuredClone gives), iterative over plain objects and arrays so that a payload of
 * any depth can be copied (structuredClone itself overflows a few thousand levels down). Other objects (a Date, a
 * Map) are copied by structuredClone. Keys such as `__proto__` are copied as own properties.
 */
export function copyData<T>(data: T): T {
  if (data === null || typeof data !== "object") return data;
  if (!isPlain(data)) return structuredClone(data);
  const copies = new Map<object, object>();
  const pending: object[] = [];
  const copyOf = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const known = copies.get(value);
    if (known !== undefined) return known;
    const plain = isPlain(value);
    const copy: object = plain ? (Array.isArray(value) ? [] : {}) : (structuredClone(value) as object);
    copies.set(value, copy);
    if (plain) pending.push(value);
    return copy;
  };
  const root = copyOf(data) as T;
  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    const target = copies.get(source) as object;
    for (const key of Object.keys(source)) setOwn(target, key, copyOf((source as Container)[key]));
  }
  return root;
}

/** Replaces in place the secret values of `value` (a copy) that `shape` points at; iterative, so any depth. */
export function redactInPlace(
  shape: SecretShape,
  value: unknown,
  shapes: Readonly<Record<string, SecretShape>>,
): unknown {
  const holder: Container = { value };
  const work: [SecretShape | undefined, Container, string | number][] = [[shape, holder, "value"]];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    const [current, parent, key] = next;
    if (current === undefined) continue;
    if (current === true) {
      setOwn(parent, key, REDACTED);
      continue;
    }
    const item = parent[key];
    if (item === null || typeof item !== "object") continue;
    for (const name of current.r ?? []) work.push([shapes[name], parent, key]);
    const container = item as Container;
    if (Array.isArray(item)) {
      if (current.i !== undefined)
        for (let index = 0; index < item.length; index++) work.push([current.i, container, index]);
      continue;
    }
    for (const name of Object.keys(item)) {
      const inner = current.p !== undefined && Object.hasOwn(current.p, name) ? current.p[name] : current.a;
      if (inner !== undefined) work.push([inner, container, name]);
    }
  }
  return holder.value;
}
