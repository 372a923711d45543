// The `#/tag/operation` anchor of an operation, which guides and generated tables link with and the site turns
// into the operation's page (`pix.refundpix.html`); the same ids Redoc gave its sections, so old links still
// land. An operation without a tag is under UNTAGGED; one without an operationId is named by method and path.
import type { Operation } from '@banking-api/contract';
import { slug } from './guides.ts';

/** The sidebar group of operations the contract gives no tag. */
export const UNTAGGED = 'Other operations';

/** The tag an operation is listed under: its first. */
export const tagOf = (op: Pick<Operation, 'tags'>): string => op.tags[0] ?? UNTAGGED;

/** `#/pix/refundpix`. */
export function operationAnchor(op: Pick<Operation, 'tags' | 'operationId' | 'method' | 'path'>): string {
  const name = slug(op.operationId ?? '') || slug(`${op.method} ${op.path}`);
  return `#/${slug(tagOf(op))}/${name}`;
}
