// A timer of the engine's own around a wait on undici. undici's abort signal is not heard by a request
// still queued in its pool (only stored until a connection takes it), and its close waits for that queue:
// either could wait for ever. The race below ends at `ms` whatever undici does.

/** `work`, or what `late` gives (a value, or a throw) once `ms` have passed first. */
export function withinDeadline<T>(work: Promise<T>, ms: number, late: () => T | Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
