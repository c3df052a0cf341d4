#!/usr/bin/env node
// The shipped CLI, compiled from runtime/cli/ into dist/ by `npm run build` (run before `npm pack` and `npm publish`).
await import("../dist/runtime/cli/main.js");
