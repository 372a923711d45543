// Assertions on the contract's error envelope (vitest): what every refusal of the mock must look like.
import { expect } from 'vitest';
import type { CallResult } from './clients.ts';
import type { Spec } from './spec.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Envelope {
  status_code: number;
  code: string;
  message: string;
  path: string;
  timestamp: string;
  details: { field?: string; location: string }[];
}

/** A client call's error answer as status and body. */
export const answerOf = ({ response, error }: CallResult): Answer => ({
  status: response.status,
  body: error,
});

/** The request path of a URL (no query). */
export const pathOf = (url: string) => url.split('?')[0] ?? url;

/** The answer is the contract's error envelope for `status`, about `path`, made just now. */
export function expectEnvelope(spec: Spec, answer: Answer, status: number, path: string): Envelope {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(spec.validateEnvelope(answer.body)).toEqual([]);
  const body = answer.body as Envelope;
  expect(body.status_code).toBe(status);
  expect(body.path).toBe(path);
  expect(Math.abs(Date.parse(body.timestamp) - Date.now())).toBeLessThan(60_000);
  return body;
}

/** A 400 VALIDATION_ERROR envelope with the violations, naming `field` when given. */
export function expectValidationError(spec: Spec, answer: Answer, path: string, field?: string): void {
  const body = expectEnvelope(spec, answer, 400, path);
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.details.length).toBeGreaterThan(0);
  if (field) expect(body.details.map((d) => d.field)).toContain(field);
}
