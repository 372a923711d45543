import { inspect } from 'node:util';
import { util } from 'undici';
import { describe, expect, it } from 'vitest';
import { headerRecord, headerValue } from '../src/headers.js';
import { BufferedResponse } from '../src/response.js';

const make = () =>
  new BufferedResponse(
    new TextEncoder().encode('{"ok":true}'),
    200,
    { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] },
    'https://h/p',
  );

describe('BufferedResponse behaves as a Response', () => {
  it('is a Response with status, url and read-only headers', () => {
    const response = make();
    expect(response).toBeInstanceOf(Response);
    expect(response.headers).toBeInstanceOf(Headers);
    expect([response.status, response.ok, response.url]).toEqual([200, true, 'https://h/p']);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.has('x-none')).toBe(false);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect([...response.headers]).toEqual([
      ['content-type', 'application/json'],
      ['set-cookie', 'a=1, b=2'],
    ]);
    expect(() => response.headers.set('x', 'y')).toThrow(/immutable/);
    // It is built without Response's constructor: what Response reads from its internal state is its own.
    expect(Object.prototype.toString.call(response)).toBe('[object Response]');
    expect([response.statusText, response.type, response.redirected]).toEqual(['', 'default', false]);
    expect(inspect(response)).toBe("Response { status: 200, url: 'https://h/p', bodyUsed: false }");
    expect(JSON.stringify(response)).toBe('{"status":200,"url":"https://h/p"}'); // never the body
    expect(new BufferedResponse(null, 404, {}, 'u').ok).toBe(false);
  });

  it('reads the body once, in any form; clone gives a second read', async () => {
    const response = make();
    const copy = response.clone();
    expect(await response.json()).toEqual({ ok: true });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(/already been read/);
    expect(await new Response(copy.body).text()).toBe('{"ok":true}');
    expect(
      await make()
        .blob()
        .then((b) => b.type),
    ).toBe('application/json');
    expect(new Uint8Array(await make().arrayBuffer()).length).toBe(11);
    expect(new BufferedResponse(null, 204, {}, 'u').body).toBeNull();
  });
});

describe('headers kept raw (undici’s v1 handler shape)', () => {
  const raw = [
    ['Content-Type', 'application/json'],
    ['Content-Length', '11'],
    ['Set-Cookie', 'a=1'],
    ['set-cookie', 'b=2'],
    ['X-Dup', '1'],
    ['x-dup', '2'],
    ['X-Content-Lengths', 'no'],
  ].flatMap(([name, value]) => [Buffer.from(name as string), Buffer.from(value as string)]);

  it('reads one header without parsing the rest, as the parsed record would give it', () => {
    for (const name of ['content-length', 'x-dup', 'content-type', 'set-cookie', 'x-none'])
      expect(headerValue(raw, name), name).toBe(headerValue(util.parseHeaders(raw), name));
    expect(headerValue(raw, 'x-dup')).toBe('1, 2');
    expect(headerValue(raw, 'x-none')).toBeNull();
    expect(headerRecord(raw)).toEqual(util.parseHeaders(raw));
  });

  it('is a Response whose headers are the same as from a parsed record', () => {
    const fromRaw = new BufferedResponse(new TextEncoder().encode('{"ok":true}'), 200, raw, 'https://h/p');
    const parsed = new BufferedResponse(null, 200, util.parseHeaders(raw), 'https://h/p');
    expect(BufferedResponse.headerOf(fromRaw, 'content-length')).toBe('11');
    expect([...fromRaw.headers]).toEqual([...parsed.headers]);
    expect(fromRaw.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(BufferedResponse.headerOf(fromRaw, 'x-dup')).toBe('1, 2'); // after the parse too
    expect(fromRaw.clone().headers.get('X-Dup')).toBe('1, 2');
  });
});
