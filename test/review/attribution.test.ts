// Which operations a pointer of the diff engine's report names, read from the fixture's contract model.

import type { ContractModel } from '@banking-api/contract';
import { escapePointerFragment } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { DOCUMENT, operationsAt } from '../../scripts/review/operations.ts';
import { baseFixture } from './helpers.ts';

const TED = 'POST /hb/transfers/ted';
const CARDS = 'POST /hb/cards/create';
const REFUND = 'PUT /ar/pix/pix/{endToEndId}/refund/{id}';

let model: ContractModel;
beforeAll(async () => {
  model = (await loadContract(baseFixture)).model;
});

describe('operationsAt', () => {
  it.each([
    ['an operation', '#/paths/~1hb~1cards~1create/post/requestBody/content', [CARDS]],
    [
      'an operation, pointer percent-encoded',
      '#/paths/~1ar~1pix~1pix~1%7BendToEndId%7D~1refund~1%7Bid%7D/put',
      [REFUND],
    ],
    ['a path item', '#/paths/~1ar~1pix~1pix~1{endToEndId}~1refund~1{id}/parameters/0', [REFUND]],
    ['a path the model does not have', '#/paths/~1nowhere', ['/nowhere (path)']],
    ['a component used by one operation', '#/components/schemas/TedResponse/properties/status', [TED]],
    ['a component used by two operations', '#/components/parameters/AccountId/schema', [TED, CARDS]],
    ['a component no operation reaches', '#/components/securitySchemes/bearerAuth', [DOCUMENT]],
    ['the components section itself', '#/components/schemas', [DOCUMENT]],
    ['a document-wide part', '#/info/title', [DOCUMENT]],
  ])('names %s', (_what, pointer, expected) => {
    expect(operationsAt(pointer, model).sort()).toEqual([...expected].sort());
  });

  it('names operations by the model, so every operation of the fixture is found at its own pointer', () => {
    for (const op of model.operations) {
      const pointer = `#/paths/${escapePointerFragment(op.path)}/${op.method.toLowerCase()}`;
      expect(operationsAt(pointer, model)).toEqual([op.key]);
    }
  });
});
