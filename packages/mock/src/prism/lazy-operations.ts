// Prism's operations for the engine, made when a request first needs them and kept in a bounded store.
import { documentWithOnly, METHODS, type Spec } from './one-operation.ts';
import { prismOperations } from './operations-of.ts';

type Operations = Awaited<ReturnType<typeof prismOperations>>;
type Make = (document: object) => Promise<Operations>;

/** The engine's view of the store: the document, every operation, one operation. */
export interface LazyOperations {
  spec(): Promise<Spec>;
  all(): Promise<Operations>;
  alone(key: string): Promise<Operations>;
}

/**
 * Prism's operations, each made when a request first needs it (operations-of.ts). Converting every operation
 * of the document at start grew the mock's start
 * with the contract (2.7 s of CPU at 2,002 operations, a CPU profile, bench/scale.ts). A routed request
 * needs one operation: it is made once, from a copy of the document holding that operation alone (same
 * path, so the same id). A request the gateway could not route needs them all (Prism's 404 or 405):
 * made once, on the first such request. The document itself is read on first need too (parsing the bundle
 * was a third of what start grew by at 2,002 operations). A failure is not kept: the next request tries again.
 * The operations made are a bounded store: past MAX_OPERATIONS the least recently used is let go and made
 * again when asked (each of Stripe's carries the schemas it reaches: all 467 kept grew a whole verify run to
 * 2.8 GB).
 */
export function lazyOperations(
  document: () => Promise<object>,
  make: Make = prismOperations,
): LazyOperations {
  const made = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, first: () => Promise<T>): Promise<T> => {
    let value = made.get(key) as Promise<T> | undefined;
    if (value) made.delete(key); // set again below: the most recently used last
    value ??= first();
    made.set(key, value);
    value.catch(() => made.delete(key));
    forgetOldest(made);
    return value;
  };
  const spec = (): Promise<Spec> => once('document', () => document().then(withOperations));
  return {
    spec,
    all: () => once('', async () => make(structuredClone(await spec()))),
    alone: (key) => once(`op ${key}`, async () => make(documentWithOnly(await spec(), key))),
  };
}

/** Operations made for one operation each, kept at most (the document and the all-operations set aside). */
export const MAX_OPERATIONS = 64;

/** Lets go of the least recently used single operations past MAX_OPERATIONS. */
function forgetOldest(made: Map<string, Promise<unknown>>): void {
  const singles = [...made.keys()].filter((key) => key.startsWith('op '));
  for (const key of singles.slice(0, Math.max(0, singles.length - MAX_OPERATIONS))) made.delete(key);
}

/** The document, if it has an operation. */
function withOperations(document: object): Spec {
  const spec = document as Spec;
  if (!Object.values(spec.paths ?? {}).some((item) => METHODS.some((m) => m in (item ?? {}))))
    throw new Error('No operations found in the spec.');
  return spec;
}
