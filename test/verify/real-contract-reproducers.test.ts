// What verify reports on a real contract (the Pix API, Open Finance Brasil): reproducers that run as pasted
// (a declared `Authorization` parameter never sent beside the credential; an id verify generated itself kept,
// however much it looks like a token), operations served at servers of their own skipped with a note, and
// the contract's own findings in a section of their own, apart from the server's failures.
import type { Answer, Probe } from '@banking-api/conformance';
import { contractModel } from '@banking-api/contract';
import { curlCommand, type Report, runVerify, terminalReport } from '@banking-api/verify';
import { describe, expect, test } from 'vitest';

const options = {
  target: 'https://sandbox.example:8443',
  files: { ca: 'ca.pem', cert: 'client.pem', key: 'client-key.pem' },
};
// 35 letters and digits: the Pix API's txid, and just what a token looks like to the redaction.
const txid = 'Zq8X2vLm4Tn7Rb1Kc5Wd9Hf3Jg6Ps0Ay2Ue';
const probe: Probe = {
  method: 'GET',
  path: `/cob/${txid}`,
  template: '/cob/{txid}',
  headers: {},
  credential: 'token',
};

describe('reproducers on a real contract', () => {
  test('send one Authorization: the credential, never a declared parameter beside it', () => {
    const curl = curlCommand(
      { ...probe, headers: { Authorization: 'Bearer declared', 'x-b': '1' } },
      options,
    );
    expect(curl.match(/authorization:/gi)).toHaveLength(1);
    expect(curl).toContain('-H "Authorization: Bearer $TOKEN"');
    expect(curl).toContain("-H 'x-b: 1'");
  });

  test('keep a value verify generated as sent, though it looks like a token', () => {
    expect(curlCommand(probe, options)).not.toContain(txid); // the redaction alone would take it out
    const curl = curlCommand({ ...probe, generated: [txid] }, options);
    expect(curl).toContain(`'https://sandbox.example:8443/cob/${txid}'`);
    expect(curl).not.toMatch(/REDACTED|\$\{/);
  });
});

describe('the report on a real contract', () => {
  const model = contractModel();
  const [first, second] = model.operations.filter((op) => op.method === 'GET');
  if (!first || !second) throw new Error('two GET operations');

  test('skips an operation served at servers of its own, with a note naming them', async () => {
    const elsewhere = { ...first, ownServers: ['https://psp-recebedor.example/api/v2'] };
    const sent: Probe[] = [];
    const send = async (p: Probe): Promise<Answer> => {
      sent.push(p);
      return { status: 404, mediaType: '', headers: {}, text: '' };
    };
    const settings = { ...options, seed: 1, maxExamples: 1, scopeChecks: false };
    const report = await runVerify({ ...model, operations: [elsewhere] }, send, settings);
    expect(report.operations).toBe(0);
    expect(sent.filter((p) => p.template === first.path && p.method === first.method)).toEqual([]);
    expect(report.notes).toContainEqual({
      operation: first.key,
      check: 'operation',
      message: expect.stringMatching(/^not verified: served at https:\/\/psp-recebedor\.example\/api\/v2 /),
    });
  });

  test("prints the contract's own findings apart from the failures, and they fail nothing", () => {
    const report = {
      target: options.target,
      contract: { title: 'Pix', version: '2' },
      seed: 1,
      maxExamples: 1,
      operations: 1,
      requests: 1,
      durationMs: 1,
      identifiers: [],
      checks: [{ operation: second.key, check: 'response-schema', failed: false }],
      failures: [],
      notes: [],
      contractIssues: [
        {
          operation: second.key,
          check: 'response-schema',
          message:
            "the contract's own response example \"e1\" breaks its schema: 200: / must have required property 'id'",
          occurrences: 2,
        },
      ],
      summary: { byCheck: [], byOperation: [] },
      coverage: [],
    } satisfies Report;
    const text = terminalReport(report);
    expect(text).toMatch(
      /The contract's own findings \(its examples break its schemas; not the server's, not failing the run\):\n {2}- GET \S+ {2}response-schema \(2 requests\): the contract's own response example "e1"/,
    );
    expect(text.trimEnd().endsWith('The server conforms.')).toBe(true);
  });
});
