// The base of the third set of hard cases (issue 36): fixtures/base.yaml grown the way a spec grows, with
// what the cases edit: schemas shared by one operation's request and another's response, a recursive and a
// mutually recursive schema, a shared response header, path-item parameters on a path of two operations, an
// operation overriding the document's security, a multipart upload with encodings, a webhook (3.1) whose
// payload a path operation also sends, and a callback.
import type { Mutation } from '../helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: free-form spec edits
export type Doc = Record<string, any>;

export const TED = 'POST /hb/transfers/ted';
export const CARDS = 'POST /hb/cards/create';
export const LOGS = 'GET /hb/webhook/logs';
export const REFUND = 'PUT /ar/pix/pix/{endToEndId}/refund/{id}';
export const ACCOUNT = 'GET /hb/accounts/{accountId}';
export const CLOSE = 'DELETE /hb/accounts/{accountId}';
export const CNAB = 'POST /hb/cnab/240/files';
export const CHARGE = 'POST /hb/pix/charges';
export const GRAPH = 'POST /hb/graphs';
export const EVENTS = 'POST /hb/pix/events';
export const WEBHOOK = 'POST webhook pixReceived';
export const CALLBACK = 'POST callback onPaid {$request.body#/callbackUrl} of POST /hb/pix/charges';

export const ref = (name: string, kind = 'schemas') => ({ $ref: `#/components/${kind}/${name}` });
export const json = (schema: unknown) => ({ 'application/json': { schema } });
const ok = (schema: unknown, headers?: unknown) => ({
  description: 'OK',
  ...(headers ? { headers } : {}),
  content: json(schema),
});
const rate = () => ({ 'X-Rate-Limit': ref('RateLimit', 'headers') });

/** Shared components: Party (sent by TED, read by CARDS), Money, PixEvent (sent by EVENTS, sent to receivers of the webhook), the recursive Category, the mutually recursive Node and Edge. */
function components(d: Doc): void {
  const s = d.components.schemas;
  s.Money = { type: 'number', minimum: 0 };
  s.Party = {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', maxLength: 60 },
      document: { type: 'string' },
      nickname: { type: ['string', 'null'] },
    },
  };
  s.PixEvent = {
    type: 'object',
    required: ['kind', 'amount'],
    properties: {
      kind: { type: 'string', enum: ['RECEIVED', 'RETURNED'] },
      amount: ref('Money'),
      endToEndId: { type: 'string' },
    },
  };
  s.Ack = { type: 'object', properties: { received: { type: 'boolean' } } };
  s.Category = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, children: { type: 'array', items: ref('Category') } },
  };
  s.Node = {
    type: 'object',
    properties: { label: { type: 'string' }, edges: { type: 'array', items: ref('Edge') } },
  };
  s.Edge = { type: 'object', properties: { weight: { type: 'number', maximum: 100 }, target: ref('Node') } };
  s.ChargePaid = {
    type: 'object',
    required: ['txid'],
    properties: { txid: { type: 'string' }, paidAt: { type: 'string', format: 'date-time' } },
  };
  d.components.headers = { RateLimit: { required: true, schema: { type: 'integer', format: 'int32' } } };
  d.components.securitySchemes.apiKey = { type: 'apiKey', in: 'header', name: 'x-api-key' };
}

/** TED sends Party and Money; CARDS reads Party and returns a rate limit; LOGS returns the recursive Category under 2XX. */
function sharedUses(d: Doc): void {
  const ted = d.components.schemas.TedRequest.properties;
  ted.payer = ref('Party');
  ted.amount = ref('Money');
  const card = d.paths['/hb/cards/create'].post;
  card.requestBody.content['application/json'].schema.properties.programId = {
    type: 'integer',
    format: 'int32',
  };
  card.responses['200'] = ok(
    {
      type: 'object',
      properties: {
        card: {
          type: 'object',
          properties: {
            holder: ref('Party'),
            limit: { type: 'integer', format: 'int32' },
            cardProxy: { type: 'string' },
            status: { type: 'string' },
          },
        },
      },
    },
    rate(),
  );
  d.paths['/hb/transfers/ted'].post.responses['200'].headers = rate();
  const logs = d.paths['/hb/webhook/logs'].get;
  logs.parameters.push(
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    { name: 'status', in: 'query', schema: { type: 'string', enum: ['OK', 'FAILED'] } },
  );
  logs.responses = { '2XX': ok({ type: 'array', items: ref('Category') }, rate()) };
}

/** A path of two operations sharing path-item parameters, one of them overriding the document's security. */
function accounts(d: Doc): void {
  d.paths['/hb/accounts/{accountId}'] = {
    parameters: [
      { name: 'accountId', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]{1,10}$' } },
    ],
    get: {
      operationId: 'getAccount',
      summary: 'Get account',
      responses: { '200': ok({ type: 'object', properties: { id: { type: 'string' } } }) },
    },
    delete: {
      operationId: 'closeAccount',
      summary: 'Close account',
      security: [{ apiKey: [] }],
      responses: { '204': { description: 'Closed' } },
    },
  };
}

/** A multipart upload, a callback, a recursive request body and an operation that sends PixEvent. */
function operations(d: Doc): void {
  d.paths['/hb/cnab/240/files'] = {
    post: {
      operationId: 'uploadCnab',
      summary: 'Upload CNAB 240',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary' },
                scan: { type: 'string', format: 'binary' },
                note: { type: 'string' },
              },
            },
            encoding: { scan: { contentType: 'image/png, image/jpeg' } },
          },
        },
      },
      responses: { '201': ok({ type: 'object', properties: { id: { type: 'string' } } }) },
    },
  };
  d.paths['/hb/pix/charges'] = {
    post: {
      operationId: 'createCharge',
      summary: 'Create charge',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: { callbackUrl: { type: 'string', format: 'uri' }, amount: ref('Money') },
        }),
      },
      responses: { '201': ok({ type: 'object', properties: { txid: { type: 'string' } } }) },
      callbacks: {
        onPaid: {
          '{$request.body#/callbackUrl}': {
            post: {
              requestBody: { content: json(ref('ChargePaid')) },
              responses: { '204': { description: 'Received' } },
            },
          },
        },
      },
    },
  };
  d.paths['/hb/graphs'] = {
    post: {
      operationId: 'createGraph',
      summary: 'Create graph',
      requestBody: { content: json(ref('Node')) },
      responses: { '201': { description: 'Created' } },
    },
  };
  d.paths['/hb/pix/events'] = {
    post: {
      operationId: 'replayEvent',
      summary: 'Replay a Pix event',
      requestBody: { required: true, content: json(ref('PixEvent')) },
      responses: { '202': { description: 'Queued' } },
    },
  };
  d.webhooks = {
    pixReceived: {
      post: {
        summary: 'Pix received',
        requestBody: { required: true, content: json(ref('PixEvent')) },
        responses: { '200': ok(ref('Ack')) },
      },
    },
  };
}

export const setup: Mutation = (d: Doc) => {
  components(d);
  sharedUses(d);
  accounts(d);
  operations(d);
};
