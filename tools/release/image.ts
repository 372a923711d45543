// The mock's container image as a release artifact: the packed packages made into a build context by the
// package's own bin (banking-api-mock-image-context, as a team outside this repository would), built with
// podman, and saved as `banking-api-mock-<version>.image.tar`, which `podman load` / `docker load` read with
// no registry at all.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/paths.ts';
import type { Workspace } from './workspaces.ts';

const IMAGE_PACKAGES = ['@banking-api/contract', '@banking-api/mock'];

export interface ImageOptions {
  /** The image to build on: any with Node 24 and npm (default node:24-slim). */
  base: string;
  /** The npm registry the build installs from (default npm's configured one). */
  registry?: string | undefined;
  /** Where the tarballs are packed (the release's `packAll`). */
  pack: (packages: Workspace[], dir: string) => string[];
}

/** Builds and saves the image of `version` into `outDir`; the tarball's path. */
export function releaseImage(
  packages: Workspace[],
  version: string,
  outDir: string,
  options: ImageOptions,
): string {
  const work = mkdtempSync(path.join(tmpdir(), 'banking-image-'));
  try {
    const packs = path.join(work, 'packs');
    mkdirSync(packs);
    // The packages the image installs, and only those.
    options.pack(
      packages.filter((ws) => IMAGE_PACKAGES.includes(ws.manifest.name)),
      packs,
    );
    const context = path.join(work, 'context');
    const registry =
      options.registry ?? execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
    const bin = path.join(root, 'packages/mock/dist/image-context.js');
    execFileSync(process.execPath, [bin, context, '--tarballs', packs, '--registry', registry], {
      stdio: 'inherit',
    });
    const tag = `localhost/banking-api-mock:${version}`;
    // The CA of this machine's registry (or of the proxy in front of it), as the build secret it reads.
    const ca = process.env.NODE_EXTRA_CA_CERTS
      ? ['--secret', `id=npm-ca,src=${process.env.NODE_EXTRA_CA_CERTS}`]
      : [];
    const build = ['build', '--pull=missing', '--network', 'host', '--build-arg', `BASE=${options.base}`];
    execFileSync('podman', [...build, '--build-arg', `NPM_REGISTRY=${registry}`, ...ca, '-t', tag, context], {
      stdio: 'inherit',
    });
    mkdirSync(outDir, { recursive: true });
    const tarball = path.join(outDir, `banking-api-mock-${version}.image.tar`);
    rmSync(tarball, { force: true });
    execFileSync('podman', ['save', '-o', tarball, tag], { stdio: 'inherit' });
    return tarball;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
