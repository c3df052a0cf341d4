// Preloaded with `node --require` where /usr/bin/time is missing: reports the peak RSS (KiB) and the minor page
// faults (first touches of memory) of the process on stderr at exit.
process.on("exit", () => {
  const usage = process.resourceUsage();
  process.stderr.write(`\nmaxRSS=${usage.maxRSS} minorFaults=${usage.minorPageFault}\n`);
});
