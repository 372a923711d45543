// The values a request of an operation takes from a run's state: the fixtures the caller gave for that
// operation first, then identifiers the server issued, each only where it fits the input's schema.
import type { Operation } from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { identifierInputs } from './inputs.js';

export interface IssuedValues {
  /** Values by input name (parameters and top-level body fields). */
  readonly values: Record<string, unknown>;
  /** The identifier inputs still at the contract's example: never issued by this server. */
  readonly unissued: string[];
}

export function issuedValues(
  op: Operation,
  identifiers: Readonly<Record<string, unknown>> = {},
  fixtures: Readonly<Record<string, unknown>> = {},
): IssuedValues {
  const values: Record<string, unknown> = { ...fixtures };
  const unissued: string[] = [];
  for (const input of identifierInputs(op)) {
    if (input.name in fixtures) continue;
    const value = identifiers[input.name];
    const fits = value !== undefined && (!input.schema || violationsOf(input.schema, value).length === 0);
    if (fits) values[input.name] = value;
    else unissued.push(input.name);
  }
  return { values, unissued };
}
