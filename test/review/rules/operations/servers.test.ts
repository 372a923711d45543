// rules/operations/servers.ts: effective servers (own, path item's, document's) per operation.
import { expect, it } from 'vitest';
import { compare, edited, READ, SEND, shared, verdicts } from '../harness.ts';

const base = edited(
  shared({ type: 'string' }),
  (d) =>
    (d.servers = [
      {
        url: '{host}/v1',
        variables: {
          host: { default: 'https://a.example', enum: ['https://a.example', 'https://b.example'] },
        },
      },
    ]),
);

it('a server removed from the document: every operation', () => {
  const head = edited(base, (d) => (d.servers = [{ url: 'https://c.example' }]));
  expect(verdicts(compare(base, head))).toEqual({
    [SEND]: ['server-removed:breaking'],
    [READ]: ['server-removed:breaking'],
  });
});

it('servers set on one operation: that operation only', () => {
  const head = edited(base, (d) => (d.paths['/send'].post.servers = [{ url: 'https://upload.example' }]));
  expect(verdicts(compare(base, head))).toEqual({ [SEND]: ['server-removed:breaking'] });
});

it('a variable value removed: breaking; a server added: non-breaking; written out again: nothing', () => {
  const narrowed = edited(base, (d) => (d.servers[0].variables.host.enum = ['https://a.example']));
  expect(verdicts(compare(base, narrowed))[SEND]).toEqual(['server-variable-changed:breaking']);
  const added = edited(base, (d) => d.servers.push({ url: 'https://mirror.example' }));
  expect(verdicts(compare(base, added))[SEND]).toEqual(['server-added:non-breaking']);
  expect(
    compare(
      base,
      edited(base, (d) => (d.paths['/send'].post.servers = structuredClone(d.servers))),
    ),
  ).toEqual([]);
});
