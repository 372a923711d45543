// The search index, made at build time: one record per operation (its summary, method and path, id, and every
// parameter and field name), per tag, and per section of each reader's guide (heading and plain text: words
// as words, line breaks as spaces). Only the site's own pages are in it, so only reader-facing text. The page
// loads it lazily as a script (search-index.js works from disk, where fetch does not); site.js ranks.
import type { Operation } from '@banking-api/contract';
import { tagOf } from '../anchors.ts';
import { plainText, textSections } from './markdown.ts';
import { fieldNames } from './schema.ts';

/** One record: u page (and #section), t title, k kind (o operation, t tag, g guide), c context, m/p method and path, n names, x text. */
export interface SearchRecord {
  u: string;
  t: string;
  k: 'o' | 't' | 'g';
  c?: string;
  m?: string;
  p?: string;
  n?: string;
  x: string;
}

/** `endToEndId` → `endToEndId end to end id`: a field is found by its whole name and by its words. */
const withWords = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words === name ? name : `${name} ${words}`;
};

export function operationRecord(op: Operation, url: string, description: string): SearchRecord {
  const names = new Set<string>([op.operationId, ...op.parameters.map((p) => p.name)]);
  for (const media of op.requestBody?.content ?? []) fieldNames(media.schema, names);
  for (const response of op.responses) for (const media of response.content) fieldNames(media.schema, names);
  return {
    u: url,
    t: op.summary,
    k: 'o',
    c: tagOf(op),
    m: op.method,
    p: op.path,
    n: [...names].map(withWords).join(' '),
    x: plainText(description),
  };
}

export const tagRecord = (tag: string, url: string, description: string): SearchRecord => ({
  u: url,
  t: tag,
  k: 't',
  x: plainText(description),
});

/** A record per section of a guide: the page itself for the text before its first heading. */
export function guideRecords(title: string, url: string, markdown: string): SearchRecord[] {
  return textSections(markdown).map((section) => ({
    u: section.id ? `${url}#${section.id}` : url,
    t: section.title || title,
    k: 'g',
    c: section.title ? title : undefined,
    x: section.text,
  }));
}

/** search-index.js: the records as JSON text parsed once (JSON.parse is faster than a literal this size). */
export const searchIndexScript = (records: readonly SearchRecord[]): string =>
  `window.__docsSearch&&window.__docsSearch(JSON.parse(${JSON.stringify(JSON.stringify(records))}));\n`;
