// The third set of hard cases (issue 36), as edits of setup.ts's base: each with the exact operations the
// review must name and the level each gets (`document` for what no operation reaches; `{}`: no finding at
// all). By class: equivalent rewrites, effective (inherited) values, direction, encodings, webhooks and
// callbacks, and the gate's own truths (one finding per change, new success statuses, recursion).
import type { Mutation } from '../helpers.ts';
import {
  ACCOUNT,
  CALLBACK,
  CARDS,
  CHARGE,
  CLOSE,
  CNAB,
  type Doc,
  EVENTS,
  GRAPH,
  json,
  LOGS,
  REFUND,
  ref,
  TED,
  WEBHOOK,
} from './setup.ts';

export type Level = 'breaking' | 'non-breaking' | 'info';
export type ThirdCase = {
  name: string;
  class: 'equivalent' | 'effective' | 'direction' | 'encoding' | 'webhook' | 'gate';
  change: Mutation;
  /** Every operation named, with the highest level of its findings; `{}`: no finding. */
  expected: Record<string, Level>;
  /** The rule the expected findings come from. */
  rule?: string;
  /** How many findings in all (one per change). */
  count?: number;
};

const s = (d: Doc) => d.components.schemas;
const party = (d: Doc) => s(d).Party.properties;
const logs = (d: Doc) => d.paths['/hb/webhook/logs'].get;
const cardResponse = (d: Doc) => d.paths['/hb/cards/create'].post.responses['200'];
const cardRequest = (d: Doc) =>
  d.paths['/hb/cards/create'].post.requestBody.content['application/json'].schema;
const multipart = (d: Doc) => d.paths['/hb/cnab/240/files'].post.requestBody.content['multipart/form-data'];
const PATH_OPERATIONS = [TED, CARDS, REFUND, LOGS, ACCOUNT, CNAB, CHARGE, GRAPH, EVENTS];
const all = (level: Level, ops: string[]) => Object.fromEntries(ops.map((op) => [op, level]));

const equivalent: ThirdCase[] = [
  {
    name: 'allOf split whose parts add up to the old schema',
    class: 'equivalent',
    change: (d) => {
      const { name, ...rest } = party(d);
      s(d).PartyBase = { type: 'object', required: ['name'], properties: { name } };
      s(d).Party = { allOf: [ref('PartyBase'), { properties: rest }] };
    },
    expected: {},
  },
  {
    name: 'parameter serialization written out with its default values',
    class: 'equivalent',
    change: (d) => {
      for (const p of logs(d).parameters) Object.assign(p, { style: 'form', explode: true });
      Object.assign(d.components.parameters.AccountId, { style: 'simple', explode: false });
    },
    expected: {},
  },
  {
    name: 'parameters moved from the operation to its path item',
    class: 'equivalent',
    change: (d) => {
      const item = d.paths['/ar/pix/pix/{endToEndId}/refund/{id}'];
      item.parameters = item.put.parameters;
      delete item.put.parameters;
    },
    expected: {},
  },
  {
    name: 'a media type gaining a parameter that means the same (charset=utf-8 on JSON)',
    class: 'equivalent',
    change: (d) => {
      const body = d.paths['/hb/transfers/ted'].post.requestBody;
      body.content = { 'Application/JSON; Charset="UTF-8"': body.content['application/json'] };
    },
    expected: {},
  },
  {
    name: 'a documentation-only field of a security scheme (description, bearerFormat)',
    class: 'equivalent',
    change: (d) => {
      Object.assign(d.components.securitySchemes.bearerAuth, {
        bearerFormat: 'opaque',
        description: 'A token.',
      });
    },
    expected: { document: 'info' },
    rule: 'documentation-changed',
  },
  {
    name: 'a success range narrowed to one code inside it (2XX → 200)',
    class: 'equivalent',
    change: (d) => {
      logs(d).responses = { '200': logs(d).responses['2XX'] };
    },
    expected: {},
  },
  {
    name: 'nullable spelled as a oneOf null branch instead of a type list',
    class: 'equivalent',
    change: (d) => {
      party(d).nickname = { oneOf: [{ type: 'null' }, { type: 'string' }] };
    },
    expected: {},
  },
  {
    name: "an integer's exclusive minimum written for the inclusive one it means",
    class: 'equivalent',
    change: (d) => {
      logs(d).parameters[1].schema = { type: 'integer', exclusiveMinimum: 0 };
    },
    expected: {},
  },
  {
    name: 'inherited security written out on the operation',
    class: 'equivalent',
    change: (d) => {
      d.paths['/hb/accounts/{accountId}'].get.security = [{ bearerAuth: [] }];
    },
    expected: {},
  },
  {
    name: "the document's servers written out on one operation",
    class: 'equivalent',
    change: (d) => {
      d.paths['/hb/cnab/240/files'].post.servers = structuredClone(d.servers);
    },
    expected: {},
  },
  {
    name: 'a $ref to a component that is itself a $ref to the same schema',
    class: 'equivalent',
    change: (d) => {
      s(d).Payer = ref('Party');
      s(d).TedRequest.properties.payer = ref('Payer');
    },
    expected: {},
  },
  {
    name: "a multipart part's default content type written out",
    class: 'equivalent',
    change: (d) => {
      multipart(d).encoding.file = { contentType: 'application/octet-stream' };
      multipart(d).encoding.note = { contentType: 'text/plain' };
    },
    expected: {},
  },
  {
    name: 'a response header renamed only in case: the same header on the wire',
    class: 'equivalent',
    change: (d) => {
      const headers = cardResponse(d).headers;
      headers['x-rate-limit'] = headers['X-Rate-Limit'];
      delete headers['X-Rate-Limit'];
    },
    expected: { [CARDS]: 'info' },
    rule: 'header-name-case-changed',
  },
];

const effective: ThirdCase[] = [
  {
    name: "an operation's security override removed: it inherits the document's",
    class: 'effective',
    change: (d) => {
      delete d.paths['/hb/accounts/{accountId}'].delete.security;
    },
    expected: { [CLOSE]: 'breaking' },
    rule: 'security-requirement-changed',
  },
  {
    name: "the document's security made stricter: every operation inheriting it, not the one overriding it",
    class: 'effective',
    change: (d) => {
      d.security = [{ bearerAuth: [], apiKey: [] }];
    },
    expected: all('breaking', PATH_OPERATIONS),
    rule: 'security-requirement-changed',
  },
  {
    name: 'servers set on one operation',
    class: 'effective',
    change: (d) => {
      d.paths['/hb/cnab/240/files'].post.servers = [{ url: 'https://upload.example' }];
    },
    expected: { [CNAB]: 'breaking' },
    rule: 'server-removed',
  },
  {
    name: "a shared response header's type changed: every operation using it",
    class: 'effective',
    change: (d) => {
      d.components.headers.RateLimit.schema = { type: 'string' };
    },
    expected: all('breaking', [TED, CARDS, LOGS]),
    rule: 'schema-type-changed',
  },
  {
    name: 'a shared response header made optional: every operation using it',
    class: 'effective',
    change: (d) => {
      d.components.headers.RateLimit.required = false;
    },
    expected: all('breaking', [TED, CARDS, LOGS]),
    rule: 'response-header-became-optional',
  },
  {
    name: 'a keyword beside a $ref (3.1) narrows one use of a shared schema',
    class: 'effective',
    change: (d) => {
      s(d).TedRequest.properties.amount = { ...ref('Money'), maximum: 1000000 };
    },
    expected: { [TED]: 'breaking' },
    rule: 'maximum-changed',
  },
  {
    name: 'a path-item parameter narrowed: every operation of the path',
    class: 'effective',
    change: (d) => {
      d.paths['/hb/accounts/{accountId}'].parameters[0].schema.pattern = '^[0-9]{1,8}$';
    },
    expected: all('breaking', [ACCOUNT, CLOSE]),
    rule: 'pattern-changed',
  },
  {
    name: 'a path-item parameter narrowed where one operation overrides it: only the other',
    class: 'effective',
    change: (d) => {
      const item = d.paths['/hb/accounts/{accountId}'];
      item.delete.parameters = [structuredClone(item.parameters[0])];
      item.parameters[0].schema.pattern = '^[0-9]{1,8}$';
    },
    expected: { [ACCOUNT]: 'breaking' },
    rule: 'pattern-changed',
  },
];

const direction: ThirdCase[] = [
  {
    name: 'a format widened in a request (int32 → int64): no break for senders',
    class: 'direction',
    change: (d) => {
      cardRequest(d).properties.programId.format = 'int64';
    },
    expected: { [CARDS]: 'info' },
    rule: 'format-changed',
  },
  {
    name: 'a format widened in a response (int32 → int64): readers break',
    class: 'direction',
    change: (d) => {
      cardResponse(d).content['application/json'].schema.properties.card.properties.limit.format = 'int64';
    },
    expected: { [CARDS]: 'breaking' },
    rule: 'format-changed',
  },
  {
    name: 'an inclusive bound made exclusive: breaks senders, the webhook receiver reads it',
    class: 'direction',
    change: (d) => {
      s(d).Money = { type: 'number', exclusiveMinimum: 0 };
    },
    expected: { [TED]: 'breaking', [EVENTS]: 'breaking', [CHARGE]: 'breaking', [WEBHOOK]: 'info' },
    rule: 'minimum-changed',
  },
  {
    name: "a shared type widened (number → number | string): breaks only the webhook's receivers",
    class: 'direction',
    change: (d) => {
      s(d).Money = { type: ['number', 'string'], minimum: 0 };
    },
    expected: { [TED]: 'info', [EVENTS]: 'info', [CHARGE]: 'info', [WEBHOOK]: 'breaking' },
    rule: 'schema-type-changed',
  },
  {
    name: 'a maximum length raised on a shared field: breaks its reader, not its sender',
    class: 'direction',
    change: (d) => {
      party(d).name.maxLength = 80;
    },
    expected: { [CARDS]: 'breaking', [TED]: 'info' },
    rule: 'max-length-changed',
  },
  {
    name: 'a pattern set on a shared field: breaks its sender, not its reader',
    class: 'direction',
    change: (d) => {
      party(d).document.pattern = '^[0-9]{11}$';
    },
    expected: { [TED]: 'breaking', [CARDS]: 'info' },
    rule: 'pattern-changed',
  },
  {
    name: 'a shared field made nullable: breaks its reader',
    class: 'direction',
    change: (d) => {
      party(d).document.type = ['string', 'null'];
    },
    expected: { [CARDS]: 'breaking', [TED]: 'info' },
    rule: 'nullable-changed',
  },
  {
    name: 'a shared field no longer nullable: breaks its sender',
    class: 'direction',
    change: (d) => {
      party(d).nickname = { type: 'string' };
    },
    expected: { [TED]: 'breaking', [CARDS]: 'info' },
    rule: 'nullable-changed',
  },
  {
    name: 'a query parameter enum widened: no break for senders',
    class: 'direction',
    change: (d) => {
      logs(d).parameters[2].schema.enum.push('PENDING');
    },
    expected: { [LOGS]: 'info' },
    rule: 'enum-values-added',
  },
  {
    name: 'a request header parameter given a pattern: breaks its senders',
    class: 'direction',
    change: (d) => {
      d.components.parameters.AccountId.schema.pattern = '^[0-9]+$';
    },
    expected: all('breaking', [TED, CARDS]),
    rule: 'pattern-changed',
  },
  {
    name: 'a shared response header bounded: no break for its readers',
    class: 'direction',
    change: (d) => {
      d.components.headers.RateLimit.schema.maximum = 1000;
    },
    expected: all('info', [TED, CARDS, LOGS]),
    rule: 'maximum-changed',
  },
];

const encoding: ThirdCase[] = [
  {
    name: "a multipart part's content types narrowed: breaks senders",
    class: 'encoding',
    change: (d) => {
      multipart(d).encoding.scan.contentType = 'image/png';
    },
    expected: { [CNAB]: 'breaking' },
    rule: 'encoding-changed',
  },
  {
    name: "a multipart part's content types widened: no break",
    class: 'encoding',
    change: (d) => {
      multipart(d).encoding.scan.contentType = 'image/png, image/jpeg, application/pdf';
    },
    expected: { [CNAB]: 'info' },
    rule: 'encoding-changed',
  },
  {
    name: 'a multipart text part sent as JSON instead: breaks senders',
    class: 'encoding',
    change: (d) => {
      multipart(d).encoding.note = { contentType: 'application/json' };
    },
    expected: { [CNAB]: 'breaking' },
    rule: 'encoding-changed',
  },
];

const webhooks: ThirdCase[] = [
  {
    name: "a webhook payload's enum narrowed: breaks the operation sending it, not the webhook's receivers",
    class: 'webhook',
    change: (d) => {
      s(d).PixEvent.properties.kind.enum = ['RECEIVED'];
    },
    expected: { [EVENTS]: 'breaking', [WEBHOOK]: 'info' },
    rule: 'enum-values-removed',
  },
  {
    name: "a webhook payload's enum widened: breaks the webhook's receivers, not the sender",
    class: 'webhook',
    change: (d) => {
      s(d).PixEvent.properties.kind.enum.push('REFUNDED');
    },
    expected: { [EVENTS]: 'info', [WEBHOOK]: 'breaking' },
    rule: 'enum-values-added',
  },
  {
    name: 'a webhook payload field made required: breaks the sender, the receiver just gets it',
    class: 'webhook',
    change: (d) => {
      s(d).PixEvent.required.push('endToEndId');
    },
    expected: { [EVENTS]: 'breaking', [WEBHOOK]: 'info' },
    rule: 'required-properties-added',
  },
  {
    name: "a webhook's response field made required: breaks receivers, who send it back",
    class: 'webhook',
    change: (d) => {
      s(d).Ack.required = ['received'];
    },
    expected: { [WEBHOOK]: 'breaking' },
    rule: 'required-properties-added',
  },
  {
    name: 'a webhook removed: named under the webhook alone',
    class: 'webhook',
    change: (d) => {
      delete d.webhooks;
    },
    expected: { [WEBHOOK]: 'breaking' },
    rule: 'webhook-removed',
  },
  {
    name: "a callback payload's field removed: breaks the callback's receivers, not its operation",
    class: 'webhook',
    change: (d) => {
      delete s(d).ChargePaid.properties.paidAt;
    },
    expected: { [CALLBACK]: 'breaking' },
    rule: 'property-removed',
  },
  {
    name: 'a callback added to an operation: named under the callback, non-breaking',
    class: 'webhook',
    change: (d) => {
      d.paths['/hb/graphs'].post.callbacks = {
        onDone: {
          '{$request.body#/url}': {
            post: { requestBody: { content: json(ref('Ack')) }, responses: { '204': { description: 'OK' } } },
          },
        },
      };
    },
    expected: { 'POST callback onDone {$request.body#/url} of POST /hb/graphs': 'non-breaking' },
    rule: 'callback-added',
  },
];

const gate: ThirdCase[] = [
  {
    name: 'a new required request property: one finding, not two',
    class: 'gate',
    change: (d) => {
      s(d).TedRequest.properties.branchCode = { type: 'string' };
      s(d).TedRequest.required.push('branchCode');
    },
    expected: { [TED]: 'breaking' },
    rule: 'property-added',
    count: 1,
  },
  {
    name: 'a new success status with another body: the generated client gets a union',
    class: 'gate',
    change: (d) => {
      d.paths['/hb/cards/create'].post.responses['201'] = {
        description: 'Queued',
        content: json({ type: 'object', properties: { ticket: { type: 'string' } } }),
      };
    },
    expected: { [CARDS]: 'breaking' },
    rule: 'response-success-status-added',
  },
  {
    name: 'a new success status with the same body: the generated client is unchanged',
    class: 'gate',
    change: (d) => {
      d.paths['/hb/cards/create'].post.responses['201'] = {
        description: 'Created',
        content: structuredClone(cardResponse(d).content),
      };
    },
    expected: { [CARDS]: 'non-breaking' },
    rule: 'response-success-status-added',
  },
  {
    name: 'a 204 added beside a 200 with a body: data may be undefined',
    class: 'gate',
    change: (d) => {
      d.paths['/hb/transfers/ted'].post.responses['204'] = { description: 'Nothing to do' };
    },
    expected: { [TED]: 'breaking' },
    rule: 'response-success-status-added',
  },
  {
    name: "a success status outside the client's typed ones (226): non-breaking",
    class: 'gate',
    change: (d) => {
      d.paths['/hb/transfers/ted'].post.responses['226'] = { description: 'IM used' };
    },
    expected: { [TED]: 'non-breaking' },
    rule: 'response-success-status-added',
  },
  {
    name: "a recursive schema's field retyped: the operation reading it, once",
    class: 'gate',
    change: (d) => {
      s(d).Category.properties.name = { type: 'integer' };
    },
    expected: { [LOGS]: 'breaking' },
    rule: 'schema-type-changed',
    count: 1,
  },
  {
    name: 'a recursive schema gains an optional field',
    class: 'gate',
    change: (d) => {
      s(d).Category.properties.code = { type: 'string' };
    },
    expected: { [LOGS]: 'non-breaking' },
    rule: 'property-added',
    count: 1,
  },
  {
    name: 'a mutually recursive schema narrowed: the operation sending it',
    class: 'gate',
    change: (d) => {
      s(d).Edge.properties.weight.maximum = 50;
    },
    expected: { [GRAPH]: 'breaking' },
    rule: 'maximum-changed',
    count: 1,
  },
  {
    name: 'a mutually recursive schema gains a required field',
    class: 'gate',
    change: (d) => {
      s(d).Node.required = ['label'];
    },
    expected: { [GRAPH]: 'breaking' },
    rule: 'required-properties-added',
    count: 1,
  },
];

export const thirdCases: ThirdCase[] = [
  ...equivalent,
  ...effective,
  ...direction,
  ...encoding,
  ...webhooks,
  ...gate,
];
