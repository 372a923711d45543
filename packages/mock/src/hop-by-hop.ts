/** Headers that describe one connection, not the request or answer: never handed on in either direction. */
export const hopByHopHeaders = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
];
