// JSON pointers as Redocly writes them (`#/paths/~1a~1{id}/get`): the one place they are taken apart.
import { unescapePointerFragment } from '@redocly/openapi-core';

/** `#/paths/~1a~1{id}/get` → ["paths", "/a/{id}", "get"], each segment unescaped by Redocly. */
export const pointerSegments = (pointer: string): string[] =>
  pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter((s) => s !== '')
    .map(unescapePointerFragment);
