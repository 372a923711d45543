// Lines of JSON pointers in spec files, by Redocly's own source locator (the one its lint and diff use).
import { readFileSync } from 'node:fs';
import { getLineColLocation, Source } from '@redocly/openapi-core';

/** (file, pointer) → line of the node's key, or of its nearest ancestor that exists there. */
export type Locator = (file: string, pointer: string) => number;

/** A locator that parses each file once (per review: a file may be rewritten between reviews). */
export function createLocator(): Locator {
  const sources = new Map<string, Source>();
  return (file, pointer) => {
    let source = sources.get(file);
    if (!source) {
      source = new Source(file, readFileSync(file, 'utf8'));
      sources.set(file, source);
    }
    return getLineColLocation({ source, pointer, reportOnKey: true }).start.line;
  };
}
