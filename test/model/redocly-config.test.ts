// The contract is read and linted with redocly.yaml minus its docs sections (model/redocly.ts, for speed):
// that config must be the whole one in everything but those sections.
import { expect, it } from 'vitest';
import { contractConfig, DOCS_SECTIONS, redoclyConfig } from '../../model/redocly.ts';

const without = (config: object) =>
  Object.fromEntries(Object.entries(config).filter(([key]) => !DOCS_SECTIONS.includes(key)));

it('is the whole redocly.yaml but its docs sections: the same rules, plugins, decorators and ignores', async () => {
  const [whole, contract] = await Promise.all([redoclyConfig(), contractConfig()]);
  expect(Object.keys(whole.resolvedConfig)).toEqual(expect.arrayContaining(DOCS_SECTIONS));
  for (const section of DOCS_SECTIONS) expect(contract.resolvedConfig).not.toHaveProperty(section);
  expect(contract.resolvedConfig).toEqual(without(whole.resolvedConfig));
  expect(contract.ignore).toEqual(whole.ignore);
  expect(contract.configPath).toBe(whole.configPath);
});
