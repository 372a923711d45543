// Preloaded into every Node process of a command the benchmarks measure (NODE_OPTIONS=--require, so the
// processes it starts carry it too): at exit, writes the process's VmHWM (its peak resident memory, from
// /proc) into the folder BENCH_HWM_DIR names, one file per process. bench/lib/measure.ts adds them up.
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_HWM_DIR;
if (dir)
  process.on('exit', () => {
    try {
      const kib = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
      if (kib) fs.writeFileSync(path.join(dir, String(process.pid)), kib);
    } catch {}
  });
