// The docs-only spec and its failure modes, without a browser: guides, notes, samples and open questions
// come from the contract's model and docs/, and bad input names the file to fix.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Operation } from '@banking-api/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAP_TOPICS } from '../../model/gap-topics.js';
import { type Json, type LoadedContract, loadContract } from '../../model/load.ts';
import { operationAnchor } from '../../pipeline/docs/anchors.ts';
import { changelogEntries, changelogPage } from '../../pipeline/docs/changelog-page.ts';
import { expandGuideTables } from '../../pipeline/docs/guide-tables.ts';
import { checkLinks, GUIDE_FILES, parseGuide, readGuides } from '../../pipeline/docs/guides.ts';
import {
  CHANGELOG,
  changelogPath,
  docsDir,
  docsSpec,
  GUIDES_GROUP,
  OPEN_QUESTIONS,
} from '../../pipeline/docs/index.ts';
import { openQuestions } from '../../pipeline/docs/open-questions-page.ts';
import {
  checkServerThemeSheet,
  globalStylesFromServer,
  markdownParsedOnce,
  outerFunctionCompiledUpFront,
  REDOC_SCRIPT,
  searchIndexSooner,
  splitPage,
  withMinifiedTemplateStyle,
  withoutConsoleBanner,
} from '../../pipeline/docs/page.ts';
import { specPath } from '../../scripts/paths.ts';

let contract: LoadedContract;
let doc: Json;
beforeAll(async () => {
  contract = await loadContract(specPath);
  doc = await docsSpec(contract);
});

/** The operation `op` as written in an OpenAPI document (the bundle or its docs-only copy). */
const operationIn = (document: Json, op: Operation) =>
  ((document.paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
const byId = (operationId: string) => {
  const op = contract.model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`${operationId} missing from the contract`);
  return op;
};

describe('docs-only spec', () => {
  it('puts every guide, then the open questions, first in the sidebar', async () => {
    const guides = await readGuides(docsDir, await readdir(docsDir));
    const groups = doc['x-tagGroups'] as { name: string; tags: string[] }[];
    expect(groups[0]).toEqual({
      name: GUIDES_GROUP,
      tags: [...guides.map((g) => g.title), OPEN_QUESTIONS, CHANGELOG],
    });
    const tags = doc.tags as Json[];
    for (const guide of guides) {
      // The guide's text with its lists of operations filled in from the model.
      const description = expandGuideTables(guide, contract.model).body;
      expect(tags).toContainEqual({ name: guide.title, description, 'x-traitTag': true });
    }
  });

  it('gives every operation a TypeScript and a curl sample and the generated notes', () => {
    const ops = contract.model.operations;
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      const written = operationIn(doc, op);
      const samples = written['x-codeSamples'] as { lang: string; source: string }[];
      expect(
        samples.map((s) => s.lang),
        op.operationId,
      ).toEqual(['TypeScript', 'curl']);
      const description = String(written.description);
      if (op.description) expect(description, op.operationId).toContain(op.description.trim());
      expect(description, op.operationId).toContain('**Security:**');
      expect(description).toContain('**Account header:**');
      expect(description).toContain(op.idempotency ? '**Idempotent by URL:**' : '**Idempotency:** none');
      for (const gap of op.gaps) expect(description).toContain(gap.detail);
      expect(description).toContain('**Named examples:**');
      expect(description).toContain('[local copy of this reference](#/try-it-against-the-mock)');
    }
    expect(operationIn(doc, byId('tryWebhook')).description).toContain('with scope `webhook.write`');
    for (const op of ops) {
      const stated = op.responses.some((r) => /^2/.test(r.status) && r.rules?.length);
      expect(
        String(operationIn(doc, op).description).includes('**Stated across fields:**'),
        op.operationId,
      ).toBe(stated);
    }
    expect(operationIn(doc, byId('refundPix')).description).toContain(
      '**Stated across fields:** `refund.id` of the 200 answer equals the path parameter `id`.',
    );
  });

  it('leaves the bundled spec itself untouched', () => {
    const refund = operationIn(contract.bundle, byId('refundPix'));
    expect(refund['x-codeSamples']).toBeUndefined();
    expect(String(refund.description)).not.toContain('**Security:**');
  });
});

describe('open questions', () => {
  it('lists every x-unspecified marker of the spec, document-wide and per operation', () => {
    const { model } = contract;
    const text = openQuestions(model);
    const cell = (s: string) => s.replace(/\|/g, '\\|');
    expect(model.gaps.length).toBeGreaterThan(0);
    for (const gap of model.gaps)
      expect(text).toContain(`| ${GAP_TOPICS[gap.topic]} | ${cell(gap.detail)} |`);
    const perOperation = model.operations.flatMap((op) => op.gaps.map((gap) => ({ op, gap })));
    expect(perOperation.length).toBeGreaterThan(0);
    for (const { op, gap } of perOperation) {
      expect(text).toContain(`## ${GAP_TOPICS[gap.topic]}\n`);
      expect(text).toContain(`\`${op.method} ${op.path}\`) | ${cell(gap.detail)}`);
    }
    expect(text).toContain(`leaves ${model.gaps.length + perOperation.length} points open`);
  });
});

describe('guides', () => {
  it('must start with a title, or the build names the file', () => {
    expect(() => parseGuide('docs/x.md', 'no heading here\n')).toThrow(
      'docs/x.md:1 a guide must start with a "# Title" heading',
    );
    expect(parseGuide('docs/x.md', '# Title\n\nBody.\n')).toEqual({
      file: 'docs/x.md',
      title: 'Title',
      body: 'Body.',
    });
  });

  it('fail the build when a guide is not in the sidebar order, or is missing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docs-guides-'));
    await writeFile(path.join(dir, 'stray.md'), '# Stray\n');
    await expect(readGuides(dir, ['stray.md'])).rejects.toThrow('add stray.md to GUIDE_FILES');
    await expect(readGuides(dir, [])).rejects.toThrow(
      `guide ${path.relative(process.cwd(), path.join(dir, GUIDE_FILES[0] ?? ''))} is missing`,
    );
  });
});

describe('links between sections', () => {
  it('must point at a guide or tag of the site, or the build names file and line', () => {
    const guide = parseGuide(
      'docs/x.md',
      '# X\n\nSee [Errors](#/errors).\n\nAnd [nothing](#/no-such-guide).\n',
    );
    expect(() => checkLinks([guide], ['Errors'])).toThrow(
      'docs/x.md:5 link to #/no-such-guide: no such section',
    );
    expect(() => checkLinks([guide], ['Errors', 'No such guide'])).not.toThrow();
  });
});

describe('changelog page', () => {
  const pageOf = () => (doc.tags as Json[]).find((t) => t.name === CHANGELOG)?.description as string;

  it("lists every release of CHANGELOG.md, the current version's first", async () => {
    const entries = changelogEntries(await readFile(changelogPath, 'utf8'));
    expect(entries.map((e) => e.version)).toContain(contract.model.version);
    const page = pageOf();
    for (const entry of entries) expect(page).toContain(`## ${entry.version} (${entry.date})`);
    expect(page.indexOf(`## ${contract.model.version} (`)).toBe(page.indexOf('## '));
  });

  it('marks breaking changes and links the operations they name to their sections', () => {
    const op = byId('refundPix');
    const release = [
      '# Changelog',
      '',
      '## 2.0.0 - 2027-01-02',
      '',
      '### Breaking',
      '',
      `- \`${op.key}\` (${op.operationId}): Removed response 200`,
      '- `DELETE /gone/{id}` (gone): Removed path `/gone/{id}`',
      '',
      '### Non-breaking',
      '',
      '- `document`: Added servers',
      '',
      '## 1.0.0 - 2026-11-23',
      '',
      'No API changes.',
    ].join('\n');
    const page = changelogPage(release, contract.model);
    expect(page).toContain('### ⚠ Breaking changes in 2.0.0');
    expect(page).toContain('### Non-breaking in 2.0.0');
    expect(page).toContain(
      `- **Breaking:** [\`${op.key}\`](${operationAnchor(op)}) (${op.operationId}): Removed response 200`,
    );
    // An operation the contract no longer has stays plain text; only breaking bullets are marked.
    expect(page).toContain('- **Breaking:** `DELETE /gone/{id}` (gone)');
    expect(page).toContain('- `document`: Added servers');
    expect(page).toContain('## 1.0.0 (2026-11-23)\n\nNo API changes.');
    // A release not cut yet is said so, not hidden.
    expect(changelogPage('# Changelog\n', contract.model)).toContain(
      `version **${contract.model.version}**, which has no entry yet`,
    );
  });
});

describe('page split (pipeline/docs/page.ts)', () => {
  const page = [
    '<html><head><style>x</style></head><body><div id="redoc"></div>',
    '<script type="module">\nconst{RedocStandalone,hydrate,init}=(()=>({a:import.meta.url}))();export{RedocStandalone,hydrate,init};',
    '\n      const __redoc_definition = {"info":{"description":"</script>, <head> and <style> in text"}};',
    '\n      const __redoc_options = {"disableTelemetry":true};',
    "\n\n      hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));\n      </script>",
    '</body></html>',
  ].join('');

  it("moves Redoc's module to a deferred classic script and the spec to a JSON block", () => {
    const { html, script } = splitPage(page);
    expect(script).not.toContain('export{');
    expect(script).not.toContain('import.meta');
    expect(script).toContain('const{RedocStandalone,hydrate,init}=');
    expect(html.startsWith(`<html><head>\n  <script defer src="${REDOC_SCRIPT}"></script><style>`)).toBe(
      true,
    );
    expect(html).not.toContain('type="module"');
    const data = /<script type="application\/json" id="redoc-definition">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? '')).toEqual({
      info: { description: '</script>, <head> and <style> in text' },
    });
    expect(html).toContain('{"disableTelemetry":true}, document.getElementById(\'redoc\')');
  });

  it("minifies the template's stylesheet and leaves the server-rendered one and the spec as they are", async () => {
    const head =
      '<head><style>\n  /* why */\n  body { margin: 0; }\n</style><style data-styled="true">.a{ b:c }/*!sc*/\n</style></head>';
    const body = '<body><script>const d = "<style> /* x */ </style>";</script></body>';
    expect(await withMinifiedTemplateStyle(head + body)).toBe(
      `<head><style>body{margin:0}</style><style data-styled="true">.a{ b:c }/*!sc*/\n</style></head>${body}`,
    );
    await expect(withMinifiedTemplateStyle(`<head></head>${body}`)).rejects.toThrow('changed its output');
    await expect(
      withMinifiedTemplateStyle(`<head><style>a{}</style><style>b{}</style></head>`),
    ).rejects.toThrow('changed its output');
  });

  it("checks that build-docs' server sheet holds the theme's global style group", () => {
    const sheet = (marker: string) =>
      `<head><style data-styled="true" data-styled-version="6.4.2">:root{--a:1}/*!sc*/\n${marker}/*!sc*/\n</style></head>`;
    expect(() =>
      checkServerThemeSheet(sheet('data-styled.g38[id="sc-global-fFycjn"]{content:"sc-global-fFycjn1,"}')),
    ).not.toThrow();
    expect(() => checkServerThemeSheet(sheet('data-styled.g2[id="sc-abc"]{content:"kGPPnf,"}'))).toThrow(
      'server sheet holds no global style group',
    );
    expect(() => checkServerThemeSheet('<head></head>')).toThrow('changed its output');
  });

  it("fails loudly when build-docs' page changes shape", () => {
    expect(() => splitPage(page.replace('type="module"', 'type="text/javascript"'))).toThrow(
      '@redocly/cli changed its output',
    );
  });
});

describe('search index sooner (pipeline/docs/page.ts)', () => {
  // The two places of Redoc's script it changes, as build-docs writes them (minified names vary by release).
  const script = [
    'function OOe(e){if(typeof window>`u`||typeof window.requestIdleCallback!=`function`)return()=>{};let t=window.requestIdleCallback(e);return()=>window.cancelIdleCallback(t)}',
    'var u4=8;async function DOe(e,t,n,r){let i=new wDe(n,t.schemaStore,r,{}),a=Date.now()+u4,o=1}',
    'let u=OOe(l);',
  ].join('\n');

  it('starts the index in its own task once the search box has mounted, in 50 ms slices', () => {
    const out = searchIndexSooner(script);
    expect(out).not.toContain('requestIdleCallback');
    expect(out).toContain('function OOe(e){let t=setTimeout(e,0);return()=>clearTimeout(t)}');
    expect(out).toContain('u4=50;async function DOe(');
    expect(out).toContain('let u=OOe(l);');
  });

  it("fails loudly when Redoc's script changes shape", () => {
    expect(() => searchIndexSooner(script.replace('u4=8;', 'u4=16;'))).toThrow(
      '@redocly/cli changed its output',
    );
    expect(() => searchIndexSooner(`${script}\nOOe(x);`)).toThrow('has other callers');
  });
});

describe('markdown parsed once (pipeline/docs/page.ts)', () => {
  // Redoc's parseMarkdown, as its script carries it (minified names vary by release).
  const script =
    'function fw(e,t){if(e){if(typeof e!=`string`||lw(e))return e;if(!t?.markdownParser)throw Error("parseMarkdown: no parser");return t.markdownParser(e,t)}}function lw(e){return!1}';
  type Parse = (source: string, options: { markdownParser: Parse }) => unknown;
  const parseMarkdown = new Function(`${markdownParsedOnce(script)}return fw;`)() as (
    source: string,
    options: { markdownParser: Parse },
  ) => unknown;

  it('parses each text once per options, and gives every caller a copy of its own', () => {
    let parses = 0;
    const options = {
      markdownParser: (source: string) => {
        parses++;
        return [{ $$mdtype: 'Node', type: 'heading', attributes: { level: 1 }, children: [source] }];
      },
    };
    type Heading = { attributes: { id?: string } };
    const [first] = parseMarkdown('# A', options) as Heading[];
    (first as Heading).attributes.id = 'changed-by-its-caller'; // a TypeError if there were none
    const second = parseMarkdown('# A', options);
    expect(parses).toBe(1);
    expect(second).toEqual([
      { $$mdtype: 'Node', type: 'heading', attributes: { level: 1 }, children: ['# A'] },
    ]);
    expect(parseMarkdown('# A', options)).not.toBe(second);
    parseMarkdown('# B', options);
    parseMarkdown('# A', { markdownParser: options.markdownParser });
    expect(parses).toBe(3);
  });

  it('parses again a text whose result is not plain data', () => {
    class Variable {}
    let parses = 0;
    const options = {
      markdownParser: () => {
        parses++;
        return { attributes: { value: new Variable() } };
      },
    };
    parseMarkdown('{% $x %}', options);
    const again = parseMarkdown('{% $x %}', options) as { attributes: { value: unknown } };
    expect(parses).toBe(2);
    expect(again.attributes.value).toBeInstanceOf(Variable);
  });

  it("fails loudly when Redoc's script changes shape", () => {
    expect(() => markdownParsedOnce(script.replace('t.markdownParser(e,t)', 't.parse(e)'))).toThrow(
      '@redocly/cli changed its output',
    );
  });
});

describe('global styles from the server (pipeline/docs/page.ts)', () => {
  // styled-components' global style component, as Redoc's script carries it (minified names vary by release).
  const component =
    'function render(Zi,t,i,r,a,e,n,o){{let s=i.isStatic?[a,t.styleSheet,i]:[a,e,t.styleSheet,n,t.stylis,i],c=Zi.useRef(i);Zi.useLayoutEffect(()=>{t.styleSheet.server||(c.current!==i&&(t.styleSheet.clearRules(r),c.current=i),o(a,e,t.styleSheet,n,t.stylis))},s)}}';

  /** Renders the component `renders` times with hooks that keep their refs and run effects at once. */
  function rendersInjecting(script: string, serverSheet: string, renders: number): number {
    const refs: { current: unknown }[] = [];
    let hook = 0;
    const react = {
      useRef: (value: unknown) => {
        refs[hook] ??= { current: value };
        return refs[hook++];
      },
      useLayoutEffect: (effect: () => void) => effect(),
    };
    const document = { querySelector: () => ({ textContent: serverSheet }) };
    let injected = 0;
    const sheet = { styleSheet: { server: false, clearRules() {} }, stylis: {} };
    const render = new Function('document', `${script}return render;`)(document);
    for (let i = 0; i < renders; i++) {
      hook = 0;
      render(react, sheet, {}, 'sc-global-x', 1, {}, {}, () => injected++);
    }
    return injected;
  }

  it("skips the first client render of a global style the server's sheet holds, and only that one", () => {
    const out = globalStylesFromServer(component);
    const held = '.a{}/*!sc*/\ndata-styled.g38[id="sc-global-x"]{content:"sc-global-x1,"}/*!sc*/\n';
    expect(rendersInjecting(component, held, 1)).toBe(1);
    expect(rendersInjecting(out, held, 1)).toBe(0);
    expect(rendersInjecting(out, held, 2)).toBe(1);
    expect(rendersInjecting(out, held.replace('sc-global-x1', 'sc-global-x2'), 1)).toBe(1);
    expect(rendersInjecting(out, '', 1)).toBe(1);
  });

  it("fails loudly when Redoc's script changes shape", () => {
    expect(() => globalStylesFromServer(component.replace('useLayoutEffect', 'useInsertionEffect'))).toThrow(
      '@redocly/cli changed its output',
    );
  });
});

describe('console banner (pipeline/docs/page.ts)', () => {
  const tail =
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Redoc's minified source, with a template in it
    'return typeof document<`u`&&console.info(`\\n%c Redoc %c ${uj.version} %c\\n\\n%chttps://github.com/Redocly/redoc\\n`,`a`,`b`,`c`,`d`),VHe(),{RedocStandalone,hydrate,init}})();';

  it('leaves out the banner and nothing else', () => {
    expect(withoutConsoleBanner(`x();${tail}`)).toBe('x();return VHe(),{RedocStandalone,hydrate,init}})();');
  });

  it("fails loudly when Redoc's script changes shape", () => {
    expect(() => withoutConsoleBanner('x();')).toThrow('@redocly/cli changed its output');
  });
});

describe('outer function compiled up front (pipeline/docs/page.ts)', () => {
  const licence = '/** \n* @license MIT\n**/\n';
  const script = `${licence}const{RedocStandalone,hydrate,init}=(()=>{var e=this;return{RedocStandalone:e,hydrate,init}})();\n\n`;

  it('turns the arrow called at once into a parenthesised function with the same this', () => {
    const out = outerFunctionCompiledUpFront(script);
    expect(out).toBe(
      `${licence}const{RedocStandalone,hydrate,init}=(function(){var e=this;return{RedocStandalone:e,hydrate,init}}).call(this);\n`,
    );
    const self = {};
    const run = new Function(`${out.replace('const{', 'var{')}return RedocStandalone;`);
    expect(run.call(self)).toBe(self);
  });

  it("fails loudly when Redoc's script is not one arrow called at once", () => {
    expect(() => outerFunctionCompiledUpFront(`${script}x();`)).toThrow('@redocly/cli changed its output');
    expect(() => outerFunctionCompiledUpFront(`x();${script}`)).toThrow('@redocly/cli changed its output');
    expect(() => outerFunctionCompiledUpFront(script.replace('(()=>{', '(function(){'))).toThrow(
      '@redocly/cli changed its output',
    );
  });
});
