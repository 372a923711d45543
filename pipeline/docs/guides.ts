// Guides: Markdown files under docs/, shown in the site as description-only tags (x-traitTag).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Guide {
  file: string;
  title: string;
  body: string;
}

/**
 * The site's guides, for the teams that call the API and use the toolkit, in sidebar order and grouped: the one
 * list of them (a contract other than ours would give its own, or none). A docs/*.md file missing from it fails
 * the build, so no guide is forgotten; notes for the maintainers of this repository live in docs/maintainers/,
 * which the site never reads.
 */
export const GUIDE_GROUPS: readonly { name: string; files: readonly string[] }[] = [
  {
    name: 'Using the API',
    files: [
      'getting-started.md',
      'authentication.md',
      'environments.md',
      'account-header.md',
      'idempotency.md',
      'errors.md',
      'webhooks.md',
      'cnab-240.md',
    ],
  },
  {
    name: 'Toolkit',
    files: [
      'getting-the-packages.md',
      'typescript-client.md',
      'receiving-notifications.md',
      'mock.md',
      'try-it.md',
      'verifying-a-server.md',
      'reviewing-spec-changes.md',
    ],
  },
];

/** Every guide file, in sidebar order. */
export const GUIDE_FILES: readonly string[] = GUIDE_GROUPS.flatMap((group) => group.files);

/** A guide's title is its first `# ` heading; the rest is its body. */
export function parseGuide(file: string, text: string): Guide {
  const match = /^# (.+)\r?\n/m.exec(text);
  if (!match) throw new Error(`${file}:1 a guide must start with a "# Title" heading`);
  return { file, title: match[1]?.trim() ?? '', body: text.slice(match.index + match[0].length).trim() };
}

export async function readGuides(dir: string, present: string[]): Promise<Guide[]> {
  const unlisted = present.filter((f) => f.endsWith('.md') && !GUIDE_FILES.includes(f));
  if (unlisted.length)
    throw new Error(
      `docs: add ${unlisted.join(', ')} to GUIDE_FILES in pipeline/docs/guides.ts (sidebar order)`,
    );
  const files = GUIDE_FILES.map((file) => path.relative(process.cwd(), path.join(dir, file)));
  const texts = await Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => undefined)));
  // Report in sidebar order, whichever read failed first.
  const missing = files.filter((_, i) => texts[i] === undefined);
  if (missing.length) {
    const others = missing.length > 1 ? ` (also missing: ${missing.slice(1).join(', ')})` : '';
    throw new Error(`docs: guide ${missing[0]} is missing${others}`);
  }
  return files.map((file, i) => parseGuide(file, texts[i] as string));
}

/** The id of a tag or guide title (its page's name, and Redoc's section id): `CNAB 240 upload` → `cnab-240-upload`. */
export const slug = (title: string): string =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Links between sections (`[Errors](#/errors)`) must land on a section that exists. */
export function checkLinks(guides: Guide[], sections: string[]): void {
  const known = new Set(sections.map(slug));
  for (const guide of guides)
    for (const match of guide.body.matchAll(/\]\(#\/([^)/]+)[^)]*\)/g)) {
      if (known.has(match[1] ?? '')) continue;
      const line = guide.body.slice(0, match.index).split('\n').length + 2; // + title and blank line
      throw new Error(`${guide.file}:${line} link to #/${match[1]}: no such section in the site`);
    }
}
