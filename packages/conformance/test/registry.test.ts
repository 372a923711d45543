// The registry is the one list of checks: ids unique, each with a level and a one-line rationale, each
// with its own test file here (test/checks/<id>.test.ts).
import { existsSync } from 'node:fs';
import { allChecks } from '@banking-api/conformance';
import { describe, expect, it } from 'vitest';

describe('the check registry', () => {
  const checks = allChecks();

  it('names each check once, with a level and a one-line rationale', () => {
    expect(checks.length).toBeGreaterThan(0);
    expect(new Set(checks.map((c) => c.id)).size).toBe(checks.length);
    for (const check of checks) {
      expect(check.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(['error', 'warning']).toContain(check.level);
      expect(check.rationale, check.id).toMatch(/^[^\n]{10,120}$/);
    }
  });

  it('has a test file for every check', () => {
    for (const { id } of checks)
      expect(existsSync(new URL(`./checks/${id}.test.ts`, import.meta.url)), id).toBe(true);
  });

  it('judges answers before any probe check runs', () => {
    const kinds = checks.map((c) => c.kind);
    expect(kinds.indexOf('probe')).toBeGreaterThan(kinds.lastIndexOf('answer'));
  });
});
