// The workspaces of the root package.json and which of them are published, in dependency order: what the
// release commands (cli.ts) and the image build (image.ts) both work on, in a file of its own so that
// neither imports the other for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/paths.ts';

export type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  /** A sibling here is optional (@banking-api/model for the mock and verify), pinned like a dependency. */
  peerDependencies?: Record<string, string>;
};

export interface Workspace {
  /** Folder relative to the repository root, e.g. `packages/client`. */
  dir: string;
  manifest: Manifest;
}

export const manifestPath = (dir: string) => path.join(root, dir, 'package.json');
export const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The root package.json's workspaces, each with its manifest. */
export function workspaces(): Workspace[] {
  const { workspaces: dirs = [] } = readJson<{ workspaces?: string[] }>(path.join(root, 'package.json'));
  return dirs.map((dir) => ({ dir, manifest: readJson<Manifest>(manifestPath(dir)) }));
}

/** Sibling packages a workspace depends on. */
export const siblingsOf = (ws: Workspace, names: Set<string>) =>
  Object.keys(ws.manifest.dependencies ?? {}).filter((name) => names.has(name));

/** The workspaces that are published (not private), each after the siblings it depends on. */
export function publishableWorkspaces(all: Workspace[] = workspaces()): Workspace[] {
  const open = all.filter((ws) => !ws.manifest.private);
  const names = new Set(open.map((ws) => ws.manifest.name));
  const ordered: Workspace[] = [];
  const visit = (ws: Workspace, trail: string[]) => {
    if (ordered.includes(ws)) return;
    if (trail.includes(ws.manifest.name)) throw new Error(`dependency cycle: ${trail.join(' → ')}`);
    for (const name of siblingsOf(ws, names))
      visit(open.find((o) => o.manifest.name === name) as Workspace, [...trail, ws.manifest.name]);
    ordered.push(ws);
  };
  for (const ws of open) visit(ws, []);
  return ordered;
}
