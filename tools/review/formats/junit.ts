// The review as JUnit XML (CI test report viewers): one test case per finding, failing when it is an
// unacknowledged breaking change; one failing case per lint error the change introduces and per malformed
// acknowledgement. Well-formed XML 1.0 whatever the spec wrote (escape.ts).
import type { Finding } from '../finding.ts';
import type { Problem } from '../pipeline.ts';
import type { Review } from '../run.ts';
import { xmlText } from './escape.ts';

const attrs = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}="${xmlText(String(v), true)}"`)
    .join(' ');

function findingCase(f: Finding, failing: boolean): string {
  const head = `    <testcase ${attrs({ classname: f.operation, name: f.id, file: f.location.file, line: f.location.line })}`;
  if (!failing) return `${head}/>`;
  const failure = `<failure ${attrs({ type: f.rule, message: f.message })}>${xmlText(`${f.level}: ${f.location.file}:${f.location.line} ${f.message}`)}</failure>`;
  return `${head}>\n      ${failure}\n    </testcase>`;
}

const lintCase = (p: Problem) =>
  `    <testcase ${attrs({ classname: 'lint', name: `${p.tool}/${p.rule} ${p.jsonPath}`, file: p.file, line: p.line })}>\n      <failure ${attrs({ type: 'lint-error-introduced', message: p.message })}/>\n    </testcase>`;

const errorCase = (error: string, i: number) =>
  `    <testcase ${attrs({ classname: 'acknowledgements', name: `acknowledgement ${i + 1}` })}>\n      <failure ${attrs({ type: 'acknowledgement', message: error })}/>\n    </testcase>`;

export function renderJunit(review: Review): string {
  const unacknowledged = new Set(review.gate.unacknowledged);
  const cases = [
    ...review.findings.map((f) => findingCase(f, unacknowledged.has(f.id))),
    ...review.gate.lintErrors.map(lintCase),
    ...review.gate.errors.map(errorCase),
  ];
  const counts = attrs({
    tests: cases.length,
    failures: unacknowledged.size + review.gate.lintErrors.length + review.gate.errors.length,
    errors: 0,
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="spec review" ${counts}>`,
    `  <testsuite ${attrs({ name: `spec review: ${review.baseLabel} → ${review.headLabel}` })} ${counts}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
