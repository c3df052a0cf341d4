// Cold start baseline: a Node process that does nothing but report the ms since it started.
process.stdout.write(JSON.stringify({ ms: performance.now(), valid: true }));
