// The content of the overview, guide and tag pages (an operation's is operation.ts): HTML made from the model,
// the bundle's info and tags, and the guides' Markdown.
import type { ContractModel, Operation } from '@banking-api/contract';
import type { Guide } from '../guides.ts';
import { el, esc } from './html.ts';
import type { TagGroup } from './layout.ts';
import type { Markdown } from './operation.ts';
import type { SiteMap } from './pages.ts';

/** One operation in a list: its method, summary (a link to its page) and path. */
export const operationLink = (map: SiteMap, op: Operation): string =>
  el(
    'li',
    {},
    `${el('a', { href: map.operationFile(op) }, `${el('span', { class: `method ${op.method.toLowerCase()}` }, op.method)} ${esc(op.summary)}`)} ${el('code', { class: 'path' }, esc(op.path))}`,
  );

const operationList = (map: SiteMap, ops: readonly Operation[]) =>
  el('ul', { class: 'op-list' }, ops.map((op) => operationLink(map, op)).join(''));

/** index.html: the API's name and description, the contract to download, and every operation by tag. */
export function overviewContent(
  model: ContractModel,
  info: { summary?: string; description?: string },
  api: readonly TagGroup[],
  map: SiteMap,
  md: Markdown,
): string {
  const download = (file: string, label: string) => el('a', { href: file, download: true }, label);
  return el(
    'div',
    { class: 'prose' },
    [
      el('h1', {}, `${esc(model.title)} ${el('span', { class: 'version' }, esc(model.version))}`),
      info.summary ? el('p', { class: 'lead' }, esc(info.summary)) : '',
      info.description ? md.block(info.description) : '',
      el(
        'p',
        { class: 'downloads' },
        `The contract: ${download('openapi.yaml', 'OpenAPI (YAML)')} · ${download('openapi.json', 'OpenAPI (JSON)')}`,
      ),
      el('h2', { id: 'operations' }, 'Operations'),
      ...api.flatMap((g) =>
        g.tags.map(
          (t) => `${el('h3', {}, el('a', { href: t.file }, esc(t.name)))}${operationList(map, t.operations)}`,
        ),
      ),
    ].join(''),
  );
}

export const guideContent = (guide: Guide, md: Markdown): string =>
  el('div', { class: 'prose guide' }, `${el('h1', {}, esc(guide.title))}${md.block(guide.body)}`);

export const tagContent = (
  name: string,
  description: string,
  ops: readonly Operation[],
  map: SiteMap,
  md: Markdown,
): string =>
  el(
    'div',
    { class: 'prose' },
    `${el('h1', {}, esc(name))}${description ? md.block(description) : ''}${operationList(map, ops)}`,
  );
