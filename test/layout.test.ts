// Tools ship as commands of their own and never import from the test tree (a test may import a tool).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { root } from '../scripts/paths.ts';

it('no file under tools/ imports from test/', () => {
  const tools = path.join(root, 'tools');
  const files = readdirSync(tools, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(0);
  const offenders = files.filter((file) => {
    const text = readFileSync(path.join(tools, file), 'utf8');
    return [...text.matchAll(/from '([^']+)'|import\('([^']+)'\)/g)].some(([, a, b]) => {
      const specifier = a ?? b ?? '';
      const target = path.resolve(path.dirname(path.join(tools, file)), specifier);
      return specifier.startsWith('.') && target.startsWith(path.join(root, 'test') + path.sep);
    });
  });
  expect(offenders).toEqual([]);
});
