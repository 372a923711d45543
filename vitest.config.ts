import { configDefaults, defineConfig } from 'vitest/config';
import { HOSTILE_FILES, HOSTILE_NAMED } from './test/hostile-probes.ts';

const tests = ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'];
// The audits' probes are one suite, `hostile` (test/hostile-probes.ts); `npm run test:hostile` runs it alone.
const hostile = [HOSTILE_NAMED, ...HOSTILE_FILES];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'hostile', include: hostile } },
      {
        extends: true,
        test: { name: 'toolkit', include: tests, exclude: [...configDefaults.exclude, ...hostile] },
      },
    ],
  },
});
