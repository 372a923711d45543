// The review as JSON: every finding with its id, rule, level, operation, directions, fields, oasdiff id,
// location and (breaking ones, when consumers/ has usage files) the consumers it hits or may hit; the known
// consumers; the gate (lint errors introduced included). JSON.stringify escapes every control character.
import type { Review } from '../run.ts';

export const REPORT_VERSION = 2;

export function renderJson(review: Review): string {
  const { findings, gate, version, lint, types, gaps, baseLabel, headLabel, consumers } = review;
  const report = {
    reportVersion: REPORT_VERSION,
    base: baseLabel,
    head: headLabel,
    passed: gate.passed,
    gate,
    version,
    consumers,
    findings,
    lint: lint ?? null,
    types: types ?? null,
    gaps,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
