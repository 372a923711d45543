// The sessions (src/session/sessions.ts): the default one and those opened, bounded in number, closed when
// idle; the session a request names, and the refusal of a name no open session has.
import { describe, expect, it } from 'vitest';
import { TooManySessionsError } from '../../src/api/errors.ts';
import { defaultSessionLimits } from '../../src/api/limits.ts';
import { DEFAULT_SESSION } from '../../src/api/names.ts';
import { journalRedactor } from '../../src/session/journal.ts';
import { Session } from '../../src/session/session.ts';
import { Sessions, sessionOf, unknownSessionRefusal } from '../../src/session/sessions.ts';
import { model } from './served.ts';

const contract = {
  model,
  operationIds: model.operations.map((o) => o.operationId),
  redactor: journalRedactor(model),
};
const stores = { journal: {}, state: {}, stubs: {} };

function sessions(maxSessions = 2): Sessions {
  const defaultSession = new Session(DEFAULT_SESSION, contract, stores, { stateful: false });
  return new Sessions(contract, defaultSession, { ...defaultSessionLimits, maxSessions }, false);
}

describe('the sessions', () => {
  it('give each request the session its header names; a name no open session has is the default one, marked unknown', () => {
    const all = sessions();
    const opened = all.open();
    expect(sessionOf(all, opened.id)).toEqual({ session: opened, unknown: false });
    expect(sessionOf(all, undefined)).toEqual({ session: all.default, unknown: false });
    expect(sessionOf(all, DEFAULT_SESSION)).toEqual({ session: all.default, unknown: false });
    expect(sessionOf(all, 'closed-or-never-was')).toEqual({ session: all.default, unknown: true });
    expect(sessionOf(all, ['a', 'b'])).toEqual({ session: all.default, unknown: true });
    expect(unknownSessionRefusal('/hb/cards/create')).toMatchObject({
      status_code: 400,
      code: 'UNKNOWN_MOCK_SESSION',
    });
    expect(unknownSessionRefusal('/__mock/sessions')).toBeUndefined(); // opening one works whatever the header says
  });

  it('open no more than the limit, and close those idle past their timeout', () => {
    const all = sessions(2);
    all.open();
    // A timeout no slow machine reaches between two lines; then its last use moved past it.
    const idle = all.open({ idleTimeoutMs: 60_000 });
    expect(() => all.open()).toThrow(TooManySessionsError);
    idle.touch(Date.now() - 60_001);
    expect(all.get(idle.id)).toBeUndefined();
    expect(all.openCount).toBe(1);
    expect(all.close(DEFAULT_SESSION)).toBe(false); // the default session stays
  });

  it('describe themselves as the admin route shows them, and reset to the faults they started with', () => {
    const all = sessions();
    expect(all.default.info()).toEqual({
      id: DEFAULT_SESSION,
      stateful: false,
      idleTimeoutSeconds: null,
      expiresAt: null,
    });
    expect(all.open({ stateful: true, idleTimeoutMs: 60_000 }).info()).toMatchObject({
      stateful: true,
      idleTimeoutSeconds: 60,
    });
    const faulty = new Session('s', contract, stores, { faults: { sendPix: { status: 503 } } });
    faulty.faults.set('createCard', { drop: true });
    faulty.reset();
    expect(Object.keys(faulty.faults.list())).toEqual(['sendPix']);
  });
});
