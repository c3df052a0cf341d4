// The host's speed on memory touched for the first time (bench/shared.ts `measureHostSpeed`): µs per page of a first
// write to each 4 KiB page of a fresh 48 MiB buffer, in a process of its own. 48 MiB is above glibc's largest mmap
// threshold (32 MiB), and a new process has freed nothing, so the zero-filled buffer is new memory from the kernel
// (in a long-running process, malloc may hand back pages it already touched and freed: the bench's process measured
// 0.0 µs at the end of a run).
const PAGE = 4096;
const bytes = new Uint8Array(new ArrayBuffer(48 * 2 ** 20));
const start = performance.now();
for (let i = 0; i < bytes.length; i += PAGE) bytes[i] = 1;
process.stdout.write(JSON.stringify({ us: ((performance.now() - start) * 1000) / (bytes.length / PAGE) }));
