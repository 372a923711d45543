// Valid requests from the model: parameters from the examples, a fresh idempotency identifier per request
// unless the example is asked for, bodies encoded per media type, and the request as HTTP/1.1 bytes.
import { encodeBody, renderRequest, requestFor } from '@banking-api/conformance';
import { exampleRequest, requestMedia } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { model, operationWith } from './harness.ts';

describe('requests', () => {
  const idempotent = operationWith((o) => Boolean(o.idempotency), 'an idempotency identifier');

  it('a fresh idempotency identifier per request, or the example when asked', () => {
    expect(requestFor(idempotent).path).not.toBe(requestFor(idempotent).path);
    const a = requestFor(idempotent, { idempotency: 'example' });
    expect(a.path).toBe(requestFor(idempotent, { idempotency: 'example' }).path);
    const id = exampleRequest(idempotent).path[idempotent.idempotency?.parameter as string];
    expect(a.path).toContain(encodeURIComponent(String(id)));
  });

  it("every operation's request fills its path and carries its example headers", () => {
    for (const op of model.operations) {
      const probe = requestFor(op, { idempotency: 'example' });
      expect(probe.path, op.key).not.toMatch(/[{}]/);
      expect(probe.headers).toEqual(exampleRequest(op).header);
    }
  });

  it('renders a probe as HTTP/1.1 with its token, body and length', () => {
    const op = operationWith((o) => requestMedia(o)?.mediaType === 'application/json', 'a JSON body');
    const body = encodeBody(requestMedia(op) as NonNullable<ReturnType<typeof requestMedia>>, { a: 'é' });
    const text = renderRequest(requestFor(op, { body }), { token: 't0k' });
    expect(text).toMatch(new RegExp(`^${op.method} /\\S+ HTTP/1\\.1\\r\\n`));
    expect(text).toContain('\r\nauthorization: Bearer t0k\r\n');
    expect(text).toContain(`\r\ncontent-length: ${Buffer.byteLength('{"a":"é"}')}\r\n`);
    expect(text.endsWith('\r\n\r\n{"a":"é"}')).toBe(true);
    expect(renderRequest(requestFor(op, { credential: 'none' }), { token: 't0k' })).not.toContain('Bearer');
  });

  it('encodes a form as multipart with file parts', () => {
    const op = operationWith((o) => requestMedia(o)?.mediaType === 'multipart/form-data', 'a form body');
    const media = requestMedia(op) as NonNullable<ReturnType<typeof requestMedia>>;
    const file = media.fields?.find((f) => f.binary);
    const body = encodeBody(media, { [file?.name ?? 'file']: 'line\r\n' });
    expect(body.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.text).toContain(`filename="${file?.name}.bin"`);
  });

  it('leaves a header out whatever case the contract spells it in', () => {
    const scoped = operationWith((o) => o.accountHeader, 'the account header');
    const spelled = {
      ...scoped,
      parameters: scoped.parameters.map((p) =>
        p.name === 'x-account-id' ? { ...p, name: 'X-Account-Id' } : p,
      ),
    };
    expect(Object.keys(requestFor(spelled).headers)).toContain('X-Account-Id');
    expect(Object.keys(requestFor(spelled, { omit: ['x-account-id'] }).headers)).not.toContain(
      'X-Account-Id',
    );
  });
});
