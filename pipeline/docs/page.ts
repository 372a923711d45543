// Faster first load of the Redoc page (bench/docs.ts measures it against Redoc's CDN build). build-docs
// --inlineBundle puts Redoc's 2.2 MiB script inside index.html as a module: the browser then parses it with the
// HTML and compiles it on the main thread before hydrating (a Chromium trace showed ParseHTML and
// v8.compileModule as the difference). Here the script becomes its own file, fetched from the head's first line
// and compiled off the main thread while the HTML is parsed, and the spec becomes JSON data (JSON.parse is
// faster than an object literal of the same size). A classic deferred script, not a module: module scripts do
// not load from file://, and the site must work from disk.

import { transform } from 'esbuild';

/** The file next to index.html that carries Redoc's script. */
export const REDOC_SCRIPT = 'redoc.js';

const MODULE_OPEN = '<script type="module">';
const DEFINITION = 'const __redoc_definition = ';
const OPTIONS = 'const __redoc_options = ';
const REDOC_EXPORTS = 'RedocStandalone,hydrate,init';
const EXPORTS = `export{${REDOC_EXPORTS}};`;

/** The one occurrence of `needle` in `text` at or after `from`; throws when Redoc's output changed shape. */
function indexOnce(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  if (at === -1 || text.indexOf(needle, at + needle.length) !== -1)
    throw new Error(
      `docs: expected one "${needle.slice(0, 40)}" in Redoc's page; @redocly/cli changed its output`,
    );
  return at;
}

/**
 * Redoc's module as a classic script: its exports stay global (`const {hydrate} = ...` at the top level), and
 * `import.meta` (only on FlexSearch's Node and worker-file paths, which a browser with Blob workers never
 * takes) gets a stand-in, since a classic script may not name it.
 */
export function classicScript(module: string): string {
  const at = indexOnce(module, EXPORTS);
  const body = module.slice(0, at) + module.slice(at + EXPORTS.length);
  return body.replaceAll('import.meta', '({url:document.baseURI})');
}

/**
 * The page's head: what the template wrote, before any text of the spec (whose descriptions may well contain
 * "<head>" or "<style>"). The first "</head>" is the template's: the spec only comes later, in the body.
 */
function headOf(html: string): string {
  const end = html.indexOf('</head>');
  if (end === -1) throw new Error("docs: build-docs' page has no </head>; @redocly/cli changed its output");
  return html.slice(0, end);
}

/** The inline module of build-docs' page, cut into Redoc's script, the spec and the options. */
function parts(html: string) {
  const open = indexOnce(html, MODULE_OPEN);
  const definition = indexOnce(html, DEFINITION, open);
  const options = indexOnce(html, OPTIONS, definition);
  const close = html.indexOf('</script>', options);
  const json = (from: number, to: number) => html.slice(from, to).trim().replace(/;$/, '');
  return {
    open,
    close: close + '</script>'.length,
    script: html.slice(open + MODULE_OPEN.length, definition),
    definition: json(definition + DEFINITION.length, options),
    options: json(options + OPTIONS.length, html.indexOf('\n', options)),
  };
}

/** Redoc's options as the page needs them: the template is a build-time file (its path is the build machine's). */
function pageOptions(json: string): string {
  const { htmlTemplate: _, ...options } = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(options);
}

/**
 * The page with Redoc's script moved to REDOC_SCRIPT, loaded deferred from the start of the head, and that
 * script. At the end of the head the browser found the script only after the ~250 KiB of server-rendered CSS
 * before it; first in the head, its download and streaming compile start with the page's first bytes
 * (searchable 4-6% sooner, bench/docs.ts). Deferred, it still runs after the document is parsed.
 */
export function splitPage(html: string): { html: string; script: string } {
  const { open, close, script, definition, options } = parts(html);
  JSON.parse(definition); // JSON for the data block below; throws if build-docs ever writes a plain literal
  // `<\/` keeps a `</script>` inside the data from ending the block (valid JSON, same value).
  const data = `<script type="application/json" id="redoc-definition">${definition.replaceAll('</', '<\\/')}</script>`;
  const start = `<script>document.addEventListener('DOMContentLoaded', () => hydrate(JSON.parse(document.getElementById('redoc-definition').textContent), ${pageOptions(options)}, document.getElementById('redoc')));</script>`;
  const page = `${html.slice(0, open)}${data}\n${start}${html.slice(close)}`;
  const headAt = indexOnce(headOf(page), '<head>') + '<head>'.length;
  const load = `\n  <script defer src="${REDOC_SCRIPT}"></script>`;
  return { html: page.slice(0, headAt) + load + page.slice(headAt), script: classicScript(script) };
}

/**
 * The page with its own stylesheet (the template's, with the theme) minified by esbuild: its comments are for
 * whoever edits the template, not for readers. ~270 bytes gzipped, which keeps the page no larger than Redoc's
 * plain build while its script carries redocScript's changes (bench/docs.ts, "Size").
 */
export async function withMinifiedTemplateStyle(html: string): Promise<string> {
  const head = headOf(html);
  const open = indexOnce(head, '<style>') + '<style>'.length;
  const close = head.indexOf('</style>', open);
  if (close === -1) throw new Error("docs: the template's <style> is not closed in the head");
  const { code } = await transform(html.slice(open, close), { loader: 'css', minify: true });
  return html.slice(0, open) + code.trim() + html.slice(close);
}

/** Redoc's script as the site serves it: each change below, for a faster first load (bench/docs.ts). */
export function redocScript(script: string): string {
  return outerFunctionCompiledUpFront(
    withoutConsoleBanner(searchIndexSooner(globalStylesFromServer(markdownParsedOnce(script)))),
  );
}

/** `name` for code added to Redoc's script, checked unused there (its own names are minified). */
function freshName(script: string, name: string): string {
  if (script.includes(name)) throw new Error(`docs: Redoc's script already uses the name ${name}`);
  return name;
}

/**
 * Each markdown text of the page parsed once. Redoc parses a text wherever it is used: a tag's description once
 * for its sidebar headings and again for its page, a shared description once per operation. On this site that
 * was 81 parses of 43 texts, the repeats ~40 ms of the model's build (a Chromium profile). Now the parser runs
 * once per text and options; each caller still gets a copy of its own, as from a fresh parse (callers change
 * their copy: heading ids, partials' variables), and a result that is not plain data is never kept. The page's
 * DOM was the same on every guide and on operation pages, compared in Chromium with and without this change;
 * searchable 5-7% sooner in a reader's Chromium (bench/docs.ts A/B).
 */
export function markdownParsedOnce(script: string): string {
  const [parse, options, source] = matchOnce(
    script,
    /return ([\w$]+)\.markdownParser\(([\w$]+),\1\)\}\}/g,
    "Redoc's markdown parse",
  );
  const copy = freshName(script, 'mdCopy');
  const parsed = freshName(script, 'mdParsed');
  const once = freshName(script, 'mdParsedOnce');
  // Kept per options object, then per text: Redoc's parser reads only the text and options.sanitize and keeps
  // no state between calls. 0 marks a result that is not plain data, parsed again at each call.
  const helpers = [
    `function ${copy}(v){if(typeof v!="object"||!v)return v;if(Array.isArray(v))return v.map(${copy});let p=Object.getPrototypeOf(v);if(p!=Object.prototype&&p)throw 0;let c={};for(let k in v)c[k]=${copy}(v[k]);return c}`,
    `var ${parsed}=new WeakMap;`,
    `function ${once}(o,s){let m=${parsed}.get(o)||new Map,a=m.get(s);if(${parsed}.set(o,m),a===0)return o.markdownParser(s,o);if(a!==void 0)return ${copy}(a);a=o.markdownParser(s,o);try{m.set(s,${copy}(a))}catch{m.set(s,0)}return a}`,
  ].join('');
  return script.replace(parse, `return ${once}(${options},${source})}}${helpers}`);
}

/**
 * Redoc's global styles (its theme: one `:root` rule of ~2,900 CSS variables, ~210 KB of CSS) taken from the
 * server-rendered page instead of built again on hydration. build-docs renders with styled-components 6.4.2
 * and Redoc's script carries 6.5.3, which takes over (rehydrates) only a server sheet of its own version: the
 * server's sheet stays in the page, and the client built the same theme CSS again (~30-40 ms of stylis and
 * insertRule) and added a second copy, restyling the whole document. Now a global style whose rules the
 * server's sheet holds, under the same id and instance, skips its first client render; any later render (new
 * props or theme) works as before. Every element's computed style was the same, light and dark, compared in
 * Chromium with and without this change; test/docs/site.test.ts checks the one copy and the dark-mode switch.
 */
export function globalStylesFromServer(script: string): string {
  // In a `let` that also declares the effect's dependencies, so the new ref joins that declaration.
  const found = matchOnce(
    script,
    /let (?<deps>[\w$]+)=[^;]*,(?<ref>[\w$]+)=(?<react>[\w$]+)\.useRef\((?<style>[\w$]+)\);\k<react>\.useLayoutEffect\(\(\)=>\{(?<body>(?<ctx>[\w$]+)\.styleSheet\.server\|\|\(\k<ref>\.current!==\k<style>&&\(\k<ctx>\.styleSheet\.clearRules\((?<id>[\w$]+)\),\k<ref>\.current=\k<style>\),[\w$]+\((?<instance>[\w$]+),[\w$]+,\k<ctx>\.styleSheet,[\w$]+,\k<ctx>\.stylis\)\))\},\k<deps>\)/g,
    "styled-components' global style effect",
  );
  const { react, ref, style, body, id, instance, deps } = found.groups as Record<string, string>;
  // The server's sheet names each group it holds: data-styled.g38[id="sc-global-x"]{content:"sc-global-x1,"}
  // (build-docs writes one sheet, marked "true"; the client's own sheets are marked "active").
  const held = `document.querySelector('style[data-styled="true"]')?.textContent.includes('[id="'+${id}+'"]{content:"'+${id}+${instance}+',')`;
  const first = freshName(script, 'firstRender');
  const declarations = found[0].slice(0, found[0].indexOf(`,${ref}=${react}.useRef(`));
  return script.replace(
    found[0],
    `${declarations},${ref}=${react}.useRef(${style}),${first}=${react}.useRef(!0);${react}.useLayoutEffect(()=>{if(${first}.current&&(${first}.current=!1,${held}))return;${body}},${deps})`,
  );
}

/**
 * The page side of globalStylesFromServer: build-docs' one server sheet, holding a global style's group. Without
 * it the client would quietly go back to building the theme twice, so the build stops instead.
 */
export function checkServerThemeSheet(html: string): void {
  const head = headOf(html);
  const sheet = head.slice(indexOnce(head, '<style data-styled="true"'));
  if (!/\[id="(sc-global-[\w-]+)"\]\{content:"\1\d+,/.test(sheet))
    throw new Error(
      "docs: build-docs' server sheet holds no global style group; @redocly/cli changed its output",
    );
}

/**
 * Redoc's search index, built sooner. Redoc starts it when the browser is first idle (requestIdleCallback) and
 * builds it in 8 ms slices, each followed by a setTimeout(0) (clamped to 4 ms once nested): after hydration
 * the page waited ~130-180 ms for a ~60 ms index (bench/docs.ts, "searchable"). Here it starts in a task of
 * its own queued when the search box has mounted (not within the mount, whose task would grow by a slice), and
 * works in slices of up to 50 ms, the longest a task may take before it counts as long: the page still answers
 * input between slices. Waiting for the next frame first, as an earlier version did, only made search ready
 * ~35 ms later (bench/docs.ts): the hydrated page needs no new frame, its server-rendered one is on screen.
 */
export function searchIndexSooner(script: string): string {
  const idle = matchOnce(
    script,
    /function (\w+)\((\w+)\)\{if\(typeof window>`u`\|\|typeof window\.requestIdleCallback!=`function`\)return\(\)=>\{\};let (\w+)=window\.requestIdleCallback\(\2\);return\(\)=>window\.cancelIdleCallback\(\3\)\}/g,
    "Redoc's idle-start of the search index",
  );
  const [, helper, callback] = idle;
  // The helper must serve only the search index: one call besides its definition.
  if (script.split(`${helper}(`).length - 1 !== 2)
    throw new Error(`docs: Redoc's idle helper ${helper} has other callers; @redocly/cli changed its output`);
  const slice = matchOnce(
    script,
    /\b(\w+)=8;(async function \w+\(\w+,\w+,\w+,\w+\)\{let \w+=new \w+\(\w+,\w+\.schemaStore,[^;]*?Date\.now\(\)\+\1,)/g,
    "Redoc's search index slice",
  );
  return script
    .replace(
      idle[0],
      `function ${helper}(${callback}){let t=setTimeout(${callback},0);return()=>clearTimeout(t)}`,
    )
    .replace(slice[0], `${slice[1]}=50;${slice[2]}`);
}

/**
 * Redoc's script with its outer function compiled as the script loads, off the main thread. The whole script is
 * one arrow function called at once (`const{...}=(()=>{...})();`); V8 only pre-parses an arrow there, so once
 * the script ran it parsed the 2.2 MiB body again, on the main thread (a Chromium trace: V8.ParseFunction,
 * 63-95 ms, first thing in the script's evaluation). A parenthesised `function` is V8's sign of a function
 * called at once: compiled with the script, on the streaming thread that reads it while the HTML is parsed.
 * `.call(this)` keeps the arrow's `this`. The functions inside stay lazy: compiling those Redoc calls at start
 * too (found by coverage) made the streaming compile the longest step and the page slower (bench/docs.ts).
 */
export function outerFunctionCompiledUpFront(script: string): string {
  const open = `const{${REDOC_EXPORTS}}=(()=>{`;
  const close = '})();';
  const at = indexOnce(script, open);
  const end = script.trimEnd();
  // Only Redoc's licence comment before the function, and nothing after it: the body is the whole script.
  if (
    script
      .slice(0, at)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() !== '' ||
    !end.endsWith(close)
  )
    throw new Error(
      "docs: Redoc's script is not one arrow function called at once; @redocly/cli changed its output",
    );
  const body = end.slice(at + open.length, -close.length);
  return `${script.slice(0, at)}const{${REDOC_EXPORTS}}=(function(){${body}}).call(this);\n`;
}

/** The one match of `pattern` (global) in `text`; throws when Redoc's output changed shape. */
function matchOnce(text: string, pattern: RegExp, what: string): RegExpMatchArray {
  const found = [...text.matchAll(pattern)];
  if (found.length !== 1)
    throw new Error(
      `docs: expected one ${what} in Redoc's script, found ${found.length}; @redocly/cli changed its output`,
    );
  return found[0] as RegExpMatchArray;
}

/**
 * Redoc's script without its console banner ("Redoc 3.0.1 https://github.com/Redocly/redoc", logged as the
 * script's last top-level step). A console message carries the stack it was logged from, with line and column
 * for every frame; V8 keeps no source positions for code it has not been asked about, so it re-parses Redoc's
 * 2.2 MiB wrapper function and the script to find them. In headless Chromium without DevTools the script's
 * evaluation took 185-235 ms with the banner and 72-82 ms without (a reader's browser). The attribution stays
 * in the page's footer.
 */
export function withoutConsoleBanner(script: string): string {
  const [banner] = matchOnce(
    script,
    /typeof document<`u`&&console\.info\(`\\n%c Redoc %c \$\{[\w$.]+\} %c\\n\\n%chttps:\/\/github\.com\/Redocly\/redoc\\n`(?:,`[^`]*`){4}\),/g,
    "Redoc's console banner",
  );
  return script.replace(banner, '');
}
