/**
 * Experimental (bench/cli-stream.ts only): a cheaper repeated-key check for `specfirst validate`, proposed for
 * generator/json-text.ts. Once JSON.parse has accepted a text, the text has a repeated key exactly when it holds
 * more keys than the parsed value (JSON.parse keeps one property per name). Counting keys needs no tokenizer state
 * beyond "inside a string", no Set per object and no validation of values; the full scanner (scanJson) then runs
 * only for the rare text that has a repeated key, to locate it.
 *
 * Plain JavaScript, so bench/cli-stream.ts can also splice it into an experimental copy of the built CLI.
 */

/** Number of object keys written in a JSON text that JSON.parse accepted. */
function keysInText(text) {
  let keys = 0;
  let i = 0;
  for (;;) {
    const open = text.indexOf('"', i);
    if (open === -1) return keys;
    let close = open;
    for (;;) {
      close = text.indexOf('"', close + 1);
      let slashes = 0;
      while (text.charCodeAt(close - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) break;
    }
    let next = close + 1;
    for (let c = text.charCodeAt(next); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++next));
    if (text.charCodeAt(next) === 58) keys++;
    i = close + 1;
  }
}

/** Number of own properties of every object in a parsed JSON value (iterative: any depth). */
function keysInValue(value) {
  let keys = 0;
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      for (const inner of item) if (inner !== null && typeof inner === "object") stack.push(inner);
      continue;
    }
    for (const key in item) {
      keys++;
      const inner = item[key];
      if (inner !== null && typeof inner === "object") stack.push(inner);
    }
  }
  return keys;
}

/** True when the JSON text (already accepted by JSON.parse into `value`) repeats a key in some object. */
export function hasRepeatedKey(text, value) {
  return keysInText(text) !== keysInValue(value);
}
