// Media types compared by meaning (RFC 9110 §8.3.1): type, subtype and parameter names are case-insensitive,
// parameters are unordered and may be quoted, and a JSON media type's `charset=utf-8` says nothing JSON does
// not already say (RFC 8259 §8.1: JSON is UTF-8 and defines no charset parameter). So
// `Application/JSON; Charset="UTF-8"` and `application/json` are one media type, and a range
// (`application/*`) covers the types it matches.

/** `application/json`, `application/problem+json`, `text/json`: the JSON family. */
const isJson = (essence: string) => /^[a-z0-9!#$&^_.+-]+\/(?:[a-z0-9!#$&^_.-]+\+)?json$/.test(essence);

/** The canonical spelling of a media type (or range): lower-case, parameters sorted, unquoted, defaults dropped. */
export function canonicalMediaType(raw: string): string {
  const [essence = '', ...rest] = raw.split(';');
  const type = essence.trim().toLowerCase();
  const parameters = rest
    .map((p) => {
      const at = p.indexOf('=');
      const name = (at === -1 ? p : p.slice(0, at)).trim().toLowerCase();
      let value = at === -1 ? '' : p.slice(at + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
        value = value.slice(1, -1).replace(/\\(.)/g, '$1');
      if (name === 'charset') value = value.toLowerCase();
      return { name, value };
    })
    .filter((p) => p.name !== '' && !(p.name === 'charset' && p.value === 'utf-8' && isJson(type)));
  parameters.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [type, ...parameters.map((p) => `${p.name}=${p.value}`)].join(';');
}

/** Whether the media range `range` (`*\/*`, `image/*`, or a type) covers the media type `type` (both canonical). */
export function covers(range: string, type: string): boolean {
  if (range === type) return true;
  const [rangeEssence = '', ...rangeParameters] = range.split(';');
  const [typeEssence = '', ...typeParameters] = type.split(';');
  if (!rangeParameters.every((p) => typeParameters.includes(p))) return false;
  if (rangeEssence === '*/*') return true;
  const [rangeType, rangeSubtype] = rangeEssence.split('/');
  const [typeType] = typeEssence.split('/');
  return rangeSubtype === '*' ? rangeType === typeType : rangeEssence === typeEssence;
}

/** A comma-separated list of media types (an encoding's `contentType`), canonical, as a set. */
export const mediaTypeList = (raw: string): Set<string> =>
  new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(canonicalMediaType),
  );
