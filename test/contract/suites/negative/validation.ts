// Invalid requests, each built from an operation of the model and broken one way: the mock answers
// 400 VALIDATION_ERROR with Prism's violations, about the real path.

import { jsonBodySchema as bodySchemaOf, isMultipart, wrongTypeFor } from '@banking-api/conformance';
import type { JsonSchema, Operation } from '@banking-api/contract';
import { jsonContent, requestMedia, resolveSchema, responseFor } from '@banking-api/contract';
import { expect, test } from 'vitest';
import { accountId, callOperation, raw } from '../../../support/clients.ts';
import { answerOf, expectEnvelope, expectValidationError, pathOf } from '../../../support/envelope.ts';
import { validRequest } from '../../../support/requests.ts';
import { useSession } from '../../../support/session.ts';

interface ObjectSchema {
  type?: unknown;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}

/** The operation's JSON body schema, read as an object schema. */
const jsonBodySchema = (op: Operation) => bodySchemaOf(op) as ObjectSchema | undefined;

/** A value for `pattern` that breaks it. */
function breaking(pattern: string): string {
  const candidates = ['XYZ-1', '!', '0', 'a b'];
  const broken = candidates.find((value) => !new RegExp(pattern, 'u').test(value));
  if (broken === undefined) throw new Error(`no test value breaks the pattern ${pattern}`);
  return broken;
}

export function invalidRequestCases(): void {
  const session = useSession();
  const jsonBodyOps = () => session.spec.operations.filter((o) => jsonBodySchema(o));
  const call = (o: Operation, init: Record<string, unknown>) => callOperation(session.client, o, init);
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${session.token}`,
    'x-account-id': accountId,
    ...extra,
  });

  test('a missing required body field, for every operation that has one', async () => {
    const cases = jsonBodyOps().flatMap((o) =>
      (jsonBodySchema(o)?.required ?? []).map((field) => ({ o, field })),
    );
    expect(cases.length).toBeGreaterThan(0);
    for (const { o, field } of cases) {
      const { params, url, body } = validRequest(o);
      const broken = { ...(body as object) } as Record<string, unknown>;
      delete broken[field];
      expectValidationError(
        session.spec,
        answerOf(await call(o, { params, body: broken })),
        pathOf(url),
        field,
      );
    }
  });

  test('a wrong type, for every operation with a typed JSON body', async () => {
    const typed = jsonBodyOps().filter((o) => jsonBodySchema(o)?.type);
    expect(typed.length).toBeGreaterThan(0);
    // A body schema without a type is free-form JSON: nothing can be of the wrong type there.
    for (const o of jsonBodyOps().filter((x) => !typed.includes(x))) {
      expect(jsonBodySchema(o)?.properties, o.operationId).toBeUndefined();
    }
    for (const o of typed) {
      const schema = jsonBodySchema(o);
      const { params, url, body } = validRequest(o);
      const [name, property] = Object.entries(schema?.properties ?? {})[0] ?? [];
      const broken = name ? { ...(body as object), [name]: wrongTypeFor(property) } : wrongTypeFor(schema);
      expectValidationError(
        session.spec,
        answerOf(await call(o, { params, body: broken })),
        pathOf(url),
        name,
      );
    }
  });

  test('no body where one is required', async () => {
    const required = jsonBodyOps().filter((o) => o.requestBody?.required);
    expect(required.length).toBeGreaterThan(0);
    for (const o of required) {
      const { url } = validRequest(o);
      const answer = await raw(session.agent, session.mock.url + url, {
        method: o.method,
        headers: headers(),
      });
      expectValidationError(session.spec, answer, pathOf(url));
    }
  });

  test('malformed JSON', async () => {
    const o = jsonBodyOps().find((x) => x.requestBody?.required);
    if (!o) throw new Error('no operation of the contract takes a required JSON body');
    const { url } = validRequest(o);
    const answer = await raw(session.agent, session.mock.url + url, {
      method: o.method,
      headers: headers({ 'content-type': 'application/json' }),
      body: '{"alias":',
    });
    expectValidationError(session.spec, answer, pathOf(url));
  });

  test('a multipart upload without its required file field', async () => {
    const cases = session.spec.operations
      .filter(isMultipart)
      .flatMap((o) =>
        (requestMedia(o)?.fields ?? []).filter((f) => f.required).map((f) => ({ o, field: f.name })),
      );
    expect(cases.length).toBeGreaterThan(0);
    for (const { o, field } of cases) {
      const form = new FormData();
      form.append('other', new Blob(['x']), 'x.rem');
      const { params, url } = validRequest(o);
      const result = await callOperation(session.client, o, { params });
      expect(result.response.status).toBeLessThan(300); // the same call with the field passes
      // biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the model
      const without = await (session.client as any)[o.method](o.path, {
        params,
        body: {},
        bodySerializer: () => form,
      });
      expectValidationError(session.spec, answerOf(without), pathOf(url), field);
    }
  });

  test('a path parameter breaking its pattern', async () => {
    const cases = session.spec.operations.flatMap((o) =>
      o.parameters
        .filter((p) => p.in === 'path' && typeof resolveSchema(p.schema)?.pattern === 'string')
        .map((p) => ({ o, name: p.name, value: breaking(resolveSchema(p.schema)?.pattern as string) })),
    );
    expect(cases.length).toBeGreaterThan(0);
    for (const { o, name, value } of cases) {
      const { params, body } = validRequest(o);
      const path = { ...params.path, [name]: value };
      const url = o.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(path[n] ?? ''));
      const answer = answerOf(await call(o, { params: { ...params, path }, body }));
      expectValidationError(session.spec, answer, url);
    }
  });

  test('a malformed percent-escape in a path parameter', async () => {
    const o = session.spec.operations.find((x) => x.parameters.some((p) => p.in === 'path'));
    if (!o) throw new Error('no operation of the contract has a path parameter');
    const url = o.path.replace(/\{[^}]+\}/g, '%ZZ');
    const answer = await raw(session.agent, session.mock.url + url, { method: o.method, headers: headers() });
    expectValidationError(session.spec, answer, url);
  });

  test('missing x-account-id on every account-scoped operation (the client refuses, so raw)', async () => {
    const scoped = session.spec.operations.filter((o) => o.accountHeader);
    expect(scoped.length).toBeGreaterThan(0);
    for (const o of scoped) {
      const { url, body } = validRequest(o);
      const answer = await raw(session.agent, session.mock.url + url, {
        method: o.method,
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expectValidationError(session.spec, answer, pathOf(url), 'x-account-id');
    }
  });

  test('a picked 400 example (Prefer: code=400) gets the real path and time', async () => {
    const with400 = session.spec.operations.filter(
      (o) => jsonContent(responseFor(o, 400)?.content ?? [])?.examples.length,
    );
    expect(with400.length).toBeGreaterThan(0);
    for (const o of with400) {
      const { params, url, body } = validRequest(o);
      const answer = answerOf(await call(o, { params, body, headers: { prefer: 'code=400' } }));
      expect(expectEnvelope(session.spec, answer, 400, pathOf(url)).code).toBe('VALIDATION_ERROR');
    }
  });
}
