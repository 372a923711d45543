// HTML text and attribute escaping: every string the spec or a guide writes goes through one of these.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe as element content or a quoted attribute value. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** An element: `tag`, its attributes (undefined ones left out, `true` as a bare name), its inner HTML. */
export function el(
  tag: string,
  attributes: Record<string, string | boolean | undefined>,
  inner = '',
): string {
  const attrs = Object.entries(attributes)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${esc(String(v))}"`))
    .join('');
  return `<${tag}${attrs}>${inner}</${tag}>`;
}
