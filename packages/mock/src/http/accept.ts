// The Accept header as Prism reads it. Prism splits it on commas and, when no response media type fits,
// parses each element with the `content-type` package, which throws on an element it cannot read: a
// request with `Accept: !` was a 500. The gateway reads it first with the same parser: empty elements
// (which HTTP lists allow) are dropped, and a header with an unreadable element is refused.
import contentType from 'content-type';

/** The header with its empty elements dropped, or undefined when an element is no media range. */
export function readAccept(value: string): string | undefined {
  const ranges = value
    .split(',')
    .map((range) => range.trim())
    .filter(Boolean);
  for (const range of ranges) {
    try {
      contentType.parse(range);
    } catch {
      return undefined;
    }
  }
  return ranges.join(', ');
}
