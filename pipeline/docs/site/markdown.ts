// Markdown of guides and of the spec's descriptions, to HTML and to plain text. markdown-it with raw HTML off
// (the spec is input from whoever opens a pull request: its text is escaped, and markdown-it refuses
// javascript: and data: links), `#/section` links turned into the site's pages, headings given ids.
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { slug } from '../guides.ts';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The plain text of inline tokens: text and code as written, soft and hard breaks as spaces. */
function inlineText(tokens: readonly Token[] | null): string {
  return (tokens ?? [])
    .map((t) =>
      t.type === 'softbreak' || t.type === 'hardbreak' ? ' ' : t.type === 'image' ? '' : t.content,
    )
    .join('');
}

/** Renders `text`; `resolve` gives the page of a `#/…` link (undefined: the build fails, naming `where`). */
export function renderMarkdown(
  text: string,
  resolve: (anchor: string) => string | undefined,
  where: string,
): string {
  const tokens = md.parse(text, {});
  const ids = new Map<string, number>();
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') {
      const base = slug(inlineText(tokens[i + 1]?.children ?? null)) || 'section';
      const n = ids.get(base) ?? 0;
      ids.set(base, n + 1);
      token.attrSet('id', n ? `${base}-${n}` : base);
    }
    for (const child of token.children ?? []) {
      if (child.type !== 'link_open') continue;
      const href = child.attrGet('href') ?? '';
      if (href.startsWith('#/')) {
        const page = resolve(href);
        if (!page) throw new Error(`${where}: link to ${href}: no such page in the site`);
        child.attrSet('href', page);
      } else if (/^https?:/.test(href)) child.attrSet('rel', 'noopener noreferrer');
    }
  });
  return md.renderer.render(tokens, md.options, {});
}

export interface TextSection {
  /** The heading's text ('' before the first heading) and its id. */
  title: string;
  id: string;
  text: string;
}

/** `text` cut at its `##` and `###` headings, each part as plain words (line breaks are spaces). */
export function textSections(text: string): TextSection[] {
  const sections: TextSection[] = [{ title: '', id: '', text: '' }];
  const ids = new Map<string, number>();
  const tokens = md.parse(text, {});
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') {
      const title = inlineText(tokens[i + 1]?.children ?? null);
      const base = slug(title) || 'section';
      const n = ids.get(base) ?? 0;
      ids.set(base, n + 1);
      if (token.tag === 'h2' || token.tag === 'h3')
        sections.push({ title, id: n ? `${base}-${n}` : base, text: '' });
      return;
    }
    if (tokens[i - 1]?.type === 'heading_open') return; // the heading's own text
    const words =
      token.type === 'inline'
        ? inlineText(token.children)
        : /^(fence|code_block)$/.test(token.type)
          ? token.content
          : '';
    const section = sections.at(-1) as TextSection;
    if (words) section.text += ` ${words}`;
  });
  return sections
    .map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ').trim() }))
    .filter((s) => s.title || s.text);
}

/** All of `text` as plain words. */
export const plainText = (text: string): string =>
  textSections(text)
    .map((s) => `${s.title} ${s.text}`)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
