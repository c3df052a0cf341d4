#!/usr/bin/env node
// The CLI is built into dist/ by `npm run build` (run automatically by `npm ci` through `prepare`).
await import("../dist/generator/cli.js");
