// Started by npx (`npx @banking-api/mock`), the mock runs under npm's process and a shell: a CI script that
// stops npx's process (SIGTERM to that pid, as a job runner or `kill $!` does) reached only npm, and the mock
// went on holding its port. Under npx, the mock stops once the process that started it is gone. Only under
// npx: every process an npm script starts inherits npm's environment, and `banking-api-mock &` in a script, or
// a test harness's child, must outlive its shell as any server does.

/** The parent when this process started: read before the mock's start, which may outlast a short-lived npx. */
const parentAtStart = process.ppid;

/** Calls `stop` once the process npx started this one under is gone; checks every `everyMs`. */
export function stopWithParentUnderNpx(stop: () => void, everyMs = 500): void {
  if (process.env.npm_command !== 'exec') return;
  const gone = () => process.ppid !== parentAtStart || process.ppid === 1;
  if (gone()) {
    stop();
    return;
  }
  const timer = setInterval(() => {
    if (!gone()) return;
    clearInterval(timer);
    stop();
  }, everyMs);
  timer.unref();
}
