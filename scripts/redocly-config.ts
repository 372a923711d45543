// redocly.yaml, loaded once per process: lint and bundle share it.
import path from 'node:path';
import { type Config, loadConfig } from '@redocly/openapi-core';
import { root } from './paths.ts';

let config: Promise<Config> | undefined;

export function redoclyConfig(): Promise<Config> {
  config ??= loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  return config;
}
