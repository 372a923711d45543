import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankingClient } from '../src/index.js';
import { json, makePki, type Pki, type Seen, startServer, type TestServer } from './harness.js';

let pki: Pki;
let server: TestServer;
const cnab = `${'0'.repeat(240)}\r\n${'1'.repeat(240)}\r\n`;

/** What the server got as the multipart `file` field. */
async function uploaded(seen: Seen) {
  const form = await new Response(new Uint8Array(seen.body), {
    headers: { 'content-type': String(seen.headers['content-type']) },
  }).formData();
  const file = form.get('file') as File;
  return { name: file.name, text: await file.text(), fields: [...form.keys()] };
}

beforeAll(async () => {
  pki = makePki();
  server = await startServer(pki);
  server.handle((_req, res) => json(res, 200, { upload: { id: 'u-1', status: 'QUEUED', filename: 'x' } }));
});
afterAll(() => server.close());

const client = () =>
  createBankingClient({
    baseUrl: server.url,
    tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
    token: 't',
  });

describe('CNAB 240 upload and bodies', () => {
  it('uploads from a path, a Buffer, a Blob, a Node stream and a web stream as multipart `file`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cnab-'));
    const path = join(dir, 'remessa.rem');
    writeFileSync(path, cnab);
    const api = client();
    const sources = [
      [path, undefined, 'remessa.rem'],
      [{ path }, 'other.rem', 'other.rem'],
      [Buffer.from(cnab), 'buf.rem', 'buf.rem'],
      [new File([cnab], 'file.rem'), undefined, 'file.rem'],
      [createReadStream(path), 'stream.rem', 'stream.rem'],
      [Readable.toWeb(Readable.from([Buffer.from(cnab)])) as ReadableStream, 'web.rem', 'web.rem'],
    ] as const;
    for (const [source, filename, expected] of sources) {
      const { data } = await api.uploadCnab240(source, filename ? { filename } : {});
      expect(data?.upload.status).toBe('QUEUED');
      const seen = server.seen.at(-1) as Seen;
      expect(seen.url).toBe('/hb/cnab/240/files');
      expect(String(seen.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
      expect(await uploaded(seen)).toEqual({ name: expected, text: cnab, fields: ['file'] });
    }
    await api.close();
  });

  it('sends a FormData body built by the caller through the typed POST', async () => {
    const api = client();
    const form = new FormData();
    form.append('file', new Blob([cnab]), 'typed.rem');
    await api.POST('/hb/cnab/240/files', { body: { file: new Blob([cnab]) }, bodySerializer: () => form });
    expect(await uploaded(server.seen.at(-1) as Seen)).toEqual({
      name: 'typed.rem',
      text: cnab,
      fields: ['file'],
    });
    await api.close();
  });

  it('says what is wrong with an unreadable file', async () => {
    const api = client();
    await expect(api.uploadCnab240('/nonexistent/remessa.rem')).rejects.toThrow(
      'uploadCnab240: cannot open /nonexistent/remessa.rem (ENOENT)',
    );
    await api.close();
  });

  it('streams a response body with parseAs: "stream"', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status_code":200,');
      setTimeout(() => res.end('"success":true,"message":"OK","data":{}}'), 20);
    });
    const api = client();
    const { data } = await api.GET('/hb/webhook/logs', {
      params: { query: { webhookId: 'w' } },
      parseAs: 'stream',
    });
    expect(data).toBeInstanceOf(ReadableStream);
    const text = await new Response(data).text();
    expect(JSON.parse(text)).toMatchObject({ success: true });
    await api.close();
  });
});
