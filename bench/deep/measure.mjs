// Errors of deep trees: one implementation validating one Config in a process of its own, as a consumer imports it:
// `validate("config", data)` of dist/generated/validators.js, or AJV with allErrors (`createAjv({ allErrors: true })`
// of dist/runtime/validation/foreign-ajv.js, `specfirst/ajv`) reading `.errors`. The Config is parsed from its text.
// Usage: node bench/deep/measure.mjs <generated|ajv> <wrong-op|valid> <depth> <ms | calls:N>
// With ms: prints the median ms of a call; with calls:N, makes N calls (counted under callgrind).
const [impl, shape, depth, budget] = process.argv.slice(2);
const dist = new URL("../../dist/", import.meta.url);

// `{"filter":{"filter":<node>}}`, `depth` filter nodes each holding the next in `filters`
const fields = shape === "valid" ? '"op":"AND"' : '"op":1';
const text = `{"filter":{"filter":${`{${fields},"filters":[`.repeat(depth - 1)}{${fields}}${"]}".repeat(depth - 1)}}}`;
const data = JSON.parse(text);
let call;
if (impl === "ajv") {
  const { createAjv, schemaId } = await import(new URL("runtime/validation/foreign-ajv.js", dist).href);
  const check = createAjv({ allErrors: true }).getSchema(schemaId("config"));
  call = () => check(data) || check.errors;
} else {
  const { validate } = await import(new URL("generated/validators.js", dist).href);
  call = () => validate("config", data).errors;
}

if (budget.startsWith("calls:")) {
  for (let i = Number(budget.slice("calls:".length)); i > 0; i--) call();
} else {
  call(); // AJV's stack overflow ends the process here, non-zero
  const ms = Number(budget);
  // warm up for a fifth of the budget, then time calls one by one (each takes tens of microseconds or more)
  for (const warm = performance.now() + ms / 5; performance.now() < warm;) call();
  const times = [];
  for (const end = performance.now() + ms; performance.now() < end || times.length < 5;) {
    const start = performance.now();
    call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`${times[times.length >> 1]}\n`);
}
