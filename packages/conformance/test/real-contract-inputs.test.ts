// What verify sends a real contract (the Pix API, Open Finance Brasil): each input a server must read as
// the contract means it. Ids that match their unanchored pattern whole, header values HTTP can carry, a
// compact JWS for a JOSE body, no claim on an empty optional header, no 405 expected for a method a twin
// template serves.
import { coveragePlan, encodeBody, requestFor, validValue } from '@banking-api/conformance';
import type { Operation, Parameter } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, model, operationWith, registered, server } from './harness.ts';

const withParameter = (op: Operation, p: Parameter): Operation => ({
  ...op,
  parameters: [...op.parameters, p],
});
const plain = operationWith((o) => o.method === 'GET' && !o.path.includes('{'), 'a GET without parameters');

describe('values made from a schema', () => {
  it('matches an unanchored pattern whole (the Pix txid), not a match padded with any characters', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const value = validValue({ type: 'string', pattern: '[a-zA-Z0-9]{26,35}' }, seed);
      expect(value).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    }
  });

  it('makes a visible, non-empty value for a pattern that allows anything, and one for a lookahead', () => {
    expect(validValue({ type: 'string', pattern: '[\\w\\W\\s]*', maxLength: 100 })).toMatch(/^[\x21-\x7e]+$/);
    expect(validValue({ type: 'string', pattern: '^(?!\\s)(.*)(\\S)$', minLength: 1 })).toMatch(/^\S.*\S$/);
  });
});

describe('header coverage cases', () => {
  const optional: Parameter = {
    name: 'x-customer-user-agent',
    in: 'header',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: 100, pattern: '[\\w\\W\\s]*' },
    examples: [],
  };
  const cases = coveragePlan(withParameter(plain, optional)).cases.filter(
    (c) => c.place === `header ${optional.name}`,
  );

  it('claims nothing of an empty optional header (read as absent by many stacks)', () => {
    const empty = cases.filter((c) => c.apply(requestFor(plain)).headers[optional.name] === '');
    expect(empty).toEqual([]);
    expect(cases.some((c) => !c.positive)).toBe(true); // one past maxLength is still tried
  });

  it('sends only values HTTP can carry in a header', () => {
    for (const c of cases)
      expect(c.apply(requestFor(plain)).headers[optional.name]).toMatch(/^[\x20-\x7e]*$/);
  });

  it('keeps an empty value of a required header as a negative case', () => {
    const required = { ...optional, required: true };
    const all = coveragePlan(withParameter(plain, required)).cases;
    const empty = all.filter(
      (c) =>
        c.place === `header ${required.name}` && c.apply(requestFor(plain)).headers[required.name] === '',
    );
    expect(empty.map((c) => c.positive)).toEqual([false]);
  });
});

describe('a JOSE body', () => {
  it('travels as a compact JWS whose payload is the JSON value', () => {
    const body = encodeBody({ mediaType: 'application/jwt', examples: [] }, { data: { amount: '1.00' } });
    const [header, payload, signature] = body.text.split('.');
    expect(signature).toMatch(/^[\w-]{86}$/);
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
    expect(JSON.parse(Buffer.from(payload as string, 'base64url').toString())).toEqual({
      data: { amount: '1.00' },
    });
  });
});

describe('method-not-allowed on twin templates', () => {
  const check = registered('method-not-allowed');
  if (check.kind !== 'probe' || check.scope !== 'path') throw new Error('a path check');
  const op = operationWith((o) => o.method === 'GET' && o.path.includes('{'), 'a GET with a path parameter');

  it('never tries a method that another template of the same shape serves', async () => {
    const twinPath = op.path.replace(/\{[^}]+\}$/, '{twinParameter}');
    const twins = ['PATCH', 'DELETE', 'PUT', 'POST'].map(
      (method) => ({ ...op, method, path: twinPath, key: `${method} ${twinPath}` }) as Operation,
    );
    const { send, sent } = server(op, () => 405);
    const ctx = { ...context(send), model: { ...model, operations: [op, ...twins] } };
    await check.run(ctx, op.path, [op]);
    expect(sent).toEqual([]); // every other method is served by the twin: nothing to probe
    const alone = context(server(op, () => 405).send);
    await check.run({ ...alone, model: { ...model, operations: [op] } }, op.path, [op]);
    expect(alone.findings.runs).toHaveLength(2);
  });
});
