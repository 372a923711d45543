// What the stub checks say of a stub (stub-check.ts, and the shape and match checks it runs), in a file of
// its own so that they share it without importing each other.

/** One thing wrong with a stub: where in it (a JSON pointer) and what. */
export interface StubViolation {
  at: string;
  message: string;
}

/** A name the caller gave, as far as a message repeats it. */
export const clip = (name: string): string => (name.length > 64 ? `${name.slice(0, 64)}…` : name);
