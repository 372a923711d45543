// A call runs through layers, outermost first, each a small function of (call, next):
//
//   deadline → account header → your middleware (client.use) → retry → bearer token → attempt
//
// The deadline covers everything inside it and the reading of the answer (it is the step that runs the
// layers, layers.ts, not one of them); the account header is filled in before your middleware sees
// the request; the retry layer repeats what is inside it (token and attempt), so the token is the one
// layer a middleware never sees; the attempt sends the bytes, counts the answer against the size limit
// and tells the hooks.
import type { Call } from './call.js';

/** The rest of the pipeline, from a layer's point of view. */
export type Next = (call: Call) => Promise<Response>;

/** One step of the pipeline: acts on the call, then hands it on to `next` (or answers itself). */
export type Layer = (call: Call, next: Next) => Promise<Response>;

/** The layers, outermost first, around `last`. */
export function compose(layers: readonly Layer[], last: Next): Next {
  let next = last;
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i] as Layer;
    const inner = next;
    next = (call) => layer(call, inner);
  }
  return next;
}
