// Which operations a pointer of the diff engine's report names, read from the fixture's contract model,
// and which operations an engine change names from its two pointers.

import type { ContractModel } from '@banking-api/contract';
import { escapePointerFragment } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../model/load.ts';
import { operationsOf, type Sides } from '../../tools/review/attribution.ts';
import type { EngineChange } from '../../tools/review/diff-engine.ts';
import { idLocation } from '../../tools/review/placement.ts';
import { DOCUMENT, operationsAt } from '../../tools/review/pointer-operations.ts';
import { baseFixture } from './helpers.ts';

const TED = 'POST /hb/transfers/ted';
const CARDS = 'POST /hb/cards/create';
const REFUND = 'PUT /ar/pix/pix/{endToEndId}/refund/{id}';

let model: ContractModel;
let contract: LoadedContract;
beforeAll(async () => {
  contract = await loadContract(baseFixture);
  model = contract.model;
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

describe('operationsOf an engine change', () => {
  const sides = (): Sides => ({ base: contract, head: contract, renames: new Map() });
  const change = (
    base: string | undefined,
    revision: string | undefined,
    path = '#/paths',
  ): EngineChange => ({
    path,
    kind: base && revision ? 'modified' : base ? 'removed' : 'added',
    impact: 'major',
    verdicts: [],
    ...(base && { base: { file: 'base.yaml', pointer: base } }),
    ...(revision && { revision: { file: 'head.yaml', pointer: revision } }),
  });
  const everyOperation = () => new Set(model.operations.map((op) => op.key));
  const SHARED = '#/components/parameters/AccountId/schema/type';

  it('names every user of a shared component changed in place', () => {
    expect(operationsOf(change(SHARED, SHARED), sides(), everyOperation())).toEqual([CARDS, TED].sort());
  });

  it('names only the operation that moves off a shared component', () => {
    const inline = '#/paths/~1hb~1cards~1create/post/parameters/0/schema/type';
    expect(operationsOf(change(SHARED, inline), sides(), everyOperation())).toEqual([CARDS]);
    expect(operationsOf(change(inline, SHARED), sides(), everyOperation())).toEqual([CARDS]);
  });

  it('keeps only operations whose model changed, unless none did', () => {
    expect(operationsOf(change(SHARED, SHARED), sides(), new Set([TED]))).toEqual([TED]);
    expect(operationsOf(change(SHARED, SHARED), sides(), new Set())).toEqual([CARDS, TED].sort());
  });

  it('names the users of a security scheme and every operation for servers, changed or not', () => {
    const all = [...everyOperation()].sort();
    const scheme = '#/components/securitySchemes/bearerAuth/scheme';
    expect(operationsOf(change(scheme, scheme), sides(), new Set())).toEqual(all);
    expect(operationsOf(change('#/servers/0', undefined), sides(), new Set([TED]))).toEqual(all);
  });

  it('names the document when no operation is reached', () => {
    expect(operationsOf(change('#/info/title', '#/info/title'), sides(), everyOperation())).toEqual([
      DOCUMENT,
    ]);
  });
});

describe('the location part of a finding id', () => {
  it('is relative to the operation when the node is inside it, the whole pointer otherwise', () => {
    const inside = '#/paths/~1hb~1cards~1create/post/requestBody/content/application~1json/schema';
    expect(idLocation(inside, CARDS, new Map())).toBe('#/requestBody/content/application~1json/schema');
    expect(idLocation('#/components/schemas/TedRequest/properties/amount', TED, new Map())).toBe(
      '#/components/schemas/TedRequest/properties/amount',
    );
  });

  it('names parameters by name (or their component), not by their place in the list', () => {
    const refund = '#/paths/~1ar~1pix~1pix~1{endToEndId}~1refund~1{id}/put/parameters/1/schema/type';
    expect(idLocation(refund, REFUND, new Map(), contract.bundle)).toBe('#/parameters/id/schema/type');
    const ted = '#/paths/~1hb~1transfers~1ted/post/parameters/0';
    expect(idLocation(ted, TED, new Map(), contract.bundle)).toBe('#/parameters/AccountId');
  });

  it('reads the old key of a renamed operation as the operation', () => {
    const renames = new Map([[REFUND, 'PUT /ar/pix/pix/{endToEndId}/refund/{refundId}']]);
    const old = '#/paths/~1ar~1pix~1pix~1{endToEndId}~1refund~1{id}/put/parameters/1/name';
    expect(idLocation(old, 'PUT /ar/pix/pix/{endToEndId}/refund/{refundId}', renames)).toBe(
      '#/parameters/1/name',
    );
  });
});
