// The host's speed on memory touched for the first time (bench/shared.ts `measureHostSpeed`): µs per page of a first
// write to each 4 KiB page of a fresh 48 MiB buffer, in a process of its own. 48 MiB is above glibc's largest mmap
// threshold (32 MiB), and a new process has freed nothing, so the zero-filled buffer is new memory from the kernel.
// (Measured in the bench's own process at the end of a full run, it read 0.0 µs: likely a buffer served from memory
// that process had already touched.)
const PAGE = 4096;
const bytes = new Uint8Array(new ArrayBuffer(48 * 2 ** 20));
const start = performance.now();
for (let i = 0; i < bytes.length; i += PAGE) bytes[i] = 1;
process.stdout.write(JSON.stringify({ us: ((performance.now() - start) * 1000) / (bytes.length / PAGE) }));
