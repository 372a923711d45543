// The build's steps run at once and read each other's outputs (the docs step packs the committed model while
// the bundle step writes it again): a file written in place is, for a moment, empty or cut at one of
// writeFile's 512 KiB chunks. Written aside and renamed into place, a reader sees the old file or the new one.
import { rename, rm, writeFile } from 'node:fs/promises';

let drafts = 0;

/** Writes `content` to `target` so that no reader ever sees part of it. */
export async function writeAtomically(target: string, content: string | Uint8Array): Promise<void> {
  const draft = `${target}.${process.pid}.${++drafts}.tmp`;
  try {
    await writeFile(draft, content);
    await rename(draft, target);
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
}
