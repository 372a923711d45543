// Numbers that identify a person or an account: CPF, CNPJ, phone numbers (Brazilian and E.164), card
// numbers, written bare, with punctuation or spaces between digit groups, or percent-encoded (decoded
// before this scan). A "run" is digit groups joined by short gaps (up to three of space . - / ( ) +);
// dates (2026-11-23, 23/11/2026) and IPv4 addresses inside a run are kept. One pass over the text.
import { isDigit, isDigitGap } from './chars.js';
import type { DataKind, Finding } from './finding.js';

interface Group {
  start: number;
  end: number;
  /** The gap before this group (empty for the first). */
  gap: string;
}

/** The digit runs of `text` that hold personal or account numbers. */
export function scanNumbers(text: string): Finding[] {
  const found: Finding[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const groups = readRun(text, i);
    for (const part of withoutDates(text, groups)) classify(text, part, found);
    i = (groups[groups.length - 1] as Group).end;
  }
  return found;
}

/** The groups of the run starting at the digit at `at`. */
function readRun(text: string, at: number): Group[] {
  const groups: Group[] = [];
  let gap = '';
  let i = at;
  for (;;) {
    const start = i;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    groups.push({ start, end: i, gap });
    let j = i;
    while (j < text.length && j - i < 3 && isDigitGap(text.charCodeAt(j))) j++;
    if (j === i || j >= text.length || !isDigit(text.charCodeAt(j))) return groups;
    gap = text.slice(i, j);
    if (gap.endsWith(' +')) return groups; // `... +55 11 ...`: an international number starts here
    i = j;
  }
}

const size = (g: Group) => g.end - g.start;

/** `groups[i..i+2]` spell a date: 2026-11-23, 2026/11/23, 23/11/2026 or 23-11-2026 (day and month in range). */
function dateAt(text: string, groups: Group[], i: number): boolean {
  const [a, b, c] = [groups[i], groups[i + 1], groups[i + 2]];
  if (!a || !b || !c || b.gap !== c.gap || (b.gap !== '-' && b.gap !== '/')) return false;
  const value = (g: Group) => Number(text.slice(g.start, g.end));
  const sizes = `${size(a)}${size(b)}${size(c)}`;
  const [day, month] =
    sizes === '422' ? [value(c), value(b)] : sizes === '224' ? [value(a), value(b)] : [0, 0];
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** The run split around the dates in it (a date is not personal data). */
function withoutDates(text: string, groups: Group[]): Group[][] {
  const parts: Group[][] = [];
  let current: Group[] = [];
  for (let i = 0; i < groups.length; i++) {
    if (dateAt(text, groups, i)) {
      parts.push(current);
      current = [];
      i += 2;
    } else current.push(groups[i] as Group);
  }
  parts.push(current);
  return parts.filter((part) => part.length > 0);
}

function classify(text: string, groups: Group[], found: Finding[]): void {
  const first = groups[0] as Group;
  const last = groups[groups.length - 1] as Group;
  const digits = groups.reduce((n, g) => n + size(g), 0);
  const prefix = internationalPrefix(text, first.start);
  const kind = kindOf(groups, digits, prefix !== first.start, text.charCodeAt(first.start - 1) === 40);
  if (kind)
    found.push({
      start: kind === 'phone' ? Math.min(prefix, parenAt(text, first.start)) : first.start,
      end: last.end,
      kind,
    });
}

/** Where a `+` (or `+ `, `(+`) before the first digit starts, else `at`. */
function internationalPrefix(text: string, at: number): number {
  if (text.charCodeAt(at - 1) === 43) return at - 1;
  if (text.charCodeAt(at - 1) === 32 && text.charCodeAt(at - 2) === 43) return at - 2;
  return at;
}

function parenAt(text: string, at: number): number {
  return text.charCodeAt(at - 1) === 40 ? at - 1 : at;
}

function isIpv4(groups: Group[]): boolean {
  return groups.length === 4 && groups.every((g, i) => size(g) <= 3 && (i === 0 || g.gap === '.'));
}

function kindOf(groups: Group[], digits: number, plus: boolean, paren: boolean): DataKind | undefined {
  if (isIpv4(groups)) return undefined;
  if (plus && digits >= 8) return 'phone';
  const sizes = groups.length <= 5 ? groups.map(size).join(',') : '';
  if (digits >= 10) {
    if (digits === 11 && (sizes === '3,3,3,2' || groups.length === 1)) return 'cpf';
    if (digits === 14 && (sizes === '2,3,3,4,2' || groups.length === 1)) return 'cnpj';
    if (digits >= 13 && digits <= 19 && groups.every((g, i) => size(g) === 4 || i === groups.length - 1))
      return 'card';
    if (paren || digits <= 13) return 'phone';
    return 'number';
  }
  // A local phone number: 9123-4567, 91234 5678 (area code elsewhere or none).
  if (digits >= 8 && groups.length === 2 && (sizes === '4,4' || sizes === '5,4')) return 'phone';
  return undefined;
}
