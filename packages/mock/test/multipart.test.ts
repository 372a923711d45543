// Multipart bodies are checked before Prism against the model's form fields: malformed parts are
// refused with details, good ones are handed on re-written in one plain shape.
import { contractModel, type MediaType } from '@banking-api/contract';
import { expect, test } from 'vitest';
import { checkMultipart } from '../src/http/multipart.ts';

/** The model's multipart media type with a required binary field (the CNAB upload today). */
function formMedia(): { media: MediaType; file: string } {
  for (const op of contractModel().operations) {
    const media = op.requestBody?.content.find((m) => m.mediaType === 'multipart/form-data');
    const file = media?.fields?.find((f) => f.required && f.binary);
    if (media && file) return { media, file: file.name };
  }
  throw new Error('the model has no multipart operation with a required file field');
}

const type = 'multipart/form-data; boundary=b';
const body = (...parts: string[]) => Buffer.from(`${parts.map((p) => `--b\r\n${p}\r\n`).join('')}--b--\r\n`);

test('a well-formed upload passes, re-written with a boundary of the mock', async () => {
  const { media, file } = formMedia();
  const part = `Content-Disposition: form-data; name="${file}"; filename="x;y=\\"z.REM"\r\nContent-Type: text/plain\r\n\r\nheader\r\ntrailer`;
  const check = await checkMultipart(type, body(part), media);
  expect(check.ok).toBe(true);
  if (!check.ok) return;
  expect(check.contentType).toMatch(/^multipart\/form-data; boundary=banking-mock-/);
  expect(check.body).toContain(`name="${file}"; filename="x_y__z.REM"`);
  expect(check.body).toContain('header\r\ntrailer');
});

test('malformed uploads are refused with a reason', async () => {
  const { media, file } = formMedia();
  const disposition = `Content-Disposition: form-data; name="${file}"; filename="a.REM"`;
  const cases: [string, string, Buffer][] = [
    ['no boundary', 'multipart/form-data', body(`${disposition}\r\nContent-Type: text/plain\r\n\r\nx`)],
    ['file part without Content-Type', type, body(`${disposition}\r\n\r\nx`)],
    [
      'Content-Disposition without name',
      type,
      body('Content-Disposition: form-data; filename="a"\r\nContent-Type: text/plain\r\n\r\nx'),
    ],
    ['no Content-Disposition', type, body('Content-Type: text/plain\r\n\r\nx')],
    ['bad part header', type, body(`${disposition}\r\nContent-Type text/plain\r\n\r\nx`)],
    ['truncated', type, Buffer.from(`--b\r\n${disposition}\r\nContent-Type: text/plain\r\n\r\nxx`)],
    ['missing required file', type, body('Content-Disposition: form-data; name="other"\r\n\r\nx')],
    ['file sent as a plain field', type, body(`Content-Disposition: form-data; name="${file}"\r\n\r\nx`)],
    ['a name with quotes', type, body('Content-Disposition: form-data; name="a\\"b"\r\n\r\nx')],
  ];
  for (const [name, contentType, bytes] of cases) {
    const check = await checkMultipart(contentType, bytes, media);
    expect(check.ok, name).toBe(false);
    if (!check.ok) expect(check.details[0]).toMatchObject({ location: 'body', code: 'invalid_multipart' });
  }
});
