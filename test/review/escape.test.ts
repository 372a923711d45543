// formats/escape.ts and text/plain.ts: each hostile string, put where the review puts spec text, stays text:
// parsed by real parsers (marked, GFM, for the comment; saxes, a conformant XML 1.0 parser, for JUnit).
import { Marked, type Token } from 'marked';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import {
  commandData,
  commandProperty,
  markdownCode,
  markdownMessage,
  markdownText,
  terminalText,
  xmlText,
} from '../../tools/review/formats/escape.ts';
import { code, visible } from '../../tools/review/text/plain.ts';
import { ALL_HOSTILE, HOSTILE } from './hostile-strings.ts';

const marked = new Marked({ gfm: true });

/** Every token of a Markdown text, nested ones included. */
function tokens(markdown: string): Token[] {
  const out: Token[] = [];
  const walk = (list: Token[]) => {
    for (const t of list) {
      out.push(t);
      const nested = (t as { tokens?: Token[]; items?: Token[] }).tokens ?? (t as { items?: Token[] }).items;
      if (nested) walk(nested);
    }
  };
  walk(marked.lexer(markdown));
  return out;
}

/** The token types a line of the comment must never contain when spec text was put in it. */
const FORBIDDEN = ['heading', 'html', 'image', 'link', 'table', 'code', 'hr', 'blockquote', 'list'];

/** Parses XML strictly; throws on anything not well-formed XML 1.0. */
function parseXml(xml: string): string[] {
  const texts: string[] = [];
  const parser = new SaxesParser({ xmlns: false });
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('text', (t) => texts.push(t));
  parser.on('attribute', (a) => texts.push(a.value));
  parser.write(xml).close();
  return texts;
}

describe('spec text in the Markdown comment', () => {
  it.each(Object.entries(HOSTILE))(
    '%s: one paragraph of text and code spans, nothing else',
    (_name, text) => {
      for (const markdown of [
        `- ${markdownText(text)}`,
        `- ${markdownMessage(`Property ${code(text)} removed: ${text}`)}`,
      ]) {
        const found = tokens(markdown.slice(2)).map((t) => t.type);
        for (const type of FORBIDDEN) expect(found, markdown).not.toContain(type);
        expect(markdown).not.toMatch(/\n/);
        const html = marked.parse(markdown) as string;
        expect(new Set([...html.matchAll(/<([a-z0-9!]+)/g)].map((m) => m[1]))).toEqual(
          new Set(html.includes('<code>') ? ['ul', 'li', 'code'] : ['ul', 'li']),
        );
        // Outside code spans (where GitHub links no one), no `@name` is left to mention.
        expect(html.replace(/<code>.*?<\/code>/g, '')).not.toMatch(/@[a-z0-9]/i);
      }
    },
  );

  it('a code span cannot end early, and a table cell keeps its columns', () => {
    const row = `| ${markdownCode(HOSTILE.table + HOSTILE.code, true)} | ${markdownMessage(HOSTILE.table, true)} |`;
    const table = tokens(`| a | b |\n|---|---|\n${row}`).find((t) => t.type === 'table') as {
      rows: unknown[][];
    };
    expect(table.rows[0]).toHaveLength(2);
  });

  it('renders to HTML with no element the text did not ask for', () => {
    const html = marked.parse(`- ${markdownMessage(`${ALL_HOSTILE} ${code(ALL_HOSTILE)}`)}`) as string;
    const elements = [...html.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]);
    expect(new Set(elements)).toEqual(new Set(['ul', 'li', 'code']));
  });
});

describe('spec text elsewhere', () => {
  it('in XML 1.0 (JUnit): well-formed, and the text comes back (controls written out)', () => {
    for (const text of Object.values(HOSTILE)) {
      const xml = `<?xml version="1.0"?><r a="${xmlText(text, true)}">${xmlText(text)}</r>`;
      const [attribute, content] = parseXml(xml);
      expect(attribute).toBe(content);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not come through
      expect(content).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    }
  });

  it('in a workflow command: one line, properties without `:` or `,`', () => {
    const line = `::error title=${commandProperty(visible(HOSTILE.workflow))}::${commandData(HOSTILE.workflow)}`;
    expect(line.split('\n')).toHaveLength(1);
    expect(line.slice(2, line.indexOf('::', 2))).not.toMatch(/[:,](?!:)/);
  });

  it('on a terminal: no escape sequence, C1, bidirectional control or forged workflow command', () => {
    const out = terminalText(ALL_HOSTILE);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not come through
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    for (const line of out.split('\n')) expect(line.startsWith('::')).toBe(false);
  });

  it('as a message code span: printable, one line, no backtick', () => {
    expect(code(ALL_HOSTILE)).toMatch(/^`[^`\n]*`$/);
    expect(visible('a'.repeat(500)).length).toBe(200);
  });
});
