// The probes of the three audit rounds, as one suite: the `hostile` project of vitest.config.ts, run by
// `npm test` with everything else and alone by `npm run test:hostile`. A probe tries the toolkit as a hostile
// or careless party would (a client of the mock, a server the client calls, a web page, a pull request) and
// is bounded (its property runs, limits and timeouts). Every test file named `*hostile*` belongs here by its
// name; the others are listed below by the round that found what they hold. test/hostile-probes.test.ts checks
// that each listed file exists and that every round has its probes.

export interface Round {
  round: number;
  /** The issues that asked for the probes. */
  issues: string;
  files: readonly string[];
}

/** Any test file so named is a probe, whichever round or room it belongs to. */
export const HOSTILE_NAMED = '**/*hostile*.test.ts';

export const ROUNDS: readonly Round[] = [
  {
    round: 1,
    issues:
      '11 (the mock: crashes, scope bypass, connections held) and 13 (the client: bounds, typed errors, redaction)',
    files: [
      'test/contract/hostile.test.ts', // garbage on the wire, one reading of the target, mutated bytes
      'packages/mock/test/target.test.ts',
      'packages/mock/test/multipart.test.ts',
      'packages/mock/test/gateway.test.ts',
      'packages/client/test/bounds.test.ts',
      'packages/client/test/transport-errors.test.ts',
      'packages/client/test/typed-errors.test.ts',
      'packages/client/test/redaction.test.ts',
      'packages/client/test/redaction-paths.test.ts',
    ],
  },
  {
    round: 2,
    issues:
      '23 (leaks, unbounded stores, backtracking patterns, hung token providers) and 25 (the admin route)',
    files: [
      'test/contract/hostile.test.ts', // the second round's requests
      'test/mock-product/hostile.test.ts',
      'test/mock-product/admin-hostile.test.ts',
      'packages/mock/test/redact.test.ts',
      'packages/contract/test/redaction.test.ts',
      'packages/contract/test/redaction-formats.test.ts',
      'packages/client/test/token-provider.test.ts',
      'packages/client/test/middleware.test.ts',
      'test/verify/report-safety.test.ts',
      'test/docs/serve.test.ts',
    ],
  },
  {
    round: 3,
    issues:
      '37 (specs from pull requests, the try-it relay, proxy mode, accounts, dot segments, regressions)',
    files: [
      'test/contract/hostile.test.ts', // dot segments, many small headers, alphanumeric CNPJs
      'test/contract/proxy.test.ts', // proxy mode: one port, behind the gateway's checks
      'test/mock-product/stateful.test.ts', // idempotency per environment, account and client
      'test/review/escape.test.ts', // spec text escaped where it lands
      'packages/client/test/path-encoding.test.ts',
      'packages/client/test/stalled-body.test.ts',
      'packages/contract/test/redaction-cnpj.test.ts',
      'test/workflows.test.ts',
      'test/threat-model.test.ts',
      'test/growth.test.ts',
    ],
  },
];

/** The probe files the `hostile` project runs, besides those named `*hostile*`. */
export const HOSTILE_FILES: readonly string[] = [...new Set(ROUNDS.flatMap((round) => round.files))];
