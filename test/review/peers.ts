// Scores of the review and the peers we can run here on every set of hard cases (test/review): issue 6's
// (cases.ts), issue 26's (direction-cases.ts) and issue 36's (third/cases.ts). Each case is an edit of a base
// document with the operations it breaks; a tool scores a case when the operations it rates breaking are
// exactly those (none, for an equivalent rewrite or a change that breaks no one). A peer's change is
// attributed as its user would read it: under `#/paths/<path>/<method>` to that operation (a webhook's or
// callback's likewise), under a path to every operation of the path, anywhere else (components, servers,
// security, info) to every operation. oasdiff is a Go binary, not installable here.
// A script beside the sets it scores, not a test (each redocly diff is a process: minutes in all):
// `node scripts/launch.mjs test/review/peers.ts [--set 6|26|36] [--verbose]`
import '../../scripts/env.ts';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiCompare } from 'api-smart-diff';
import { parse, stringify } from 'yaml';
import { redoclyDiff } from '../../bench/lib/redocly-diff.ts';
import { effectiveOperations } from '../../tools/review/effective/operation-view.ts';
import { SideDocument } from '../../tools/review/effective/reader.ts';
import { reviewSpecs } from '../../tools/review/run.ts';
import { cases } from './cases.ts';
import { directionCases, setup as directionSetup } from './direction-cases.ts';
import { baseFixture, type Mutation } from './helpers.ts';
import { thirdCases } from './third/cases.ts';
import { setup as thirdSetup } from './third/setup.ts';

// biome-ignore lint/suspicious/noExplicitAny: free-form spec documents
type Doc = Record<string, any>;
type Case = { name: string; setup?: Mutation; change: Mutation; breaking: string[] };

const { values } = parseArgs({
  options: { set: { type: 'string' }, verbose: { type: 'boolean', default: false } },
});

const SETS: Record<string, Case[]> = {
  '6': cases.map((c) => ({ name: c.name, change: c.mutate, breaking: c.breaking ? [c.operation] : [] })),
  '26': directionCases.map((c) => ({
    name: c.name,
    setup: directionSetup,
    change: c.change,
    breaking: breakingOf(c.expected),
  })),
  '36': thirdCases.map((c) => ({
    name: c.name,
    setup: thirdSetup,
    change: c.change,
    breaking: breakingOf(c.expected),
  })),
};

function breakingOf(expected: Record<string, string>): string[] {
  return Object.entries(expected)
    .filter(([, level]) => level === 'breaking')
    .map(([op]) => op);
}

/** Every operation key of either side, for a peer's change that names no operation. */
function allOperations(base: Doc, head: Doc): string[] {
  return [
    ...new Set([base, head].flatMap((d) => [...effectiveOperations(new SideDocument(d, 'head')).keys()])),
  ];
}

/** The operation a peer's location names (segments of a pointer into the document), or every one it may. */
function attribute(segments: string[], base: Doc, head: Doc): string[] {
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
  const [root, where, method, ...rest] = segments;
  if ((root === 'paths' || root === 'webhooks') && where !== undefined) {
    const key =
      root === 'paths' ? `${method?.toUpperCase()} ${where}` : `${method?.toUpperCase()} webhook ${where}`;
    if (method && methods.includes(method)) {
      const [callbacks, name, expression, inner] = rest;
      if (callbacks === 'callbacks' && name && expression && inner && methods.includes(inner))
        return [`${inner.toUpperCase()} callback ${name} ${expression} of ${key}`];
      return [key];
    }
    return allOperations(base, head).filter(
      (op) => op.endsWith(` ${where}`) || op.includes(` webhook ${where}`),
    );
  }
  return allOperations(base, head);
}

const pointerSegments = (pointer: string) =>
  pointer
    .replace(/^#\//, '')
    .split('/')
    .map((s) => decodeURIComponent(s.replaceAll('~1', '/').replaceAll('~0', '~')));

type Tool = (base: Doc, head: Doc, files: { base: string; head: string; dir: string }) => Promise<string[]>;

const TOOLS: Record<string, Tool> = {
  review: async (_b, _h, files) => {
    const review = await reviewSpecs({
      baseFile: files.base,
      headFile: files.head,
      baseLabel: 'base',
      headLabel: 'head',
    });
    return review.findings.filter((f) => f.level === 'breaking').map((f) => f.operation);
  },
  'redocly diff': async (base, head, files) => {
    const changes = await redoclyDiff(files.base, files.head, files.dir);
    return changes
      .filter((c) => c.impact === 'major')
      .flatMap((c) => attribute(pointerSegments(c.path), base, head));
  },
  'api-smart-diff': async (base, head) => {
    const { diffs } = apiCompare(base, head);
    // Entries under `components` repeat what it reports under each operation reaching them.
    const breaking = diffs.filter((d) => d.type === 'breaking' && d.path[0] !== 'components');
    return breaking.flatMap((d) => attribute(d.path.map(String), base, head));
  },
};

const dir = await mkdtemp(path.join(tmpdir(), 'review-peers-'));
try {
  const fixture = await readFile(baseFixture, 'utf8');
  for (const [set, list] of Object.entries(SETS)) {
    if (values.set && values.set !== set) continue;
    const scores = Object.fromEntries(Object.keys(TOOLS).map((t) => [t, 0]));
    for (const c of list) {
      const base = parse(fixture);
      c.setup?.(base);
      const head = structuredClone(base);
      c.change(head);
      const files = {
        base: path.join(dir, 'base.yaml'),
        head: path.join(dir, `${set}-${list.indexOf(c)}.yaml`),
        dir,
      };
      await writeFile(files.base, stringify(base));
      await writeFile(files.head, stringify(head));
      const expected = [...new Set(c.breaking)].sort().join(', ');
      const verdicts: string[] = [];
      for (const [name, tool] of Object.entries(TOOLS)) {
        const got = [
          ...new Set(
            await tool(base, head, files).catch((e: Error) => [`(failed: ${e.message.split('\n')[0]})`]),
          ),
        ]
          .sort()
          .join(', ');
        if (got === expected) scores[name] = (scores[name] ?? 0) + 1;
        else verdicts.push(`${name}: ${got || 'none'}`);
      }
      if (values.verbose && verdicts.length)
        console.log(`  ${c.name} — expected ${expected || 'none'}\n    ${verdicts.join('\n    ')}`);
    }
    console.log(
      `issue ${set}'s set (${list.length} cases): ${Object.entries(scores)
        .map(([t, n]) => `${t} ${n}/${list.length}`)
        .join(', ')}`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
