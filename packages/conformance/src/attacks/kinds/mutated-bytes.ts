// A valid request with its bytes mutated (request line, headers, body, multipart) over a fresh mTLS
// connection: no 5xx, no connection held.
import fc from 'fast-check';
import { validRequestFor } from '../../requests/build.js';
import { renderRequest } from '../../requests/wire.js';
import type { Attack } from '../attack.js';
import { wireOutcome } from '../attack.js';
import { byteMutation, honestLength, mutate } from '../bytes.js';

export const mutatedBytes: Attack = {
  kind: 'mutated bytes',
  rationale: 'whatever bytes arrive, the server answers or closes: never a 5xx, never a hang',
  cases: (target) =>
    fc
      .record({
        op: fc.constantFrom(...target.operations),
        mutations: fc.array(byteMutation, { minLength: 1, maxLength: 4 }),
        honest: fc.boolean(),
      })
      .map(({ op, mutations, honest }) => async () => {
        const probe = validRequestFor(op, { idempotency: 'example' });
        let bytes: Buffer = Buffer.from(renderRequest(probe, { token: target.tokens.all }), 'latin1');
        for (const m of mutations) bytes = mutate(bytes, m);
        if (honest) bytes = honestLength(bytes);
        return wireOutcome(await target.wire(bytes, 5000, 500));
      }),
};
