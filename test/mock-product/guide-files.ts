// The files docs/mock.md shows whole (a line "File `name`:" and the code block after it): the tests run
// them as written, so the guide cannot drift from what works.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './packed.ts';

export async function guideFiles(): Promise<Record<string, string>> {
  const markdown = await readFile(join(repoRoot, 'docs', 'mock.md'), 'utf8');
  const files: Record<string, string> = {};
  for (const match of markdown.matchAll(/^File `([^`]+)`:\n\n```\w*\n([\s\S]*?)\n```/gm))
    files[match[1] as string] = `${match[2]}\n`;
  return files;
}
