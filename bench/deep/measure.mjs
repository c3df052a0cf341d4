// Errors of deep trees: one implementation validating one Config, in a process of its own (so that no other payload's
// type feedback shapes its code), as a consumer imports it: `validate("config", data)` of dist/generated/validators.js,
// or AJV compiling the raw schemas with allErrors (`createAjv({ allErrors: true })` of dist/runtime/validation/
// foreign-ajv.js, `specfirst/ajv`) and reading `.errors`. The Config is parsed from its JSON text, as a body is.
// Usage: node bench/deep/measure.mjs <generated|ajv> <wrong-op|unknown-key|valid> <depth> <ms | calls:N>
// With a time in ms: prints {"ms": median ms a call, "calls", "errors", "bytes"} or {"failed": "<error>"}. With
// calls:N: makes N calls and prints nothing (bench/deep-errors.ts counts their instructions under callgrind).
const [impl, shape, depthText, budget] = process.argv.slice(2);
const depth = Number(depthText);
const dist = new URL("../../dist/", import.meta.url);

/** `{"filter":{"filter":<node>}}`, `depth` filter nodes each holding the next in `filters`. */
function configText() {
  const fields = { "wrong-op": '"op":1', "unknown-key": '"extra":1,"op":1', valid: '"op":"AND"' }[shape];
  if (fields === undefined) throw new Error(`unknown shape ${shape}`);
  return `{"filter":{"filter":${`{${fields},"filters":[`.repeat(depth - 1)}{${fields}}${"]}".repeat(depth - 1)}}}`;
}

const text = configText();
const data = JSON.parse(text);
let call;
if (impl === "ajv") {
  const { createAjv, schemaId } = await import(new URL("runtime/validation/foreign-ajv.js", dist).href);
  const check = createAjv({ allErrors: true }).getSchema(schemaId("config"));
  call = () => (check(data) ? [] : check.errors);
} else {
  const { validate } = await import(new URL("generated/validators.js", dist).href);
  call = () => {
    const result = validate("config", data);
    return result.valid ? [] : result.errors;
  };
}

if (budget.startsWith("calls:")) {
  for (let i = Number(budget.slice("calls:".length)); i > 0; i--) call();
} else {
  let errors;
  try {
    errors = call().length;
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ failed: `${error.name}: ${error.message}` })}\n`);
    process.exit(0);
  }
  // warm up for a fifth of the budget, then time calls one by one (each takes tens of microseconds or more)
  const ms = Number(budget);
  const warm = performance.now() + ms / 5;
  while (performance.now() < warm) call();
  const times = [];
  const end = performance.now() + ms;
  while (performance.now() < end || times.length < 5) {
    const start = performance.now();
    call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1];
  process.stdout.write(`${JSON.stringify({ ms: median, calls: times.length, errors, bytes: text.length })}\n`);
}
