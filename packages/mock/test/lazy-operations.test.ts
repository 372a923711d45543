// Prism's operations are made on first need and kept in a bounded store: the least recently used single
// operation is let go past MAX_OPERATIONS and made again when asked; a failure is never kept.
import { describe, expect, it } from 'vitest';
import { lazyOperations, MAX_OPERATIONS } from '../src/prism/lazy-operations.ts';

const count = MAX_OPERATIONS + 6;
const paths = Object.fromEntries(
  Array.from({ length: count }, (_, i) => [`/r${i}`, { get: { responses: { 200: { description: 'ok' } } } }]),
);
const document = async () => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths });

/** A store whose `make` counts what it made, per operation path. */
function counted(fail = new Set<string>()) {
  const made = new Map<string, number>();
  const store = lazyOperations(document, async (doc) => {
    const key = Object.keys((doc as { paths: object }).paths).join(',');
    made.set(key, (made.get(key) ?? 0) + 1);
    if (fail.has(key)) throw new Error(`cannot make ${key}`);
    return [];
  });
  return { store, made };
}

describe('the operations Prism is given', () => {
  it('makes each once while it is among the most recently used', async () => {
    const { store, made } = counted();
    for (let round = 0; round < 3; round++) await store.alone('GET /r0');
    expect(made.get('/r0')).toBe(1);
  });

  it('lets the least recently used go past the bound, and makes it again when asked', async () => {
    const { store, made } = counted();
    for (let i = 0; i < count; i++) await store.alone(`GET /r${i}`);
    await store.alone(`GET /r${count - 1}`); // still kept
    expect(made.get(`/r${count - 1}`)).toBe(1);
    await store.alone('GET /r0'); // let go: made again
    expect(made.get('/r0')).toBe(2);
  });

  it('keeps no failure: the next request tries again', async () => {
    const { store, made } = counted(new Set(['/r1']));
    await expect(store.alone('GET /r1')).rejects.toThrow('cannot make /r1');
    await expect(store.alone('GET /r1')).rejects.toThrow('cannot make /r1');
    expect(made.get('/r1')).toBe(2);
  });
});
