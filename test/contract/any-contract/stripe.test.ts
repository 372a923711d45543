// The mock on Stripe's contract, the largest real one the toolkit is measured on (468 operations; hundreds of
// shared, circular schemas): it used to start and then never answer, Prism's dereference of one operation's
// document running for minutes (issue 33). Each request here must be answered, by the contract: an example
// or a value of its schema, a form body judged (a valid one taken, a wrong type refused in Stripe's own error
// shape), an unknown path a 404. The assertions are on answers, not on time; the vitest time-out is what
// would catch a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealMock, startRealMock } from './real-mock.ts';

let stripe: RealMock;
let token: string;
beforeAll(async () => {
  stripe = await startRealMock('stripe');
  token = await stripe.mock.token('sandbox', { scopes: [] });
}, 120_000);
afterAll(() => stripe?.stop());

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the mock on Stripe', () => {
  it('answers a read with a body its schema accepts', async () => {
    const answer = await stripe.call('GET', '/v1/balance', { token });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ object: 'balance', livemode: expect.any(Boolean) });
  }, 60_000);

  it('answers a list, and a create from a valid form body', async () => {
    const list = await stripe.call('GET', '/v1/customers', { token });
    expect(list.status, list.text).toBe(200);
    expect(JSON.parse(list.text)).toMatchObject({ object: 'list', data: expect.any(Array) });
    const created = await stripe.call('POST', '/v1/customers', { token, headers: form, body: 'name=Ana' });
    expect(created.status, created.text).toBe(200);
    expect(JSON.parse(created.text)).toMatchObject({ object: 'customer' });
  }, 60_000);

  it('refuses a form field of the wrong type with a 400 in the error shape Stripe documents', async () => {
    const refused = await stripe.call('POST', '/v1/customers', {
      token,
      headers: form,
      body: 'balance=not-a-number',
    });
    expect(refused.status, refused.text).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({
      error: { message: expect.stringContaining('balance') },
    });
  }, 60_000);

  it('reads a form as its deepObject encoding says: nested lists of objects taken, a nested required field missed refused', async () => {
    // Prism's own form reader refused every deepObject list of objects with a 415 and never read a field
    // behind `anyOf` (nearly all of Stripe's nested ones): the form is read by the contract's encoding now.
    const taxIds = 'tax_id_data[0][type]=eu_vat&tax_id_data[0][value]=DE123456789';
    const created = await stripe.call('POST', '/v1/customers', { token, headers: form, body: taxIds });
    expect(created.status, created.text).toBe(200);
    const customFields = 'invoice_settings[custom_fields][0][name]=PO';
    const refused = await stripe.call('POST', '/v1/customers', { token, headers: form, body: customFields });
    expect(refused.status, refused.text).toBe(400);
    expect(JSON.parse(refused.text).error.message).toContain(
      "invoice_settings.custom_fields.0.value must have required property 'value'",
    );
    const metadata = 'metadata[order_id]=6735&expand[]=default_source&address=';
    const unset = await stripe.call('POST', '/v1/customers', { token, headers: form, body: metadata });
    expect(unset.status, unset.text).toBe(200);
  }, 60_000);

  it("answers a list whose made-up url meets the schema's pattern (Prism's sample does not)", async () => {
    const list = await stripe.call('GET', '/v1/customers', { token });
    expect(list.status, list.text).toBe(200);
    expect(JSON.parse(list.text).url).toMatch(/^\/v1\/customers/);
    expect(list.headers['x-mock-note']).toContain('a value made from the schema');
  }, 60_000);

  it('reads deepObject query parameters: brackets as sent, one left out absent, a bare scalar judged', async () => {
    // Prism built an optional deepObject parameter the query did not name (`automatic_tax`, an object
    // with a required `enabled`) and refused every request without it; the gateway refused `[` in a query.
    const plain = await stripe.call('GET', '/v1/subscriptions', { token });
    expect(plain.status, plain.text).toBe(200);
    const bracketed = await stripe.call('GET', '/v1/subscriptions?expand[]=data.customer&created[gt]=1', {
      token,
    });
    expect(bracketed.status, bracketed.text).toBe(200);
    const scalar = await stripe.call('GET', '/v1/subscriptions?created=1700000000', { token });
    expect(scalar.status, scalar.text).toBe(200);
    const wrong = await stripe.call('GET', '/v1/subscriptions?created=yesterday', { token });
    expect(wrong.status, wrong.text).toBe(400);
  }, 60_000);

  it('answers a path it does not have with a 404', async () => {
    const missing = await stripe.call('GET', '/v1/no-such-thing', { token });
    expect(missing.status, missing.text).toBe(404);
  }, 60_000);
});
