// Bundle step: openapi.yaml → generated/openapi.{yaml,json}, refs to components kept (no dereference).
import './env.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getLineColLocation, bundle as redoclyBundle } from '@redocly/openapi-core';
import { stringify } from 'yaml';
import { bundledJsonPath, bundledYamlPath, generatedDir, specPath } from './paths.ts';
import { redoclyConfig } from './redocly-config.ts';

/** The spec as one document (local refs kept); throws naming file and line if a ref does not resolve. */
export async function bundleSpec(file: string = specPath): Promise<Record<string, unknown>> {
  const result = await redoclyBundle({
    ref: path.resolve(file),
    config: await redoclyConfig(),
    dereference: false,
  });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length) {
    const lines = errors.map((p) => {
      const where = p.location[0];
      const at = where ? getLineColLocation(where) : undefined;
      return `${path.relative(process.cwd(), where?.source.absoluteRef ?? file)}:${at?.start.line ?? 1}:${at?.start.col ?? 1} ${p.message}`;
    });
    throw new Error(`bundle failed:\n${lines.join('\n')}`);
  }
  return result.bundle.parsed as Record<string, unknown>;
}

const header = '# generated — do not edit; source: openapi.yaml\n';

/** Both committed renderings of the bundle, byte for byte (stable key order, no line folding, final newline). */
export function renderBundle(spec: unknown): { yaml: string; json: string } {
  return {
    yaml: header + stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }),
    json: `${JSON.stringify(spec, null, 2)}\n`,
  };
}

/** Build step: write generated/openapi.yaml and generated/openapi.json. */
export async function bundle(): Promise<void> {
  const { yaml, json } = renderBundle(await bundleSpec(specPath));
  await mkdir(generatedDir, { recursive: true });
  await Promise.all([writeFile(bundledYamlPath, yaml), writeFile(bundledJsonPath, json)]);
}
