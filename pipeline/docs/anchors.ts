// Redoc's section ids (the `#/…` of a link) of the sections the build links to.
import type { Operation } from '@banking-api/contract';
import { slug } from './guides.ts';

/** `#/pix/refundpix`: Redoc puts an operation under its first tag, by its operationId. */
export function operationAnchor(op: Pick<Operation, 'tags' | 'operationId'>): string {
  const tag = op.tags[0];
  if (!tag) throw new Error(`docs: operation ${op.operationId} has no tag, so no section in the site`);
  return `#/${slug(tag)}/${slug(op.operationId)}`;
}
