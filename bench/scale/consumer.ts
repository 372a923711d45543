// A consumer's type check: `tsc --noEmit` of a file calling two operations (the first copy's and the last's)
// through @banking-api/client of a scaled repo, beside the same calls through plain openapi-fetch over
// openapi-typescript's CLI output for the same bundle (the bare tools).
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from '../../scripts/paths.ts';
import { alternate, type Row } from './stats.ts';

const run = promisify(execFile);
const FLAGS = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];

const body = "{ alias: 'Compras', password: '123456', typeCard: 'Virtual', programId: 1 }";
const calls = (copies: number) =>
  ['/hb/cards/create', ...(copies > 1 ? [`/c${copies}/hb/cards/create`] : [])]
    .map(
      (p) =>
        `  const { data: ${p.startsWith('/c') ? 'last' : 'first'} } = await client.POST('${p}', { params: { header: { 'x-account-id': 'acc-1' } }, body: ${body} });`,
    )
    .join('\n');

async function consumers(repo: string, copies: number): Promise<{ ours: string; bare: string }> {
  const ours = path.join(repo, 'consumer.ts');
  const bare = path.join(repo, 'bare-consumer.ts');
  await writeFile(
    ours,
    `import { createBankingClient } from '@banking-api/client';\nexport async function use(client: ReturnType<typeof createBankingClient>) {\n${calls(copies)}\n}\n`,
  );
  await run(process.execPath, [
    path.join(root, 'node_modules/openapi-typescript/bin/cli.js'),
    path.join(repo, 'generated/openapi.json'),
    '-o',
    path.join(repo, 'bare-api.d.ts'),
  ]);
  await writeFile(
    bare,
    `import createClient from 'openapi-fetch';\nimport type { paths } from './bare-api.js';\nexport async function use(client: ReturnType<typeof createClient<paths>>) {\n${calls(copies)}\n}\n`,
  );
  return { ours, bare };
}

export async function consumerRows(repo: string, copies: number, rounds: number): Promise<Row[]> {
  const files = await consumers(repo, copies);
  const tsc = (file: string) => () =>
    run(
      process.execPath,
      [
        path.join(root, 'node_modules/typescript/bin/tsc'),
        ...FLAGS,
        '--target',
        'es2022',
        '--skipLibCheck',
        file,
      ],
      {
        cwd: repo,
      },
    ).catch((error: { stdout?: string }) => {
      throw new Error(`bench: the consumer does not type-check:\n${error.stdout}`);
    });
  const [ours, bare] = await alternate(rounds, [tsc(files.ours), tsc(files.bare)]);
  return [
    {
      what: 'consumer type check (vs openapi-fetch + openapi-typescript)',
      ours: ours as number,
      bare: bare as number,
      unit: 'ms',
    },
  ];
}
