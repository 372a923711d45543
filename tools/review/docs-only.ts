// Whether a change can alter the generated types at all: edits of documentation only (descriptions,
// summaries, examples) cannot, as types-diff compares type members without their comments. The review
// then skips rendering types (loading openapi-typescript and TypeScript is most of a cold review).

import { pointerSegments } from '../../model/pointer.ts';
import type { EngineChange } from './diff-engine.ts';

const DOC_KEYS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs']);

/** A documentation key at `i`: not the name of a property (`properties/description` is a field). */
const docKeyAt = (segments: string[], i: number) =>
  DOC_KEYS.has(segments[i] ?? '') && segments[i - 1] !== 'properties';

/** The engine rates the change as touching documentation only (or the review's own sections). */
function engineSaysDocs(change: EngineChange): boolean {
  if (change.kind === 'modified' && change.property && DOC_KEYS.has(change.property)) return true;
  const segments = pointerSegments(change.path);
  return segments.some((_, i) => docKeyAt(segments, i));
}

/** The document with documentation strings and examples left out (what the types are made of). */
const typeRelevant = (bundle: unknown) =>
  JSON.stringify(bundle, (key, value) =>
    (DOC_KEYS.has(key) && typeof value === 'string') || key === 'examples' || key === 'example'
      ? undefined
      : value,
  );

/**
 * True when neither the engine's changes nor the documents (without their documentation) differ in
 * anything the types are made of. Both must agree: each alone could miss a field named like a doc key.
 */
export function typesUnchanged(changes: EngineChange[], base: unknown, head: unknown): boolean {
  return changes.every(engineSaysDocs) && typeRelevant(base) === typeRelevant(head);
}
