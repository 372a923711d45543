// Plain Redoc as the site's yardstick (bench/docs.ts, bench/scale.ts, the pipeline benchmark): the same
// reader's content a Redoc user would give it, the guides as description-only tags, the generated notes in
// each operation's description and the code samples of every language as x-codeSamples, rendered by
// `redocly build-docs` with its defaults and telemetry off.
import type { Json, LoadedContract } from '../../model/load.ts';
import { operationObjects } from '../../model/references.ts';
import { type DocsOptions, siteGuides } from '../../pipeline/docs/index.ts';
import { describeOperation } from '../../pipeline/docs/notes.ts';
import { codeSamples, defaultBaseUrl, SAMPLE_LANGUAGES } from '../../pipeline/docs/samples/index.ts';
import type { RenderInput } from './redoc.ts';

/** The bundle with the site's guides, notes and samples, as Redoc takes them. */
export async function redocSpec(
  { bundle, model, operationPointers }: LoadedContract,
  options: DocsOptions = {},
): Promise<Json> {
  const doc = structuredClone(bundle);
  const guides = (await siteGuides(model, options)).groups.flatMap((g) => g.guides);
  if (guides.length) {
    const guideTags = guides.map((g) => ({ name: g.title, description: g.body, 'x-traitTag': true }));
    doc.tags = [...guideTags, ...((doc.tags ?? []) as Json[])];
    doc['x-tagGroups'] = [
      { name: 'Guides', tags: guideTags.map((t) => t.name) },
      ...((doc['x-tagGroups'] ?? []) as Json[]),
    ];
  }
  const objects = operationObjects(doc, operationPointers);
  const baseUrl = defaultBaseUrl(model.servers);
  for (const op of model.operations) {
    const target = objects.get(op.key) as Json;
    target.description = describeOperation(model, op, { mockGuide: options.guides !== false });
    target['x-codeSamples'] = codeSamples(op, baseUrl);
  }
  return doc;
}

/** build-docs' input for `specFile`: Redoc's defaults, its telemetry off, every sample language shown. */
export function redocInput(outFile: string, specFile: string): RenderInput {
  return {
    specFile,
    outFile,
    options: {
      disableTelemetry: true,
      codeSamples: { languages: SAMPLE_LANGUAGES.map(({ lang, label }) => ({ lang, label })) },
      downloadUrls: [{ title: 'OpenAPI (JSON)', url: 'openapi.json' }],
    },
    templateOptions: {},
  };
}
