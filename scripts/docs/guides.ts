// Guides: Markdown files under docs/, shown in the site as description-only tags (x-traitTag).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Guide {
  file: string;
  title: string;
  body: string;
}

/** Sidebar order. A docs/*.md file missing from this list fails the build, so no guide is forgotten. */
export const GUIDE_FILES = [
  'getting-started.md',
  'authentication.md',
  'environments.md',
  'account-header.md',
  'idempotency.md',
  'errors.md',
  'webhooks.md',
  'cnab-240.md',
  'mock.md',
  'typescript-client.md',
  'reviewing-spec-changes.md',
];

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
      `docs: add ${unlisted.join(', ')} to GUIDE_FILES in scripts/docs/guides.ts (sidebar order)`,
    );
  return Promise.all(
    GUIDE_FILES.map(async (file) => {
      const full = path.join(dir, file);
      const text = await readFile(full, 'utf8').catch(() => {
        throw new Error(`docs: guide ${path.relative(process.cwd(), full)} is missing`);
      });
      return parseGuide(path.relative(process.cwd(), full), text);
    }),
  );
}

/** Redoc's section id of a tag or guide title: `CNAB 240 upload` → `cnab-240-upload`. */
export const slug = (title: string) =>
  title
    .toLowerCase()
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
