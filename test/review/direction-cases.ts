// The cases of issue 26, as edits of fixtures/base.yaml after a common setup (a schema shared by one
// operation's request and another's response, an error envelope with `default`, an OAuth scheme): each
// with the exact operations and levels the review must give.
import type { Mutation } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: free-form spec edits
type Doc = Record<string, any>;

export const TED = 'POST /hb/transfers/ted';
export const CARDS = 'POST /hb/cards/create';
export const LOGS = 'GET /hb/webhook/logs';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Both sides: AccountType and Note sent by TED and read by CARDS; TED's 404 and default; OAuth on CARDS, LOGS. */
export const setup: Mutation = (d: Doc) => {
  const s = d.components.schemas;
  s.AccountType = { type: 'string', enum: ['CHECKING', 'SAVINGS', 'PAYMENT_ACCOUNT'] };
  s.Note = {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string' }, tag: { type: 'string', default: 'none' } },
  };
  s.Error = { type: 'object', 'x-envelope': 'error', properties: { code: { type: 'string' } } };
  s.TedRequest.properties.accountType = ref('AccountType');
  s.TedRequest.properties.note = ref('Note');
  const card = d.paths['/hb/cards/create'].post.responses['200'].content['application/json'].schema;
  card.properties.card.properties.accountType = ref('AccountType');
  card.properties.card.properties.note = ref('Note');
  const ted = d.paths['/hb/transfers/ted'].post.responses;
  ted['404'] = { description: 'Not found', content: json(ref('Error')) };
  ted.default = { description: 'Any other error', content: json(ref('Error')) };
  d.components.securitySchemes.oauth = {
    type: 'oauth2',
    flows: {
      clientCredentials: {
        tokenUrl: 'https://auth.example/token',
        scopes: { 'cards.write': 'Create cards', 'logs.read': 'Read webhook logs' },
      },
    },
  };
  d.paths['/hb/cards/create'].post.security = [{ oauth: ['cards.write'] }];
  d.paths['/hb/webhook/logs'].get.security = [{ oauth: ['logs.read'] }];
  d.paths['/hb/webhook/logs'].get.parameters[0].schema.default = 'all';
};

export type Expected = Record<string, 'breaking' | 'non-breaking' | 'info'>;
export type DirectionCase = { name: string; change: Mutation; expected: Expected; rule?: string };

const schemas = (d: Doc) => d.components.schemas;

export const directionCases: DirectionCase[] = [
  {
    name: 'shared enum narrowed: breaks the operation that sends it, info for the one that reads it',
    change: (d) => {
      schemas(d).AccountType.enum = ['CHECKING', 'PAYMENT_ACCOUNT'];
    },
    expected: { [TED]: 'breaking', [CARDS]: 'info' },
    rule: 'enum-values-removed',
  },
  {
    name: 'shared enum widened: breaks the operation that reads it, info for the one that sends it',
    change: (d) => {
      schemas(d).AccountType.enum.push('SALARY');
    },
    expected: { [CARDS]: 'breaking', [TED]: 'info' },
    rule: 'enum-values-added',
  },
  {
    name: 'shared property made readOnly: breaks the sender',
    change: (d) => {
      schemas(d).Note.properties.tag.readOnly = true;
    },
    expected: { [TED]: 'breaking', [CARDS]: 'info' },
    rule: 'read-only-changed',
  },
  {
    name: 'shared property made writeOnly: breaks the reader',
    change: (d) => {
      schemas(d).Note.properties.tag.writeOnly = true;
    },
    expected: { [CARDS]: 'breaking', [TED]: 'info' },
    rule: 'write-only-changed',
  },
  {
    name: 'query parameter default changed: breaks its operation',
    change: (d) => {
      d.paths['/hb/webhook/logs'].get.parameters[0].schema.default = 'recent';
    },
    expected: { [LOGS]: 'breaking' },
    rule: 'default-changed',
  },
  {
    name: 'shared property default changed: breaks the sender, info for the reader',
    change: (d) => {
      schemas(d).Note.properties.tag.default = 'misc';
    },
    expected: { [TED]: 'breaking', [CARDS]: 'info' },
    rule: 'default-changed',
  },
  {
    name: 'header name changed only in case: a type change for the client, not a wire break',
    change: (d) => {
      d.components.parameters.AccountId.name = 'X-Account-Id';
    },
    expected: { [TED]: 'non-breaking', [CARDS]: 'non-breaking' },
    rule: 'header-name-case-changed',
  },
  {
    name: "OAuth flow's token URL changed: breaks every operation using the scheme",
    change: (d) => {
      d.components.securitySchemes.oauth.flows.clientCredentials.tokenUrl = 'https://login.example/token';
    },
    expected: { [CARDS]: 'breaking', [LOGS]: 'breaking' },
    rule: 'oauth-token-url-changed',
  },
  {
    name: 'OAuth scope removed: breaks the operation requiring it, info for the other users',
    change: (d) => {
      delete d.components.securitySchemes.oauth.flows.clientCredentials.scopes['logs.read'];
    },
    expected: { [LOGS]: 'breaking', [CARDS]: 'info' },
    rule: 'oauth-scope-removed',
  },
  {
    name: 'error response removed that default still covers with the same envelope: info',
    change: (d) => {
      delete d.paths['/hb/transfers/ted'].post.responses['404'];
    },
    expected: { [TED]: 'info' },
    rule: 'response-covered-by-default',
  },
  {
    name: 'error response removed with nothing covering it: breaking',
    change: (d) => {
      const responses = d.paths['/hb/transfers/ted'].post.responses;
      delete responses['404'];
      delete responses.default;
    },
    expected: { [TED]: 'breaking' },
    rule: 'response-removed',
  },
  {
    name: 'reorder only (keys, required, enum): no finding at all',
    change: (d) => {
      const note = schemas(d).Note;
      note.required = [...note.required].reverse();
      schemas(d).AccountType.enum.reverse();
      schemas(d).TedRequest.required.reverse();
      schemas(d).Note = Object.fromEntries(Object.entries(note).reverse());
      schemas(d).TedRequest.properties = Object.fromEntries(
        Object.entries(schemas(d).TedRequest.properties).reverse(),
      );
    },
    expected: {},
  },
  {
    name: '$ref restructuring (an inline schema moved into a component, unchanged): no finding',
    change: (d) => {
      schemas(d).Amount = { type: 'number' };
      schemas(d).TedRequest.properties.amount = ref('Amount');
    },
    expected: {},
  },
];
