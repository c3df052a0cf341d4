// Preloaded with `node --require` where /usr/bin/time is missing: reports the peak RSS (KiB) on stderr at exit.
process.on("exit", () => process.stderr.write(`\nmaxRSS=${process.resourceUsage().maxRSS}\n`));
