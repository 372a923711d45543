// Where a fact (or a schema comparison) shows up in one operation: the place (as oasdiff names it), the
// direction the operation uses the node in, what the client does with it (sends or reads: the other way
// round for webhooks and callbacks, which the API calls), and words for the message.
import type { Direction, Fact, Place, Role } from './facts.ts';
import type { SchemaDiff } from './schemas.ts';

export type { Direction } from './facts.ts';

export interface Occurrence {
  /** Facts found here, or a schema comparison to walk (its facts are found below this place). */
  readonly facts?: readonly Fact[];
  readonly diff?: SchemaDiff;
  readonly place: Place;
  readonly direction?: Direction;
  readonly role?: Role;
  /** `request body`, `response 200`, `query parameter \`page\``, `response 200 header \`x-rate\``. */
  readonly where: string;
  /** The parameter's or header's name: what a consumer's usage records for it. */
  readonly name?: string;
}

/** Facts that are about the operation as a whole (removed, servers, security): rated by their `impact`. */
export const operationWide = (facts: readonly Fact[], direction?: Direction): Occurrence[] =>
  facts.length ? [{ facts, place: 'operation', ...(direction && { direction }), where: 'operation' }] : [];

/** The role of a direction for a client of the operation (reversed: the API calls the client). */
export function roleOf(direction: Direction, reversed: boolean): Role | undefined {
  if (direction === 'request' || direction === 'parameter') return reversed ? 'read' : 'send';
  if (direction === 'response' || direction === 'header') return reversed ? 'send' : 'read';
  return undefined;
}
