// Loading the review's larger modules on demand, fast under tsx.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The module at `url` (a .ts file). Under tsx (`npm run review`) through require(): tsx's CommonJS hook
 * compiles it and Node (≥ 20.19) loads the ES modules it uses (Redocly) in this thread. Through `import`,
 * each file of the graph (~350 for Redocly) is a round trip to the tsx loader's hooks thread: measured,
 * about 0.2 s more CPU per review (of ~1.6 s). Elsewhere (Vitest, no such hook) through import().
 * Only for graphs that import ES packages and Node built-ins: esbuild's CommonJS interop gives no default
 * export for a CommonJS package marked `__esModule` (Spectral's parsers), so lint and types use import().
 */
export function load<T>(url: URL): Promise<T> {
  if ('.ts' in require.extensions) return Promise.resolve(require(fileURLToPath(url)) as T);
  return import(url.href) as Promise<T>;
}
