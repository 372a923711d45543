// Docs step: the offline Redoc reference site in generated/site/ (not committed), from the loaded contract plus
// the guides in docs/*.md: code samples and per-operation notes, made from the model, go into a docs-only copy
// of the bundle.
import '../../scripts/env.ts';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Json, type LoadedContract, loadContract } from '../../model/load.ts';
import { redoclyConfig } from '../../model/redocly.ts';
import { operationObjects } from '../../model/references.ts';
import { contractChoice } from '../../scripts/contract.ts';
import { root } from '../../scripts/paths.ts';
import { writeAtomically } from '../../scripts/write-atomically.ts';
import { renderBundle } from '../bundle.ts';
import { changelogPage } from './changelog-page.ts';
import { expandGuideTables } from './guide-tables.ts';
import { checkLinks, readGuides } from './guides.ts';
import { describeOperation } from './notes.ts';
import { openQuestions } from './open-questions-page.ts';
import {
  checkServerThemeSheet,
  REDOC_SCRIPT,
  redocScript,
  splitPage,
  withMinifiedTemplateStyle,
} from './page.ts';
import { type RenderInput, renderInProcess, renderWithCli } from './redoc.ts';
import { codeSamples, defaultBaseUrl } from './samples.ts';
import { type DocsTheme, themeCss } from './theme.ts';

export const docsDir = path.join(root, 'docs');
export const siteDir = path.join(root, 'generated/site');
const cacheDir = path.join(root, '.cache/docs');

export const GUIDES_GROUP = 'Guides';
export const OPEN_QUESTIONS = 'Open questions';
export const CHANGELOG = 'Changelog';
export const changelogPath = path.join(root, 'CHANGELOG.md');

/** Hosts the Redoc page is known to load from; none may be left in the output. */
const REMOTE_ASSETS =
  /https?:\/\/(cdn\.redoc\.ly|cdn\.redocly\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\/[^"'`)\s]*/g;

/** Whether the site carries this repository's guides, open questions and changelog (not for another contract). */
export type DocsOptions = { guides?: boolean };

/** The docs-only copy of the bundle: guides, open questions and changelog as tags, notes and code samples on every operation. */
export async function docsSpec(contract: LoadedContract, { guides = true }: DocsOptions = {}): Promise<Json> {
  const doc = structuredClone(contract.bundle);
  if (guides) await addGuides(doc, contract.model);
  annotateOperations(doc, contract);
  return doc;
}

/** Our guides, open questions and changelog as tags of their own group, ahead of the contract's tags. */
async function addGuides(doc: Json, model: LoadedContract['model']): Promise<void> {
  const read = await readGuides(docsDir, await readdir(docsDir));
  const guides = read.map((guide) => expandGuideTables(guide, model));
  const guideTags = [
    ...guides.map((g) => ({ name: g.title, description: g.body, 'x-traitTag': true })),
    { name: OPEN_QUESTIONS, description: openQuestions(model), 'x-traitTag': true },
    {
      name: CHANGELOG,
      description: changelogPage(await readFile(changelogPath, 'utf8'), model),
      'x-traitTag': true,
    },
  ];
  doc.tags = [...guideTags, ...((doc.tags ?? []) as Json[])];
  checkLinks(
    guides,
    (doc.tags as { name: string }[]).map((t) => t.name),
  );
  doc['x-tagGroups'] = [
    { name: GUIDES_GROUP, tags: guideTags.map((t) => t.name) },
    ...((doc['x-tagGroups'] ?? []) as Json[]),
  ];
}

/** Notes and code samples on every operation of the docs copy. */
function annotateOperations(doc: Json, { model, operationPointers }: LoadedContract): void {
  const baseUrl = defaultBaseUrl(model.servers);
  const objects = operationObjects(doc, operationPointers);
  for (const op of model.operations) {
    // The model says which operations there are and where each is written (a `$ref`'d path item too).
    const target = objects.get(op.key) as Json;
    target.description = describeOperation(model, op);
    target['x-codeSamples'] = codeSamples(op, baseUrl);
  }
}

const docsTheme = async () => ((await redoclyConfig()).resolvedConfig as { theme?: DocsTheme }).theme ?? {};

/** The spec the page is rendered from: the docs-only copy with the site's logo. */
export async function pageSpec(contract: LoadedContract, options: DocsOptions = {}): Promise<Json> {
  const doc = await docsSpec(contract, options);
  const altText = (await docsTheme()).logo?.altText ?? contract.model.title;
  (doc.info as Json)['x-logo'] = { url: 'logo.svg', altText };
  return doc;
}

export async function renderInput(outFile: string, specFile: string): Promise<RenderInput> {
  const config = (await redoclyConfig()).resolvedConfig as { openapi?: Json; theme?: DocsTheme };
  const openapi = { ...(config.openapi ?? {}) };
  if (typeof openapi.htmlTemplate === 'string')
    openapi.htmlTemplate = path.resolve(root, openapi.htmlTemplate);
  return {
    specFile,
    outFile,
    options: {
      ...openapi,
      downloadUrls: [
        { title: 'OpenAPI (YAML)', url: 'openapi.yaml' },
        { title: 'OpenAPI (JSON)', url: 'openapi.json' },
      ],
    },
    templateOptions: {
      themeCss: themeCss(config.theme ?? {}),
      description: 'Reference and guides of the banking accounts and payments API.',
    },
  };
}

/**
 * Build step: writes generated/site/{index.html,redoc.js,openapi.yaml,openapi.json,logo.svg,redoc.svg}.
 * One-shot builds use the bundled CLI: a new process beats importing its 2.8 MB chunk through tsx (bench/docs.ts,
 * 1.9 s vs 3.0 s); docs:serve renders in process, where a warm rebuild takes 0.4 s.
 */
export async function docs(
  contract: LoadedContract,
  options: { render?: 'in-process' | 'cli' } & DocsOptions = {},
): Promise<void> {
  const theme = await docsTheme();
  const doc = await pageSpec(contract, options);

  // A work folder per build: builds running at once (docs:serve, tests) never share a half-written file.
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(cacheDir, 'build-'));
  let html: string;
  try {
    const specFile = path.join(work, 'openapi.docs.json');
    await writeFile(specFile, JSON.stringify(doc));
    const renderedFile = path.join(work, 'index.html');
    const render = options.render === 'in-process' ? renderInProcess : renderWithCli;
    await render(await renderInput(renderedFile, specFile));
    html = await readFile(renderedFile, 'utf8');
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  // Redoc's footer shows a logo from its CDN: point it at a file of ours.
  html = html.replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g, 'redoc.svg');
  // Icon packs (file-tree and language icons; this site shows none) would come from Redocly's CDN: keep them
  // local, so a future use fails visibly in the browser test instead of leaving the machine.
  html = html.replace(/https:\/\/cdn\.redocly\.com\/icons\//g, 'icons/');
  const remote = html.match(REMOTE_ASSETS);
  if (remote)
    throw new Error(`docs: the page still loads from outside hosts: ${[...new Set(remote)].join(', ')}`);
  if (!html.includes('"disableTelemetry":true')) throw new Error('docs: Redoc telemetry is not disabled');
  checkServerThemeSheet(html);

  const page = splitPage(await withMinifiedTemplateStyle(html));
  const { yaml, json } = renderBundle(contract.bundle);
  const logo = theme.logo?.image ?? 'docs/assets/logo.svg';
  await mkdir(siteDir, { recursive: true });
  await Promise.all([
    writeSiteFile('index.html', page.html),
    writeSiteFile(REDOC_SCRIPT, redocScript(page.script)),
    writeSiteFile('openapi.yaml', yaml),
    writeSiteFile('openapi.json', json),
    writeSiteFile('.nojekyll', ''),
    writeSiteFile('logo.svg', await readFile(path.resolve(root, logo))),
    writeSiteFile('redoc.svg', await readFile(path.join(docsDir, 'assets/redoc-attribution.svg'))),
  ]);
}

/** Written aside and renamed into place: a server reading the site never sees half a file. */
const writeSiteFile = (name: string, content: string | Buffer) =>
  writeAtomically(path.join(siteDir, name), content);

if (import.meta.url === `file://${process.argv[1]}`) {
  const render = process.argv.includes('--in-process') ? 'in-process' : 'cli';
  const { file, ours } = contractChoice();
  await docs(await loadContract(file), { render, guides: ours });
  console.log(`site: ${path.relative(process.cwd(), siteDir)}/index.html`);
}
