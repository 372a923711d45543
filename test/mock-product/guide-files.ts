// The files a guide shows whole (a line "File `name`:" and the code block after it; docs/mock.md unless
// another is named): the tests run them as written, so the guide cannot drift from what works.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './packed.ts';

export async function guideFiles(guide = 'mock.md'): Promise<Record<string, string>> {
  const markdown = await readFile(join(repoRoot, 'docs', guide), 'utf8');
  const files: Record<string, string> = {};
  for (const match of markdown.matchAll(/^File `([^`]+)`:\n\n```\w*\n([\s\S]*?)\n```/gm))
    files[match[1] as string] = `${match[2]}\n`;
  return files;
}
