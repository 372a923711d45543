import type { Coverage } from '@banking-api/conformance';
import { type Operation, requestMedia, resolveSchema, responseFor } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

const check = registered('coverage-rejected');
if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

/** An operation with a JSON body holding an enum field, and a documented 400. */
const withEnum = operationWith((o) => {
  const props = (resolveSchema(requestMedia(o)?.schema)?.properties ?? {}) as Record<
    string,
    { enum?: unknown[] }
  >;
  return responseFor(o, 400)?.status === '400' && Object.values(props).some((p) => Array.isArray(p.enum));
}, 'a JSON body with an enum and a 400');
const enumField = Object.entries(
  (resolveSchema(requestMedia(withEnum)?.schema)?.properties ?? {}) as Record<string, { enum?: string[] }>,
).find(([, p]) => Array.isArray(p.enum)) as [string, { enum: string[] }];

const bodyOf = (text: string | undefined) => {
  try {
    return JSON.parse(text ?? '') as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

describe('coverage-rejected', () => {
  it('sends every negative case (a near miss of each enum, no body, the wrong kind) and passes a 400 for each', async () => {
    const { send, sent } = server(withEnum, () => 400);
    const ctx = context(send);
    const coverage: Coverage[] = [];
    await check.run(
      { ...ctx, findings: { ...ctx.findings, covered: (_, c) => void coverage.push(c) } },
      withEnum,
    );
    expect(ctx.findings.failures).toEqual([]);
    const [name, { enum: values }] = enumField;
    const first = values[0] as string;
    const nearMiss = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
    expect(sent.some((p) => bodyOf(p.body?.text)?.[name] === nearMiss)).toBe(true);
    expect(sent.some((p) => !p.body)).toBe(
      requestMedia(withEnum) !== undefined && Boolean(withEnum.requestBody?.required),
    );
    expect(sent.some((p) => p.body?.contentType === 'application/x-www-form-urlencoded')).toBe(true);
    expect(coverage[0]?.exercised).toContain(`body /${name}:enum`);
    for (const k of coverage[0]?.exercised ?? []) expect(coverage[0]?.present).toContain(k);
  });

  it('fails a server that takes an enum value in another case, naming the field', async () => {
    const [name, { enum: values }] = enumField;
    const accepts = (p: { body?: { text: string } }) => {
      const value = bodyOf(p.body?.text)?.[name];
      return typeof value === 'string' && values.some((v) => v.toLowerCase() === value.toLowerCase());
    };
    // Other refusals hold: only a body whose enum field is in another case gets through.
    const nearMiss = (p: { body?: { text: string } }) =>
      accepts(p) && !values.includes(bodyOf(p.body?.text)?.[name] as string);
    const ctx = context(server(withEnum, (p) => (nearMiss(p) ? successStatus(withEnum) : 400)).send);
    await check.run(ctx, withEnum);
    const gots = ctx.findings.failures.filter((f) => f.check === 'coverage-rejected').map((f) => f.got);
    expect(gots).toContainEqual(
      expect.stringMatching(new RegExp(`^body /${name} = .*a near miss of the enum`)),
    );
  });

  it('fails a 422 where the contract documents 400', async () => {
    const ctx = context(server(withEnum, () => 422).send);
    await check.run(ctx, withEnum);
    expect(ctx.findings.failures.find((f) => f.check === 'coverage-rejected')?.expected).toMatch(/^400/);
  });

  it('sends JSON to the operation that takes a form, and fails a server that takes it', async () => {
    const form: Operation = operationWith(
      (o) => requestMedia(o)?.mediaType === 'multipart/form-data',
      'a form',
    );
    const takesJson = (p: { body?: { contentType: string } }) => p.body?.contentType === 'application/json';
    const ctx = context(server(form, (p) => (takesJson(p) ? successStatus(form) : 400)).send);
    await check.run(ctx, form);
    expect(ctx.findings.failures.map((f) => f.got)).toContainEqual(expect.stringContaining('a JSON body'));
  });
});
