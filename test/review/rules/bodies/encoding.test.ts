// rules/bodies/encoding.ts: a multipart part's content types narrowed or widened, defaults written out.
import { expect, it } from 'vitest';
import { compare, operation, SEND, verdicts } from '../harness.ts';

const upload = (encoding: Record<string, unknown>) =>
  operation({
    requestBody: {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' }, meta: { type: 'object' } },
          },
          encoding,
        },
      },
    },
  });

it('narrowed: breaking; widened: info', () => {
  const both = upload({ file: { contentType: 'image/png, image/jpeg' } });
  expect(verdicts(compare(both, upload({ file: { contentType: 'image/png' } })))).toEqual({
    [SEND]: ['encoding-changed:breaking'],
  });
  expect(verdicts(compare(upload({ file: { contentType: 'image/png' } }), both))).toEqual({
    [SEND]: ['encoding-changed:info'],
  });
});

it("a part's default written out: nothing (binary: octet-stream, object: JSON)", () => {
  expect(
    compare(
      upload({}),
      upload({
        file: { contentType: 'application/octet-stream' },
        meta: { contentType: 'application/json' },
      }),
    ),
  ).toEqual([]);
});
