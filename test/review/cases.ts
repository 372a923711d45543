// The change cases of issue 6, as mutations of fixtures/base.yaml. Each names the operation the review must name.
import type { Mutation } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: free-form spec edits
type Doc = Record<string, any>;

export type Case = { name: string; breaking: boolean; operation: string; mutate: Mutation };

const REFUND = '/ar/pix/pix/{endToEndId}/refund/{id}';
const refundBody = (d: Doc) => d.paths[REFUND].put.requestBody.content['application/json'].schema;

export const cases: Case[] = [
  {
    name: 'removed operation',
    breaking: true,
    operation: 'GET /hb/webhook/logs',
    mutate: (d) => delete d.paths['/hb/webhook/logs'],
  },
  {
    name: 'removed response field',
    breaking: true,
    operation: 'POST /hb/transfers/ted',
    mutate: (d) => delete d.components.schemas.TedResponse.properties.status,
  },
  {
    name: 'new required request field',
    breaking: true,
    operation: 'POST /hb/transfers/ted',
    mutate: (d) => {
      d.components.schemas.TedRequest.properties.branchCode = { type: 'string' };
      d.components.schemas.TedRequest.required.push('branchCode');
    },
  },
  {
    name: 'narrowed enum',
    breaking: true,
    operation: 'POST /hb/cards/create',
    mutate: (d) => {
      d.paths['/hb/cards/create'].post.requestBody.content[
        'application/json'
      ].schema.properties.typeCard.enum = ['Virtual'];
    },
  },
  {
    name: 'changed field type',
    breaking: true,
    operation: `PUT ${REFUND}`,
    mutate: (d) => {
      refundBody(d).properties.amount = { type: 'string' };
    },
  },
  {
    name: 'renamed path parameter',
    breaking: true,
    operation: 'PUT /ar/pix/pix/{endToEndId}/refund/{refundId}',
    mutate: (d) => {
      const item = d.paths[REFUND];
      item.put.parameters[1].name = 'refundId';
      delete d.paths[REFUND];
      d.paths['/ar/pix/pix/{endToEndId}/refund/{refundId}'] = item;
    },
  },
  {
    name: 'new optional request field',
    breaking: false,
    operation: 'POST /hb/transfers/ted',
    mutate: (d) => {
      d.components.schemas.TedRequest.properties.accountDigit = { type: 'string' };
    },
  },
  {
    name: 'new operation',
    breaking: false,
    operation: 'POST /hb/webhook/retry',
    mutate: (d) => {
      d.paths['/hb/webhook/retry'] = {
        post: {
          operationId: 'retryWebhook',
          summary: 'Retry webhook',
          responses: { '200': { description: 'Queued' } },
        },
      };
    },
  },
  {
    name: 'new response field',
    breaking: false,
    operation: 'POST /hb/transfers/ted',
    mutate: (d) => {
      d.components.schemas.TedResponse.properties.createdAt = { type: 'string' };
    },
  },
  {
    name: 'description-only change',
    breaking: false,
    operation: 'POST /hb/cards/create',
    mutate: (d) => {
      d.paths['/hb/cards/create'].post.description = 'Creates a virtual or physical card.';
    },
  },
];
