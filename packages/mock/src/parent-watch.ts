// Started by npm (`npx @banking-api/mock`, `npm run mock`), the mock runs under npm's own process and a shell:
// a CI script that stops npx's process (SIGTERM to that pid, as a job runner or `kill $!` does) reached only
// npm, and the mock went on holding its port. Under npm, the mock stops when the process that started it is
// gone. Started otherwise (`node dist/cli.js`, a container's PID 1, nohup), it outlives its parent as asked.

/** Calls `stop` once the parent process is gone, when npm started this one; checks every `everyMs`. */
export function stopWithParentUnderNpm(stop: () => void, everyMs = 500): void {
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, everyMs);
  timer.unref();
}
