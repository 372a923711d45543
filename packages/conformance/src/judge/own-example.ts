// Whether an answer body is one of the contract's own examples for the operation and status. A mock (ours,
// Prism, any) answers with the contract's examples; where such an example breaks the contract's own schema,
// the deviation is the contract's, not the server's: reported as the contract's (Findings.contractIssue),
// never hidden. Compared as parsed JSON (key order and spacing do not matter). A `{"$ref": …}` inside an
// example's value is literal data to OpenAPI, but some tools resolve it (the Pix API's `getCobs1` lists
// `allOf: [$ref: …/cobResponse1/value]`): it stands for whatever the tool put there.
import { isDeepStrictEqual } from 'node:util';
import type { Response } from '@banking-api/contract';
import type { Answer } from '../types.js';

/** The name of the documented example of `response` that the answer's body equals, if any. */
export function ownExampleOf(response: Response | undefined, answer: Answer): string | undefined {
  if (!response) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return undefined;
  }
  for (const media of response.content)
    for (const example of media.examples) if (sameAs(example.value, body, 0)) return example.name;
  return undefined;
}

const isRef = (value: unknown): boolean =>
  !!value && typeof value === 'object' && Object.keys(value).length === 1 && '$ref' in value;

function sameAs(example: unknown, body: unknown, depth: number): boolean {
  if (isRef(example)) return true;
  if (depth > 64 || !example || !body || typeof example !== 'object' || typeof body !== 'object')
    return isDeepStrictEqual(example, body);
  if (Array.isArray(example) !== Array.isArray(body)) return false;
  const keys = Object.keys(example);
  if (keys.length !== Object.keys(body).length) return false;
  const b = body as Record<string, unknown>;
  return keys.every((k) => k in b && sameAs((example as Record<string, unknown>)[k], b[k], depth + 1));
}
