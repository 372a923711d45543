// Structural check of a PNG: signature, chunk CRCs, IHDR first, IEND last, and IDAT data that inflates to
// exactly the rows the header announces. Enough to tell a real image from a truncated or made-up one.
import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Why the bytes are not a valid PNG, or undefined when they are. */
export function pngProblem(png: Buffer): string | undefined {
  if (!png.subarray(0, 8).equals(SIGNATURE)) return 'no PNG signature';
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    if (at + 12 > png.length) return 'truncated chunk';
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    if (at + 12 + length > png.length) return 'truncated chunk data';
    if (crc32(typeAndData) !== png.readUInt32BE(at + 8 + length))
      return `bad CRC in ${typeAndData.subarray(0, 4)}`;
    chunks.push({ type: typeAndData.subarray(0, 4).toString('latin1'), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  const ihdr = chunks[0];
  if (ihdr?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND') return 'IHDR must come first and IEND last';
  const [width, height, depth, colour] = [
    ihdr.data.readUInt32BE(0),
    ihdr.data.readUInt32BE(4),
    ihdr.data[8],
    ihdr.data[9],
  ];
  const channels = CHANNELS[colour ?? -1];
  if (!width || !height || !depth || !channels) return 'bad IHDR';
  if (ihdr.data[12] !== 0) return 'interlaced PNGs are not checked';
  const pixels = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const expected = height * (1 + Math.ceil((width * channels * depth) / 8));
  return pixels.length === expected
    ? undefined
    : `image data is ${pixels.length} bytes, IHDR implies ${expected}`;
}
