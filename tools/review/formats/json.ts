// The review as JSON: every finding with its id, rule, level, operation, directions, oasdiff id, location
// and (breaking ones, when consumers/ has usage files) the consumers it hits; the known consumers; the verdict.
import type { Review } from '../run.ts';

export const REPORT_VERSION = 1;

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
    types,
    gaps,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
