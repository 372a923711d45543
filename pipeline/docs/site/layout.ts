// The page shell every page shares: head (the site's one stylesheet and one deferred script, nothing inline,
// so the docs server's Content-Security-Policy holds), the top bar with the search box, the sidebar (guides,
// then the API's tags with their operations) and the page's content.
import type { Operation } from '@banking-api/contract';
import { el, esc } from './html.ts';
import type { SiteMap } from './pages.ts';

export interface NavGroup {
  name: string;
  items: { title: string; file: string }[];
}

export interface TagGroup {
  name: string;
  tags: { name: string; description: string; file: string; operations: Operation[] }[];
}

export interface Shell {
  title: string;
  version: string;
  logoAlt: string;
  description: string;
  guides: NavGroup[];
  api: TagGroup[];
  map: SiteMap;
  /** Above this many operations, the sidebar lists only the current tag's (the others: their tag pages). */
  navLimit: number;
}

const methodBadge = (method: string) => el('span', { class: `method ${method.toLowerCase()}` }, method);

/** The sidebar of every page of a tag (or of none), made once per shell and tag: 2,002 pages share 12 of them. */
const sidebars = new WeakMap<Shell, Map<string, string>>();

/** The sidebar with the current page's link marked. */
function sidebar(shell: Shell, current: string, currentTag: string | undefined): string {
  const made = sidebars.get(shell) ?? new Map<string, string>();
  sidebars.set(shell, made);
  const key = currentTag ?? '';
  const html = made.get(key) ?? sidebarOf(shell, currentTag);
  made.set(key, html);
  const link = `<a href="${esc(current)}">`;
  return html.replace(link, `<a href="${esc(current)}" aria-current="page">`);
}

function sidebarOf(shell: Shell, currentTag: string | undefined): string {
  const total = shell.api.reduce((n, g) => n + g.tags.reduce((m, t) => m + t.operations.length, 0), 0);
  const link = (file: string, inner: string) => el('a', { href: file }, inner);
  const guides = shell.guides.map(
    (g) =>
      `${el('h2', {}, esc(g.name))}${el('ul', {}, g.items.map((i) => el('li', {}, link(i.file, esc(i.title)))).join(''))}`,
  );
  const api = shell.api.map((group) => {
    const tags = group.tags.map((tag) => {
      const open = tag.name === currentTag;
      if (total > shell.navLimit && !open) return el('li', {}, link(tag.file, esc(tag.name)));
      const ops = tag.operations.map((op) => {
        const file = shell.map.operationFile(op);
        return el('li', {}, link(file, `${methodBadge(op.method)} ${esc(op.summary)}`));
      });
      // The summary only opens and closes (a link inside it would be a control within a control).
      const about = el('li', { class: 'about' }, link(tag.file, `About ${esc(tag.name)}`));
      return el(
        'li',
        {},
        el('details', { open }, `<summary>${esc(tag.name)}</summary>${el('ul', {}, about + ops.join(''))}`),
      );
    });
    return `${el('h2', {}, esc(group.name))}${el('ul', { class: 'tags' }, tags.join(''))}`;
  });
  return el('nav', { class: 'sidebar', 'aria-label': 'Reference' }, [...guides, ...api].join(''));
}

export function page(shell: Shell, file: string, title: string, content: string, tag?: string): string {
  const search = `<div class="search" role="search"><label for="search" class="visually-hidden">Search the reference</label><input id="search" type="search" role="combobox" placeholder="Search operations, fields, guides" autocomplete="off" spellcheck="false" aria-controls="search-results" aria-expanded="false" aria-autocomplete="list"><div id="search-results" role="listbox" aria-label="Search results" hidden></div></div>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title === shell.title ? title : `${title} · ${shell.title}`)}</title>
<meta name="description" content="${esc(shell.description)}">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="site.css">
<script src="site.js" defer></script>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="top"><a class="brand" href="index.html"><img src="logo.svg" alt="${esc(shell.logoAlt)}" height="32"><span class="api-title">${esc(shell.title)}</span><span class="version">${esc(shell.version)}</span></a>${search}</header>
<div class="layout">
${sidebar(shell, file, tag)}
<main id="content">
${content}
</main>
</div>
</body>
</html>
`;
}
