// The site's pages and their files, all in one folder (links between them are plain file names, which work
// from disk and over HTTP alike): index.html, a page per guide (`errors.html`), per tag (`pix.html`) and per
// operation (`pix.refundpix.html`, after its Redoc anchor `#/pix/refundpix`). Guides and the build's tables
// link with `#/section` anchors; `resolve` turns each into its page.
import type { Operation } from '@banking-api/contract';
import { operationAnchor, tagOf } from '../anchors.ts';
import { slug } from '../guides.ts';

export type PageKind = 'overview' | 'guide' | 'tag' | 'operation';

export interface Page {
  kind: PageKind;
  title: string;
  /** File name in the site folder. */
  file: string;
  /** The tag a tag or operation page belongs to. */
  tag?: string;
  operation?: Operation;
}

export interface SiteMap {
  pages: Page[];
  /** The page of a `#/a` or `#/a/b` anchor, with the fragment to add, or undefined. */
  resolve(anchor: string): string | undefined;
  operationFile(op: Operation): string;
}

export function siteMap(
  guides: readonly string[],
  tags: readonly string[],
  operations: readonly Operation[],
): SiteMap {
  const pages: Page[] = [{ kind: 'overview', title: 'Overview', file: 'index.html' }];
  const byFile = new Map<string, Page>([['index.html', pages[0] as Page]]);
  const add = (page: Page) => {
    const other = byFile.get(page.file);
    if (other)
      throw new Error(
        `docs: the ${page.kind} "${page.title}" and the ${other.kind} "${other.title}" would share ${page.file}`,
      );
    byFile.set(page.file, page);
    pages.push(page);
  };
  for (const title of guides) add({ kind: 'guide', title, file: `${slug(title)}.html` });
  for (const tag of tags) add({ kind: 'tag', title: tag, tag, file: `${slug(tag)}.html` });
  const opFile = new Map<Operation, string>();
  for (const op of operations) {
    const file = `${operationAnchor(op).slice(2).replace('/', '.')}.html`;
    opFile.set(op, file);
    add({ kind: 'operation', title: op.summary, tag: tagOf(op), operation: op, file });
  }
  return {
    pages,
    operationFile: (op) => opFile.get(op) ?? '',
    resolve(anchor) {
      const [first = '', ...rest] = anchor.replace(/^#\//, '').split('/');
      const op = rest.length ? `${first}.${rest[0]}.html` : undefined;
      if (op && byFile.has(op)) return rest.length > 1 ? `${op}#${rest.slice(1).join('-')}` : op;
      if (!byFile.has(`${first}.html`) || first === 'index') return undefined;
      return rest.length ? `${first}.html#${rest.join('-')}` : `${first}.html`;
    },
  };
}
