// One reading of the request target: every spelling of a path that names an operation reads as that
// path, and every spelling that could be read two ways is refused.
import { expect, test } from 'vitest';
import { readTarget } from '../src/http/target.ts';

const pathOf = (url: string) => {
  const target = readTarget(url);
  return target.kind === 'resource' ? target.path : target.kind;
};

test('spellings of one path read as that path', () => {
  const spellings = [
    '/hb/webhook/logs',
    '/hb/webhook/%6cogs',
    '/hb/webhook/%6Cogs',
    '/%68%62/%77ebhook/logs',
    '/hb/./webhook/logs',
    '/hb/x/../webhook/logs',
    '/hb/x/y/../../webhook/logs',
    '//hb//webhook///logs',
    '/../../hb/webhook/logs',
    'http://x/hb/webhook/logs',
    'HTTPS://example.com:8443/hb/webhook/logs',
  ];
  for (const url of spellings) expect(pathOf(url), url).toBe('/hb/webhook/logs');
});

test('the query is kept as sent, apart from the path', () => {
  expect(readTarget('/hb/webhook/%6cogs?webhookId=w%20x')).toMatchObject({
    kind: 'resource',
    path: '/hb/webhook/logs',
    query: 'webhookId=w%20x',
    sent: '/hb/webhook/%6cogs',
  });
  expect(readTarget('http://x/hb/webhook/logs?a=1')).toMatchObject({
    path: '/hb/webhook/logs',
    query: 'a=1',
  });
  expect(readTarget('http://x')).toMatchObject({ path: '/' });
  // deepObject parameters as WHATWG URL sends them, brackets unescaped (Stripe's `expand[]`, `created[gt]`).
  expect(readTarget('/v1/subscriptions?expand[]=customer&created[gt]=1')).toMatchObject({
    kind: 'resource',
    query: 'expand[]=customer&created[gt]=1',
  });
});

test('path parameters are canonically encoded: the same value always reads the same', () => {
  expect(pathOf('/ar/boletos/a%20b')).toBe('/ar/boletos/a%20b');
  expect(pathOf('/ar/boletos/%61%3a%40')).toBe('/ar/boletos/a:@');
  expect(pathOf('/ar/boletos/%c3%a9')).toBe('/ar/boletos/%C3%A9');
});

test('targets that cannot be read one way only are malformed', () => {
  const malformed = [
    '/ar/boletos/%ZZ',
    '/ar/boletos/%',
    '/ar/boletos/%4',
    '/ar/boletos/%C0%AE%C0%AE', // overlong UTF-8 for ".."
    '/ar/boletos/%E0%A4%A', // truncated
    '/ar/boletos/%FF',
    '/ar/boletos/a%00b',
    '/ar/boletos/a%0Ab',
    '/hb/webhook%2Flogs',
    '/hb/webhook%5Clogs',
    '/hb/%2E%2E/hb/webhook/logs',
    '/hb/x/%2e%2e/webhook/logs',
    '/hb/%2E/webhook/logs',
    '/hb/webhook/logs?a=%ZZ',
    '/hb/web hook',
    '/hb/"webhook"',
    '/hb/webhook/logs#frag',
    'hb/webhook/logs',
    'ftp://x/hb/webhook/logs',
    'http:/hb/webhook/logs',
  ];
  for (const url of malformed) expect(readTarget(url).kind, url).toBe('malformed');
});

test('the asterisk-form names the server, not a resource', () => {
  expect(readTarget('*').kind).toBe('asterisk');
});
