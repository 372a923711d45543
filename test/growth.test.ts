// The growth helper every linear-time test uses (test/support/growth.ts): a linear cost passes and an n·log n one
// too, a quadratic one fails, caught at ten times the size within a bounded time, and the verdict does not move
// when every core of the machine is busy with other processes (it measures CPU time, not wall time).
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { linearGrowth } from './support/growth.ts';

/** Work over every character: linear. */
function linear(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

/** A scan from every position to the end: quadratic (what a backtracking pattern does on a long run). */
function quadratic(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++)
    for (let j = i; j < text.length && text.charCodeAt(j) !== 0; j += 1) h = (h + j) | 0;
  return h;
}

/** Sorting the characters: n·log n. */
const sorted = (text: string) => [...text].sort().length;

const letters = (n: number) => 'ab'.repeat(n / 2);
const hogs: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const hog of hogs) hog.kill('SIGKILL');
});

describe('linearGrowth', () => {
  test('a linear cost passes, at a hundred times the size', () => {
    const growth = linearGrowth(letters, linear, 20_000);
    expect(growth.sizeRatio, growth.summary).toBe(100);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });

  test('an n·log n cost passes', () => {
    const growth = linearGrowth(letters, sorted, 2_000);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });

  test('a quadratic cost fails, caught at ten times the size before the largest input', () => {
    const started = performance.now();
    const growth = linearGrowth(letters, quadratic, 2_000);
    expect(growth.sizeRatio, growth.summary).toBe(10);
    expect(growth.ratio, growth.summary).toBeGreaterThan(growth.limit);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  test('every core busy with other processes moves neither verdict', async () => {
    for (let i = 0; i < 3; i++) {
      const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
      hogs.push(hog);
      await new Promise((resolve) => hog.once('spawn', resolve));
    }
    const kept = linearGrowth(letters, linear, 20_000);
    const caught = linearGrowth(letters, quadratic, 2_000);
    for (const hog of hogs) hog.kill('SIGKILL');
    console.log(`under load: ${kept.summary}; ${caught.summary}`);
    expect(kept.ratio, kept.summary).toBeLessThan(kept.limit);
    expect(caught.ratio, caught.summary).toBeGreaterThan(caught.limit);
  });
});
