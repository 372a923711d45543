// The docs-only spec and its failure modes, without a browser: guides, notes, samples and open questions
// come from the contract's model and docs/, and bad input names the file to fix.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Operation } from '@banking-api/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAP_TOPICS } from '../../model/gap-topics.js';
import { type Json, type LoadedContract, loadContract } from '../../model/load.ts';
import { operationAnchor } from '../../pipeline/docs/anchors.ts';
import { changelogEntries, changelogPage } from '../../pipeline/docs/changelog-page.ts';
import { checkLinks, GUIDE_FILES, parseGuide, readGuides } from '../../pipeline/docs/guides.ts';
import { CHANGELOG, changelogPath, docsDir, OPEN_QUESTIONS, siteFiles } from '../../pipeline/docs/index.ts';
import { openQuestions } from '../../pipeline/docs/open-questions-page.ts';
import { SAMPLE_LANGUAGES } from '../../pipeline/docs/samples/index.ts';
import { renderMarkdown, textSections } from '../../pipeline/docs/site/markdown.ts';
import { specPath } from '../../scripts/paths.ts';

let contract: LoadedContract;
let files: Map<string, string | Buffer>;
beforeAll(async () => {
  contract = await loadContract(specPath);
  files = await siteFiles(contract);
});
const fileOf = (op: Operation) => `${operationAnchor(op).slice(2).replace('/', '.')}.html`;
const text = (name: string) => String(files.get(name) ?? '');

/** The operation `op` as written in an OpenAPI document (the bundle or its docs-only copy). */
const operationIn = (document: Json, op: Operation) =>
  ((document.paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
const byId = (operationId: string) => {
  const op = contract.model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`${operationId} missing from the contract`);
  return op;
};

describe('the site as built', () => {
  it('has a page per guide (the open questions and changelog among them), per tag and per operation', async () => {
    const guides = await readGuides(docsDir, await readdir(docsDir));
    const index = text('index.html');
    for (const title of [...guides.map((g) => g.title), OPEN_QUESTIONS, CHANGELOG])
      expect(index, title).toContain(`>${title}</a>`);
    for (const guide of guides) {
      const page = text(
        `${guide.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}.html`,
      );
      expect(page, guide.file).toContain(`<h1>${guide.title}</h1>`);
      // Its lists of operations filled from the model: a link to an operation's page where a marker was.
      if (guide.body.includes('<!-- model:'))
        expect(page, guide.file).toMatch(/href="[a-z-]+\.[a-z0-9]+\.html"/);
    }
    for (const op of contract.model.operations) expect(files.has(fileOf(op)), op.operationId).toBe(true);
  });

  it('gives every operation its notes and a sample in every language, spec text escaped', () => {
    for (const op of contract.model.operations) {
      const page = text(fileOf(op));
      for (const lang of SAMPLE_LANGUAGES)
        expect(page, `${op.operationId} ${lang.lang}`).toContain(`data-lang="${lang.lang}"`);
      expect(page, op.operationId).toContain('<strong>Security:</strong>');
      expect(page).toContain('<strong>Account header:</strong>');
      expect(page).toContain(
        op.idempotency ? '<strong>Idempotent by URL:</strong>' : '<strong>Idempotency:</strong> none',
      );
      expect(page).toContain('<strong>Named examples:</strong>');
      expect(page).toContain('href="try-it-against-the-mock.html"');
      const stated = op.responses.some((r) => /^2/.test(r.status) && r.rules?.length);
      expect(page.includes('<strong>Stated across fields:</strong>'), op.operationId).toBe(stated);
    }
    expect(text(fileOf(byId('tryWebhook')))).toContain('with scope <code>webhook.write</code>');
  });

  it('escapes what a spec writes: raw HTML and script links never reach a page', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>',
      () => undefined,
      'test',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(() => renderMarkdown('[a](#/no-such-page)', () => undefined, 'guide.md')).toThrow(
      'guide.md: link to #/no-such-page',
    );
  });

  it('reads guides as words: a line break is a space, sections cut at their headings', () => {
    const sections = textSections(
      'Intro line\nand the next.\n\n## First part\n\nSome `code`\nhere.\n\n### Deeper\n\nText.',
    );
    expect(sections).toEqual([
      { title: '', id: '', text: 'Intro line and the next.' },
      { title: 'First part', id: 'first-part', text: 'Some code here.' },
      { title: 'Deeper', id: 'deeper', text: 'Text.' },
    ]);
  });

  it('leaves the bundled spec itself untouched', () => {
    const refund = operationIn(contract.bundle, byId('refundPix'));
    expect(refund['x-codeSamples']).toBeUndefined();
    expect(String(refund.description)).not.toContain('**Security:**');
    expect(JSON.parse(text('openapi.json'))).toEqual(contract.bundle);
  });
});

describe('open questions', () => {
  it('lists every x-unspecified marker of the spec, document-wide and per operation', () => {
    const { model } = contract;
    const text = openQuestions(model);
    const cell = (s: string) => s.replace(/\|/g, '\\|');
    expect(model.gaps.length).toBeGreaterThan(0);
    for (const gap of model.gaps)
      expect(text).toContain(`| ${GAP_TOPICS[gap.topic]} | ${cell(gap.detail)} |`);
    const perOperation = model.operations.flatMap((op) => op.gaps.map((gap) => ({ op, gap })));
    expect(perOperation.length).toBeGreaterThan(0);
    for (const { op, gap } of perOperation) {
      expect(text).toContain(`## ${GAP_TOPICS[gap.topic]}\n`);
      expect(text).toContain(`\`${op.method} ${op.path}\`) | ${cell(gap.detail)}`);
    }
    expect(text).toContain(`leaves ${model.gaps.length + perOperation.length} points open`);
  });
});

describe('guides', () => {
  it('must start with a title, or the build names the file', () => {
    expect(() => parseGuide('docs/x.md', 'no heading here\n')).toThrow(
      'docs/x.md:1 a guide must start with a "# Title" heading',
    );
    expect(parseGuide('docs/x.md', '# Title\n\nBody.\n')).toEqual({
      file: 'docs/x.md',
      title: 'Title',
      body: 'Body.',
    });
  });

  it('fail the build when a guide is not in the sidebar order, or is missing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docs-guides-'));
    await writeFile(path.join(dir, 'stray.md'), '# Stray\n');
    await expect(readGuides(dir, ['stray.md'])).rejects.toThrow('add stray.md to GUIDE_FILES');
    await expect(readGuides(dir, [])).rejects.toThrow(
      `guide ${path.relative(process.cwd(), path.join(dir, GUIDE_FILES[0] ?? ''))} is missing`,
    );
  });
});

describe('links between sections', () => {
  it('must point at a guide or tag of the site, or the build names file and line', () => {
    const guide = parseGuide(
      'docs/x.md',
      '# X\n\nSee [Errors](#/errors).\n\nAnd [nothing](#/no-such-guide).\n',
    );
    expect(() => checkLinks([guide], ['Errors'])).toThrow(
      'docs/x.md:5 link to #/no-such-guide: no such section',
    );
    expect(() => checkLinks([guide], ['Errors', 'No such guide'])).not.toThrow();
  });
});

describe('changelog page', () => {
  const pageOf = async () => changelogPage(await readFile(changelogPath, 'utf8'), contract.model);

  it("lists every release of CHANGELOG.md, the current version's first", async () => {
    const entries = changelogEntries(await readFile(changelogPath, 'utf8'));
    expect(entries.map((e) => e.version)).toContain(contract.model.version);
    const page = await pageOf();
    for (const entry of entries) expect(page).toContain(`## ${entry.version} (${entry.date})`);
    expect(page.indexOf(`## ${contract.model.version} (`)).toBe(page.indexOf('## '));
  });

  it('marks breaking changes and links the operations they name to their sections', () => {
    const op = byId('refundPix');
    const release = [
      '# Changelog',
      '',
      '## 2.0.0 - 2027-01-02',
      '',
      '### Breaking',
      '',
      `- \`${op.key}\` (${op.operationId}): Removed response 200`,
      '- `DELETE /gone/{id}` (gone): Removed path `/gone/{id}`',
      '',
      '### Non-breaking',
      '',
      '- `document`: Added servers',
      '',
      '## 1.0.0 - 2026-11-23',
      '',
      'No API changes.',
    ].join('\n');
    const page = changelogPage(release, contract.model);
    expect(page).toContain('### ⚠ Breaking changes in 2.0.0');
    expect(page).toContain('### Non-breaking in 2.0.0');
    expect(page).toContain(
      `- **Breaking:** [\`${op.key}\`](${operationAnchor(op)}) (${op.operationId}): Removed response 200`,
    );
    // An operation the contract no longer has stays plain text; only breaking bullets are marked.
    expect(page).toContain('- **Breaking:** `DELETE /gone/{id}` (gone)');
    expect(page).toContain('- `document`: Added servers');
    expect(page).toContain('## 1.0.0 (2026-11-23)\n\nNo API changes.');
    // A release not cut yet is said so, not hidden.
    expect(changelogPage('# Changelog\n', contract.model)).toContain(
      `version **${contract.model.version}**, which has no entry yet`,
    );
  });
});
