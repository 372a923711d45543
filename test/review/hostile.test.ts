// Spec-written text escaped wherever the review puts it (issue 37, the review's part): a pull request whose
// spec is hostile (an operationId with a newline and a heading, a gap detail opening an HTML comment, a field
// name forging workflow commands, enum values with terminal escapes and bidirectional controls), a consumer
// file and a base branch named to inject, reviewed by the real CLI (scripts/launch.mjs, as `npm run review`
// runs it) in a real git repository. Every output is read back by a real parser: the comment by marked
// (GFM), the JUnit report by saxes (XML 1.0), the annotations line by line as the runner reads them.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Marked, type Token } from 'marked';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { root } from '../../scripts/paths.ts';
import { MARKER } from '../../tools/review/report.ts';
import { baseFixture, fixtureDir } from './helpers.ts';
import { HOSTILE } from './hostile-strings.ts';

const run = promisify(execFile);
const BRANCH = 'topic/<!--@octocat';
const FIELD = `evil${HOSTILE.heading}${HOSTILE.workflow}${HOSTILE.ansi}${HOSTILE.comment}`;
const TEAM = `team\n# heading <!-- @octocat ${HOSTILE.bidi}`;
let tmp: Awaited<ReturnType<typeof fixtureDir>>;
let out: { code: number; stdout: string; stderr: string; markdown: string; junit: string; json: string };

const git = (...args: string[]) =>
  run('git', ['-c', 'user.name=Review Test', '-c', 'user.email=review@test.invalid', ...args], {
    cwd: tmp.dir,
  });

/** The hostile change: every place the review quotes spec text gets something to inject. */
// biome-ignore lint/suspicious/noExplicitAny: free-form spec edits
function hostile(doc: Record<string, any>): void {
  const ted = doc.paths['/hb/transfers/ted'].post;
  ted.operationId = `sendTed${HOSTILE.heading}${HOSTILE.workflow}`;
  const request = doc.components.schemas.TedRequest;
  request.properties[FIELD] = { type: 'string' };
  request.required.push(FIELD);
  const card = doc.paths['/hb/cards/create'].post;
  card['x-unspecified'] = [
    {
      topic: 'limits',
      detail: `${HOSTILE.comment} ${HOSTILE.html} ${HOSTILE.image} ${HOSTILE.link} ${HOSTILE.mention}`,
    },
  ];
  card.requestBody.content['application/json'].schema.properties.typeCard.enum = [
    HOSTILE.ansi,
    HOSTILE.bidi,
    HOSTILE.c1,
    HOSTILE.controls,
  ];
}

beforeAll(async () => {
  tmp = await fixtureDir();
  const spec = path.join(tmp.dir, 'openapi.yaml');
  await git('init', '-q', '-b', BRANCH);
  await writeFile(spec, await readFile(baseFixture, 'utf8'));
  await git('add', 'openapi.yaml');
  await git('commit', '-q', '-m', 'base');
  const doc = parse(await readFile(spec, 'utf8'));
  hostile(doc);
  await writeFile(spec, stringify(doc));
  const consumers = path.join(tmp.dir, 'consumers');
  await mkdir(consumers);
  const usage = {
    usageVersion: 2,
    operations: {
      'POST /hb/transfers/ted': { calls: 1, parameters: {}, requestFields: {}, responseFields: {} },
    },
  };
  await writeFile(path.join(consumers, `${TEAM}.json`), JSON.stringify(usage));
  const files = {
    md: path.join(tmp.dir, 'review.md'),
    xml: path.join(tmp.dir, 'review.xml'),
    json: path.join(tmp.dir, 'review.json'),
  };
  const args = [
    path.join(root, 'scripts/launch.mjs'),
    'tools/review/cli.ts',
    '--spec',
    spec,
    '--base',
    BRANCH,
  ];
  args.push('--format', 'github', '--out', files.md, '--junit', files.xml, '--json', files.json);
  const result = await run(process.execPath, args, { cwd: root }).then(
    (r) => ({ ...r, code: 0 }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  out = {
    code: result.code,
    stdout: result.stdout,
    stderr: result.stderr,
    markdown: await readFile(files.md, 'utf8'),
    junit: await readFile(files.xml, 'utf8'),
    json: await readFile(files.json, 'utf8'),
  };
}, 120_000);
afterAll(() => tmp?.dispose());

/** Every token of the comment, nested ones included. */
function tokens(markdown: string): Token[] {
  const all: Token[] = [];
  const walk = (list: Token[]) => {
    for (const t of list) {
      all.push(t);
      const nested = (t as { tokens?: Token[] }).tokens ?? (t as { items?: Token[] }).items;
      if (nested) walk(nested);
    }
  };
  walk(new Marked({ gfm: true }).lexer(markdown));
  return all;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not come through
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('a hostile spec change through the real review CLI', () => {
  it('fails the gate on the new required field, naming the consumer file it hits', () => {
    expect(out.code).toBe(1);
    const json = JSON.parse(out.json);
    const breaking = json.findings.find((f: { rule: string }) => f.rule === 'property-added');
    expect(breaking).toMatchObject({
      level: 'breaking',
      operation: 'POST /hb/transfers/ted',
      consumers: [TEAM],
    });
    // A field made required breaks every sender, whatever fields they send: the team is named for its call.
    expect(breaking.fields).toEqual([]);
  });

  it('the comment: only its own headings, HTML, and no image, link or mention from the spec', () => {
    const all = tokens(out.markdown);
    const headings = all.filter((t) => t.type === 'heading').map((t) => (t as { depth: number }).depth);
    expect(headings.every((depth) => depth === 2 || depth === 3)).toBe(true);
    expect(all.filter((t) => t.type === 'heading' && (t as { depth: number }).depth === 2)).toHaveLength(1);
    const html = all.filter((t) => t.type === 'html').map((t) => t.raw.trim());
    expect(
      html.every((raw) =>
        [
          MARKER,
          '<details><summary>Type members (generated/api.d.ts)</summary>',
          '</details>',
          '<sub>',
          '</sub>',
        ].includes(raw),
      ),
    ).toBe(true);
    expect(all.some((t) => t.type === 'image' || t.type === 'link')).toBe(false);
    const rendered = new Marked({ gfm: true }).parse(out.markdown) as string;
    expect(rendered.split('<!--')).toHaveLength(2); // the marker's, and no other (in code spans it is text)
    expect(rendered.replace(/<code>.*?<\/code>/gs, '')).not.toMatch(/@octocat|@bank/);
    expect(out.markdown).not.toMatch(UNSAFE);
    // The hostile text is still there to read, made visible.
    expect(out.markdown).toContain('\\u{a}# Injected heading');
  });

  it('the annotations: one workflow command per line, nothing forged', () => {
    const lines = out.stdout.trimEnd().split('\n');
    for (const line of lines) {
      expect(line).toMatch(/^::(error|warning|notice) [^:\n]*::[^\n]*$/);
      const properties = line.slice(line.indexOf(' ') + 1, line.indexOf('::', 2));
      expect(properties.split(',').every((p) => /^(file|line|title)=[^,:]*$/.test(p))).toBe(true);
    }
    expect(lines.some((l) => l.startsWith('::error file=openapi.yaml,line=1::forged'))).toBe(false);
    expect(out.stdout).not.toMatch(UNSAFE);
  });

  it('the JUnit report: well-formed XML 1.0, one failure per unacknowledged break', () => {
    const failures: string[] = [];
    const parser = new SaxesParser();
    parser.on('error', (e) => {
      throw e;
    });
    parser.on('opentag', (tag) => {
      if (tag.name === 'failure') failures.push(String(tag.attributes.message));
    });
    parser.write(out.junit).close();
    expect(failures).toHaveLength(JSON.parse(out.json).gate.unacknowledged.length);
    expect(failures.some((m) => m.includes('evilx\\u{a}# Injected heading'))).toBe(true);
  });

  it('the terminal: no escape sequence, C1 or bidirectional control, no line a runner reads as a command', () => {
    expect(out.stderr).not.toMatch(UNSAFE);
    for (const line of out.stderr.split('\n')) expect(line.startsWith('::')).toBe(false);
  });
});
