// The names a usage document may hold: what an operation's schemas, parameters and headers declare.

import {
  contractModel,
  fieldPaths,
  requestFieldsOf,
  responseFieldsOf,
  responseHeadersOf,
  UNDECLARED,
} from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const cards = contractModel().operations.find((op) => op.key === 'POST /hb/cards/create');
if (!cards) throw new Error('no POST /hb/cards/create in the contract');

describe('declared names', () => {
  it("an operation's request and success-response field paths, arrays as []", () => {
    expect([...requestFieldsOf(cards, 6)]).toEqual(expect.arrayContaining(['alias', 'typeCard']));
    expect([...responseFieldsOf(cards, 6)]).toEqual(expect.arrayContaining(['card', 'card.cardProxy']));
    expect(responseHeadersOf(cards)).toBeInstanceOf(Set);
  });

  it('field paths of a value: declared ones kept, any other key counted as `*`, never its value', () => {
    const paths = fieldPaths(
      { alias: 'Maria', '123.456.789-09': 1, card: { cardProxy: 'p' } },
      responseFieldsOf(cards, 6),
    );
    expect([...paths].sort()).toEqual([UNDECLARED, 'card', 'card.cardProxy'].sort());
  });
});
