// Which components an operation reaches and which operations reach a component, over the model's graph of
// references: through other components, a cycle ending, and a component no operation reaches.
import {
  type ContractModel,
  type Operation,
  operationsReaching,
  reachedComponents,
} from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const schema = (name: string) => `#/components/schemas/${name}`;
const op = (key: string, components: string[]) => ({ key, components }) as unknown as Operation;

const model = {
  operations: [op('GET /a', [schema('A')]), op('GET /b', [schema('B')]), op('GET /c', [])],
  componentReferences: {
    [schema('A')]: [schema('Shared')],
    [schema('B')]: [schema('Loop1')],
    [schema('Loop1')]: [schema('Loop2')],
    [schema('Loop2')]: [schema('Loop1'), schema('Shared')],
  },
} as unknown as ContractModel;

describe('components', () => {
  it('an operation reaches its own components and theirs, a cycle once', () => {
    expect(reachedComponents(model, model.operations[1] as Operation)).toEqual([
      schema('B'),
      schema('Loop1'),
      schema('Loop2'),
      schema('Shared'),
    ]);
    expect(reachedComponents(model, model.operations[2] as Operation)).toEqual([]);
  });

  it('the operations that reach a component, directly or through others', () => {
    const keys = (component: string) => operationsReaching(model, component).map((o) => o.key);
    expect(keys(schema('Shared'))).toEqual(['GET /a', 'GET /b']);
    expect(keys(schema('Loop1'))).toEqual(['GET /b']);
    expect(keys(schema('A'))).toEqual(['GET /a']);
    expect(keys(schema('Unused'))).toEqual([]);
  });
});
