// Docs step: the reference site in generated/site/ (not committed), server-rendered at build time from the
// loaded contract and the reader's guides in docs/*.md (pipeline/docs/guides.ts lists them): a page per guide,
// tag and operation, each complete HTML that needs no script to read; site.js adds search (over the index
// made here, search-index.js, loaded when the page is idle), sample tabs and copy buttons. Offline: the site
// loads nothing from anywhere else, and has no telemetry.
import '../../scripts/env.ts';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ContractModel, Operation } from '@banking-api/contract';
import { type Json, type LoadedContract, loadContract } from '../../model/load.ts';
import { redoclyConfig } from '../../model/redocly.ts';
import { contractChoice } from '../../scripts/contract.ts';
import { root } from '../../scripts/paths.ts';
import { writeAtomically } from '../../scripts/write-atomically.ts';
import { renderBundle } from '../bundle.ts';
import { operationAnchor, tagOf } from './anchors.ts';
import { changelogPage } from './changelog-page.ts';
import { expandGuideTables } from './guide-tables.ts';
import { checkLinks, GUIDE_GROUPS, type Guide, readGuides } from './guides.ts';
import { openQuestions } from './open-questions-page.ts';
import { codeSamples, defaultBaseUrl } from './samples/index.ts';
import { guideContent, overviewContent, tagContent } from './site/content.ts';
import { page, type Shell, type TagGroup } from './site/layout.ts';
import { renderMarkdown } from './site/markdown.ts';
import { type Markdown, operationPage } from './site/operation.ts';
import { siteMap } from './site/pages.ts';
import {
  guideRecords,
  operationRecord,
  type SearchRecord,
  searchIndexScript,
  tagRecord,
} from './site/search-index.ts';
import { type DocsTheme, themeCss } from './theme.ts';

export const docsDir = path.join(root, 'docs');
export const siteDir = path.join(root, 'generated/site');
const assetsDir = path.join(docsDir, 'site');

export const OPEN_QUESTIONS = 'Open questions';
export const CHANGELOG = 'Changelog';
export const changelogPath = path.join(root, 'CHANGELOG.md');
/** Above this many operations the sidebar lists only the current tag's operations (bench/docs.ts, 2,002). */
const NAV_LIMIT = 400;

const docsTheme = async () => ((await redoclyConfig()).resolvedConfig as { theme?: DocsTheme }).theme ?? {};

/** Whether the site carries this repository's guides, open questions and changelog (not for another contract). */
export type DocsOptions = { guides?: boolean };

/**
 * The reader's guides (their tables filled from the model), then the open questions and the changelog; none
 * for a contract other than ours (they describe our API).
 */
export async function siteGuides(
  model: ContractModel,
  { guides = true }: DocsOptions = {},
): Promise<{ groups: { name: string; guides: Guide[] }[] }> {
  if (!guides) return { groups: [] };
  const read = (await readGuides(docsDir, await readdir(docsDir))).map((g) => expandGuideTables(g, model));
  const byFile = new Map(read.map((g) => [path.basename(g.file), g]));
  const groups = GUIDE_GROUPS.map((group) => ({
    name: group.name,
    guides: group.files.map((file) => byFile.get(file) as Guide),
  }));
  const generated: Guide[] = [
    { file: 'open-questions (generated)', title: OPEN_QUESTIONS, body: openQuestions(model) },
    {
      file: 'CHANGELOG.md',
      title: CHANGELOG,
      body: changelogPage(await readFile(changelogPath, 'utf8'), model),
    },
  ];
  // What the contract leaves open and what changed belong with the API's own guides (the first group).
  const [first, ...rest] = groups;
  return {
    groups: [{ name: first?.name ?? 'Guides', guides: [...(first?.guides ?? []), ...generated] }, ...rest],
  };
}

/** The API's tags in their groups (x-tagGroups, else one group), each with its operations. */
function tagGroups(
  bundle: Json,
  operations: readonly Operation[],
): { name: string; tags: { name: string; description: string }[] }[] {
  const declared = ((bundle.tags ?? []) as { name: string; description?: string }[]).map((t) => ({
    name: t.name,
    description: t.description ?? '',
  }));
  for (const op of operations)
    if (!declared.some((t) => t.name === tagOf(op))) declared.push({ name: tagOf(op), description: '' });
  const used = declared.filter((t) => operations.some((op) => tagOf(op) === t.name));
  const groups = (bundle['x-tagGroups'] ?? []) as { name: string; tags: string[] }[];
  if (!groups.length) return [{ name: 'API reference', tags: used }];
  const inGroups = groups.map((g) => ({ name: g.name, tags: used.filter((t) => g.tags.includes(t.name)) }));
  const rest = used.filter((t) => !groups.some((g) => g.tags.includes(t.name)));
  return [...inGroups, ...(rest.length ? [{ name: 'More', tags: rest }] : [])].filter((g) => g.tags.length);
}

/** What every page shares: the guides, the tags in their groups, the page map, the shell and Markdown. */
async function siteShape({ bundle, model }: LoadedContract, options: DocsOptions) {
  const theme = await docsTheme();
  const { groups } = await siteGuides(model, options);
  const guides = groups.flatMap((g) => g.guides);
  const tags = tagGroups(bundle, model.operations);
  const allTags = tags.flatMap((g) => g.tags);
  checkLinks(guides, [...guides.map((g) => g.title), ...allTags.map((t) => t.name)]);
  const map = siteMap(
    guides.map((g) => g.title),
    allTags.map((t) => t.name),
    model.operations,
  );
  const fileOf = (title: string) =>
    map.pages.find((p) => p.title === title && p.kind !== 'operation')?.file ?? '';
  // Each text rendered once: a shared component's descriptions recur on every operation that uses it.
  const rendered = new Map<string, string>();
  const render = (where: string) => (text: string) => {
    const html = rendered.get(text) ?? renderMarkdown(text, map.resolve, where);
    rendered.set(text, html);
    return html;
  };
  const markdown = (where: string): Markdown => ({ block: render(where), inline: render(where) });
  const api: TagGroup[] = tags.map((g) => ({
    name: g.name,
    tags: g.tags.map((t) => ({
      name: t.name,
      description: t.description,
      file: fileOf(t.name),
      operations: model.operations.filter((op) => tagOf(op) === t.name),
    })),
  }));
  const info = (bundle.info ?? {}) as { description?: string; summary?: string };
  const shell: Shell = {
    title: model.title,
    version: model.version,
    logoAlt: theme.logo?.altText ?? model.title,
    description: info.summary ?? `Reference and guides of ${model.title}.`,
    guides: groups.map((g) => ({
      name: g.name,
      items: g.guides.map((guide) => ({ title: guide.title, file: fileOf(guide.title) })),
    })),
    api,
    map,
    navLimit: NAV_LIMIT,
  };
  return { theme, guides, api, info, map, fileOf, markdown, shell };
}

/** Everything the site is made of, as files: name → content. */
export async function siteFiles(
  contract: LoadedContract,
  options: DocsOptions = {},
): Promise<Map<string, string | Buffer>> {
  const { bundle, model } = contract;
  const { theme, guides, api, info, map, fileOf, markdown, shell } = await siteShape(contract, options);
  const files = new Map<string, string | Buffer>();
  const records: SearchRecord[] = [];
  const overview = overviewContent(model, info, api, map, markdown('info.description'));
  files.set('index.html', page(shell, 'index.html', model.title, overview));
  for (const guide of guides) {
    const file = fileOf(guide.title);
    files.set(file, page(shell, file, guide.title, guideContent(guide, markdown(guide.file))));
    records.push(...guideRecords(guide.title, file, guide.body));
  }
  for (const tag of api.flatMap((g) => g.tags)) {
    const content = tagContent(tag.name, tag.description, tag.operations, map, markdown(`tag ${tag.name}`));
    files.set(tag.file, page(shell, tag.file, tag.name, content, tag.name));
    records.push(tagRecord(tag.name, tag.file, tag.description));
  }
  const baseUrl = defaultBaseUrl(model.servers);
  for (const op of model.operations) {
    const file = map.operationFile(op);
    const samples = codeSamples(op, baseUrl);
    const anchor = operationAnchor(op).slice(2);
    const notes = { mockGuide: options.guides !== false };
    const content = operationPage(model, op, samples, markdown(op.key), anchor, notes);
    files.set(file, page(shell, file, op.summary, content, tagOf(op)));
    records.push(operationRecord(op, file, op.description ?? ''));
  }
  const { yaml, json } = renderBundle(bundle);
  const css = await readFile(path.join(assetsDir, 'site.css'), 'utf8');
  files.set('search-index.js', searchIndexScript(records));
  files.set('site.css', `${themeCss(theme)}${css}`);
  files.set('site.js', await readFile(path.join(assetsDir, 'site.js')));
  files.set('openapi.yaml', yaml);
  files.set('openapi.json', json);
  files.set('logo.svg', await readFile(path.resolve(root, theme.logo?.image ?? 'docs/assets/logo.svg')));
  files.set('.nojekyll', '');
  return files;
}

/** Build step: writes the site into generated/site/, each file atomically, and removes files of older builds. */
export async function docs(contract: LoadedContract, options: DocsOptions = {}): Promise<void> {
  const files = await siteFiles(contract, options);
  await mkdir(siteDir, { recursive: true });
  const before = await readdir(siteDir);
  await Promise.all([...files].map(([name, content]) => writeAtomically(path.join(siteDir, name), content)));
  // A server may be reading the folder: the new files are in place before the old ones go.
  await Promise.all(
    before.filter((name) => !files.has(name)).map((name) => rm(path.join(siteDir, name), { force: true })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file, ours } = contractChoice();
  await docs(await loadContract(file), { guides: ours });
  console.log(`site: ${path.relative(process.cwd(), siteDir)}/index.html`);
}
