// The two per-call pieces made cheap for speed (bench/client.ts): one timer for every call's deadline, and
// request ids made in batches. The deadlines are also tested end to end over mTLS (bounds.test.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Deadlines } from '../src/deadlines.js';
import { requestId } from '../src/request-id.js';

type Call = { endsAt: number; name?: string; newer: Call | undefined; older: Call | undefined };
const at = (ms: number, name?: string): Call => ({
  endsAt: performance.now() + ms,
  name,
  newer: undefined,
  older: undefined,
});
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('Deadlines', () => {
  it('expires each call at its own deadline, in order, and never one that ended first', async () => {
    const expired: string[] = [];
    const deadlines = new Deadlines<Call>((call) => expired.push(call.name ?? ''));
    const [first, ended, later] = [at(20, 'first'), at(30, 'ended'), at(60, 'later')];
    for (const call of [first, ended, later]) deadlines.add(call);
    deadlines.remove(ended);
    deadlines.remove(ended); // a second time: nothing happens
    await sleep(40);
    expect(expired).toEqual(['first']);
    await sleep(40);
    expect(expired).toEqual(['first', 'later']);
  });

  it('holds the process only while a call is pending', async () => {
    const before = timers();
    const deadlines = new Deadlines<Call>(() => undefined);
    const call = at(30_000);
    deadlines.add(call);
    expect(timers()).toBe(before + 1);
    deadlines.remove(call);
    expect(timers()).toBe(before); // the timer stays armed, unref'd
    const next = at(30_000);
    deadlines.add(next);
    expect(timers()).toBe(before + 1);
    deadlines.remove(next);
    expect(timers()).toBe(before);
  });
});

describe('requestId', () => {
  it('gives distinct random UUIDs (version 4, RFC 9562 variant), across batches', () => {
    const ids = Array.from({ length: 1000 }, requestId);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
