// The one matcher (src/session/match.ts): what a stub's `when`, a journal filter and expectCalled's `where`
// each ask of a request, asked one way.
import { describe, expect, it } from 'vitest';
import { hasPart, matches, type SeenRequest, statusMatches } from '../../src/session/match.ts';

const seen = (over: Partial<SeenRequest> = {}): SeenRequest => ({
  operationId: 'createCard',
  status: 422,
  arrived: 1_000,
  params: { id: 'c-1' },
  query: 'webhookId=wh-1&page=2',
  headers: { 'x-account-id': 'acc-1' },
  body: () => ({ card: { typeCard: 'Virtual', tags: ['a', 'b'] }, alias: 'x' }),
  ...over,
});

describe('matches', () => {
  it('holds every field a pattern gives, and nothing it does not', () => {
    expect(matches({}, seen())).toBe(true);
    expect(matches({ operationId: 'createCard', status: 422 }, seen())).toBe(true);
    expect(matches({ operationId: 'sendPix' }, seen())).toBe(false);
    expect(matches({ status: '4xx' }, seen())).toBe(true);
    expect(matches({ status: '5xx' }, seen())).toBe(false);
    expect(matches({ since: 1_000, until: 1_001 }, seen())).toBe(true);
    expect(matches({ since: 1_001 }, seen())).toBe(false);
    expect(matches({ until: 1_000 }, seen())).toBe(false);
  });

  it('reads parameters, the query and headers (names in any case) as sent', () => {
    expect(matches({ path: { id: 'c-1' }, query: { page: '2' } }, seen())).toBe(true);
    expect(matches({ path: { id: 'c-2' } }, seen())).toBe(false);
    expect(matches({ query: { webhookId: 'wh-2' } }, seen())).toBe(false);
    expect(matches({ headers: { 'X-Account-Id': 'acc-1' } }, seen())).toBe(true);
    expect(matches({ headers: { 'x-account-id': 'acc-2' } }, seen())).toBe(false);
  });

  it('reads the body only when a pattern names one, and matches a part of it', () => {
    let reads = 0;
    const counted = seen({
      body: () => {
        reads++;
        return { alias: 'x' };
      },
    });
    expect(matches({ operationId: 'createCard' }, counted)).toBe(true);
    expect(reads).toBe(0);
    expect(matches({ body: { alias: 'x' } }, counted)).toBe(true);
    expect(reads).toBe(1);
    expect(matches({ body: { card: { typeCard: 'Virtual' } } }, seen())).toBe(true);
    expect(matches({ body: { card: { typeCard: 'Physical' } } }, seen())).toBe(false);
  });
});

describe('hasPart and statusMatches', () => {
  it('compare arrays whole, objects by the fields the part names, leaves exactly', () => {
    expect(hasPart({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(hasPart({ a: [1, 2] }, { a: [1] })).toBe(false);
    expect(hasPart({ a: 1, b: 2 }, { a: 1 })).toBe(true);
    expect(hasPart({ a: '1' }, { a: 1 })).toBe(false);
    expect(hasPart(Object.create({ a: 1 }), { a: 1 })).toBe(false); // own fields only
    expect(hasPart([], {})).toBe(false);
  });

  it('take a status exactly or by its class', () => {
    expect(statusMatches(503, 503)).toBe(true);
    expect(statusMatches(503, '5xx')).toBe(true);
    expect(statusMatches(503, '4xx')).toBe(false);
    expect(statusMatches(0, '4xx')).toBe(false);
  });
});
