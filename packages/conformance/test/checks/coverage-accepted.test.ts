import { coveragePlan } from '@banking-api/conformance';
import { type Operation, requestMedia } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

const check = registered('coverage-accepted');
if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');
const json = operationWith((o) => requestMedia(o)?.mediaType === 'application/json', 'a JSON body');

describe('coverage-accepted', () => {
  it('sends each allowed edge (a JSON media type with a charset among them) and passes a server that takes them', async () => {
    const { send, sent } = server(json, () => successStatus(json));
    const ctx = context(send);
    await check.run(ctx, json);
    expect(ctx.findings.failures).toEqual([]);
    expect(sent.map((p) => p.body?.contentType)).toContain('application/json; charset=utf-8');
    const schema = requestMedia(json)?.schema ?? {};
    for (const p of sent.filter((x) => x.body?.contentType.startsWith('application/json')))
      expect(conforms(schema, JSON.parse(p.body?.text ?? ''))).toBe(true);
  });

  it('fails a server that refuses a JSON body with a charset parameter (415)', async () => {
    const charset = (p: { body?: { contentType: string } }) =>
      p.body?.contentType.includes('charset') ?? false;
    const ctx = context(server(json, (p) => (charset(p) ? 415 : successStatus(json))).send);
    await check.run(ctx, json);
    expect(ctx.findings.failures.map((f) => f.got)).toEqual([
      expect.stringContaining('content-type application/json; charset=utf-8; answered 415'),
    ]);
  });

  it('makes a valid body from the schema where the contract shows no example (allOf, oneOf and a discriminator)', () => {
    const media = requestMedia(json);
    if (!media) throw new Error('a body');
    const schema = {
      oneOf: [
        {
          type: 'object',
          required: ['type', 'key'],
          properties: { type: { const: 'cpf' }, key: { type: 'string', pattern: '^[0-9]{11}$' } },
        },
        {
          type: 'object',
          required: ['type', 'email'],
          properties: { type: { const: 'email' }, email: { type: 'string', format: 'email' } },
        },
      ],
      discriminator: { propertyName: 'type' },
    };
    const bare: Operation = {
      ...json,
      requestBody: { required: true, content: [{ ...media, schema, examples: [] }] },
    };
    const plan = coveragePlan(bare);
    expect(conforms(schema, JSON.parse(plan.body?.text ?? ''))).toBe(true);
    expect(plan.present).toContain('body /key:pattern');
    expect(plan.cases.some((c) => c.place === 'body /key' && c.keyword === 'pattern' && !c.positive)).toBe(
      true,
    );
  });
});
