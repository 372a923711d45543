// Suite (run from review.test.ts): findings on the real openapi.yaml, each edit a small text change in a
// temporary copy. Which operations each must name is derived from the contract model, never listed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ContractModel, operationsReaching } from '@banking-api/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineCounter, parse, parseDocument } from 'yaml';
import { loadContract } from '../../model/load.ts';
import { specPath } from '../../scripts/paths.ts';
import { isBreaking } from '../../tools/review/finding.ts';
import { renderGithub } from '../../tools/review/formats/github.ts';
import { renderJson } from '../../tools/review/formats/json.ts';
import { renderJunit } from '../../tools/review/formats/junit.ts';
import { type Review, reviewSpecs } from '../../tools/review/run.ts';
import { fixtureDir } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
let text: string;
let model: ContractModel;
/** A request schema component with `amount: { $ref: Amount }`, used by exactly one operation. */
let single: { schema: string; operation: string };

/** Writes `content` as `dir/name/openapi.yaml` (each spec in its own folder, named as in the repository). */
async function write(name: string, content: string): Promise<string> {
  const file = path.join(tmp.dir, name, 'openapi.yaml');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  return file;
}

/** Reviews `base` text against `head` text. */
async function review(name: string, head: string, base = text): Promise<Review> {
  const [baseFile, headFile] = [await write(`${name}-base`, base), await write(name, head)];
  return reviewSpecs({ baseFile, headFile, baseLabel: 'base', headLabel: name });
}

/** `text` with exactly one occurrence of `from` replaced. */
function edit(source: string, from: string, to: string): string {
  const at = source.indexOf(from);
  if (at === -1 || source.indexOf(from, at + 1) !== -1) throw new Error(`not exactly once: ${from}`);
  return source.slice(0, at) + to + source.slice(at + from.length);
}

const AMOUNT = '#/components/schemas/Amount';
const usersOf = (component: string) => operationsReaching(model, component).map((op) => op.key);
const operationsOf = (r: Review) => [...new Set(r.findings.map((f) => f.operation))].sort();

/** The component of `single`, its `amount` inlined as an integer (the operation moves off Amount). */
const inlineAmount = (source: string) =>
  edit(
    source,
    `    ${single.schema}:\n${blockUntilAmount(source, single.schema)}        amount:\n          $ref: '${AMOUNT}'\n`,
    `    ${single.schema}:\n${blockUntilAmount(source, single.schema)}        amount:\n          type: integer\n`,
  );

/** The lines of a schema component between its name and its `amount:` property. */
function blockUntilAmount(source: string, schema: string): string {
  const start = source.indexOf(`\n    ${schema}:\n`) + schema.length + 7;
  return source.slice(start, source.indexOf('        amount:\n', start));
}

beforeAll(async () => {
  tmp = await fixtureDir();
  text = await readFile(specPath, 'utf8');
  model = (await loadContract(specPath)).model;
  const schemas = parse(text).components.schemas as Record<string, { properties?: Record<string, unknown> }>;
  const candidates = Object.entries(schemas).filter(
    ([name, s]) =>
      (s.properties?.amount as { $ref?: string } | undefined)?.$ref === AMOUNT &&
      usersOf(`#/components/schemas/${name}`).length === 1,
  );
  const [name] = candidates[0] ?? [];
  if (!name) throw new Error('openapi.yaml has no single-use schema with amount: $ref Amount');
  single = { schema: name, operation: usersOf(`#/components/schemas/${name}`)[0] as string };
});
afterAll(() => tmp?.dispose());

describe('attribution on the real spec', () => {
  const reviews = new Map<string, Review>();
  beforeAll(async () => {
    const amount = text.match(/\n {4}Amount:\n {6}type: number\n/)?.[0] ?? '(no Amount: number)';
    const scheme =
      text.match(/\n {4}bearerAuth:\n {6}type: http\n {6}scheme: bearer\n/)?.[0] ?? '(no bearer)';
    const edits: [string, string][] = [
      ['shared', edit(text, amount, amount.replace('number', 'integer'))],
      ['moved off', inlineAmount(text)],
      ['security scheme', edit(text, scheme, scheme.replace('scheme: bearer', 'scheme: basic'))],
      ['servers', text.replace(/\n {2}- url: '\{base_url\}'\n(?:(?! {2}- |\S).*\n)*/, '\n')],
    ];
    for (const [name, head] of edits) reviews.set(name, await review(name.replace(' ', '-'), head));
  });

  it('names every user of a shared component changed in place', () => {
    expect(operationsOf(reviews.get('shared') as Review)).toEqual(usersOf(AMOUNT).sort());
    expect(usersOf(AMOUNT).length).toBeGreaterThan(1);
  });

  it('names only the operation that moves off a shared component', () => {
    const r = reviews.get('moved off') as Review;
    expect(operationsOf(r)).toEqual([single.operation]);
    expect(r.findings.filter(isBreaking).map((f) => f.rule)).toEqual(['schema-type-changed']);
  });

  it('names the users of a changed security scheme', () => {
    const users = model.operations.filter((op) =>
      op.security.some((alt) => alt.some((s) => s.scheme === 'bearerAuth')),
    );
    expect(users.length).toBeGreaterThan(0);
    expect(operationsOf(reviews.get('security scheme') as Review)).toEqual(users.map((op) => op.key).sort());
  });

  it('names every operation when a server is removed', () => {
    const r = reviews.get('servers') as Review;
    expect(r.findings.filter(isBreaking).map((f) => f.rule)).toContain('server-removed');
    expect(operationsOf(r)).toEqual(model.operations.map((op) => op.key).sort());
  });

  it('gives each finding the line of its node in the head spec', () => {
    const finding = (reviews.get('moved off') as Review).findings.find(isBreaking);
    const head = inlineAmount(text);
    const lines = new LineCounter();
    const doc = parseDocument(head, { lineCounter: lines });
    const node = doc.getIn(['components', 'schemas', single.schema, 'properties', 'amount'], true) as {
      range: [number];
    };
    expect(finding?.location).toMatchObject({
      side: 'head',
      file: 'openapi.yaml',
      line: lines.linePos(node.range[0]).line,
    });
    expect(head.split('\n')[(finding?.location.line ?? 0) - 1]?.trim()).toBe('type: integer');
  });

  it('keeps ids across a rebase that moves every line', async () => {
    const shifted = edit(text, '\ninfo:\n', '\ninfo:\n  x-note: |\n    one\n    two\n    three\n');
    const rebased = await review('rebased', inlineAmount(shifted), shifted);
    const before = (reviews.get('moved off') as Review).findings;
    expect(rebased.findings.map((f) => f.id)).toEqual(before.map((f) => f.id));
    expect(rebased.findings.map((f) => f.location.line)).toEqual(before.map((f) => f.location.line + 4));
  });

  it('locates a removal in the base spec, and in the head where it shows', async () => {
    const removed = model.operations.find(
      (op) => model.operations.filter((o) => o.path === op.path).length === 1,
    );
    if (!removed) throw new Error('no operation alone on its path');
    const doc = parseDocument(text);
    doc.deleteIn(['paths', removed.path]);
    const r = await review('removal', doc.toString());
    const finding = r.findings.find((f) => f.rule === 'path-removed');
    expect(finding).toMatchObject({
      operation: removed.key,
      location: { side: 'base', file: 'openapi.yaml' },
    });
    expect(text.split('\n')[(finding?.location.line ?? 0) - 1]?.trim()).toBe(`${removed.path}:`);
    expect(doc.toString().split('\n')[(finding?.location.headLine ?? 0) - 1]).toBe('paths:');
  });
});

describe('output formats', () => {
  let r: Review;
  beforeAll(async () => {
    r = await review('formats', inlineAmount(text));
  });

  it('JSON parses and carries every finding with its id, level, operation and location', () => {
    const json = JSON.parse(renderJson(r));
    expect(json).toMatchObject({ reportVersion: 2, passed: false });
    expect(json.findings).toEqual(r.findings);
    for (const f of json.findings)
      expect(
        Object.keys(f)
          .filter((k) => !['oasdiff', 'consumers'].includes(k))
          .sort(),
      ).toEqual([
        'directions',
        'fields',
        'id',
        'impact',
        'level',
        'location',
        'message',
        'operation',
        'rule',
      ]);
  });

  it('JUnit is XML with one failure per unacknowledged breaking change', () => {
    const xml = renderJunit(r);
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = new XMLParser({ ignoreAttributes: false }).parse(xml).testsuites.testsuite;
    const cases = [suite.testcase].flat();
    expect(Number(suite['@_failures'])).toBe(r.gate.unacknowledged.length);
    expect(cases.filter((c) => c.failure !== undefined)).toHaveLength(r.gate.unacknowledged.length);
    expect(cases.map((c) => c['@_name'])).toEqual(r.findings.map((f) => f.id));
  });

  it('GitHub annotations land on the changed lines of openapi.yaml', () => {
    const all = renderGithub(r, 'openapi.yaml').trim().split('\n');
    const [lines, rest] = [all.slice(0, r.findings.length), all.slice(r.findings.length)];
    const annotation = /^::(error|warning|notice) file=openapi\.yaml,line=(\d+),title=([^:]*)::(.+)$/;
    expect(lines.every((l) => annotation.test(l))).toBe(true);
    // Not a finding: the version did not move as the change needs.
    expect(rest).toEqual([
      expect.stringMatching(/^::warning title=Spec review%3A version::.*need a major bump: \d+\.0\.0$/),
    ]);
    const errors = lines.filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(r.gate.unacknowledged.length);
    const breaking = r.findings.find(isBreaking);
    expect(errors[0]).toContain(`line=${breaking?.location.line},title=Breaking%3A ${single.operation}`);
    expect(errors[0]).toContain(`%0Aid: ${breaking?.id}`);
  });
});
