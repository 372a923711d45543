// Check digits of Brazilian identifiers and payment codes: used by the example tests and to make example values;
// and the alphanumeric CNPJ as people and systems write it, a fast-check generator the redaction tests share.
import fc from 'fast-check';

/**
 * The values of a CPF's or CNPJ's characters: a digit's own value, and for the alphanumeric CNPJ (IN RFB
 * 2.229/2024, issued from July 2026) a letter's upper-case code minus 48 (`A` is 17), as the rule computes
 * it for digits too.
 */
const valuesOf = (s: string) => [...s.toUpperCase()].map((c) => c.charCodeAt(0) - 48);

/** Mod-11 check digit with weights cycling 2..maxWeight from the right (CPF: no cycle, CNPJ: 2..9). */
function mod11(values: number[], maxWeight: number): number {
  let sum = 0;
  values.reduceRight((weight, d) => {
    sum += d * weight;
    return weight === maxWeight ? 2 : weight + 1;
  }, 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of a CPF from its first 9 digits. */
export function cpfCheckDigits(base9: string): string {
  const d = valuesOf(base9);
  const first = mod11(d, 100);
  return `${first}${mod11([...d, first], 100)}`;
}

/** The two check digits of a CNPJ from its first 12 characters: digits, or letters and digits since July 2026. */
export function cnpjCheckDigits(base12: string): string {
  const d = valuesOf(base12);
  const first = mod11(d, 9);
  return `${first}${mod11([...d, first], 9)}`;
}

// All-same-digit numbers pass the arithmetic but are not issued.
const repeated = (s: string) => /^(\d)\1*$/.test(s);

export function isValidCpf(s: string): boolean {
  return /^\d{11}$/.test(s) && !repeated(s) && cpfCheckDigits(s.slice(0, 9)) === s.slice(9);
}

/** A CNPJ, numeric or alphanumeric (12 upper-case letters or digits, then 2 check digits), unpunctuated. */
export function isValidCnpj(s: string): boolean {
  return /^[0-9A-Z]{12}\d{2}$/.test(s) && !repeated(s) && cnpjCheckDigits(s.slice(0, 12)) === s.slice(12);
}

/** An alphanumeric CNPJ from its first 12 characters (letters or digits), upper-case and unpunctuated. */
export function makeCnpj(base12: string): string {
  if (!/^[0-9A-Za-z]{12}$/.test(base12)) throw new Error('a CNPJ starts with 12 letters or digits');
  return `${base12.toUpperCase()}${cnpjCheckDigits(base12)}`;
}

const inGroups = (s: string, sizes: number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(s.slice(at, at + size));
    at += size;
  }
  return parts;
};
const fullWidth = (s: string) => [...s].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');

/**
 * Valid alphanumeric CNPJs (12 letters or digits, at least one a letter, and their check digits), in upper or
 * lower case, bare, punctuated (`12.ABC.345/01DE-35`), spaced, percent-encoded, with odd separators, or in
 * full-width characters.
 */
export const alphanumericCnpj: fc.Arbitrary<string> = fc
  .tuple(
    fc.stringMatching(/^[0-9A-Z]{12}$/).filter((base) => /[A-Z]/.test(base)),
    fc.boolean(),
    fc.constantFrom(
      ['.', '/', '-'],
      ['', '', ''],
      [' ', ' ', ' '],
      ['.', '%2F', '-'],
      ['%2E', '%2F', '%2D'],
      ['\u2024', '\u2215', '\u2013'],
      ['_', '/', '_'],
    ),
    fc.boolean(),
  )
  .map(([base, lower, [dot, slash, dash], wide]) => {
    const cnpj = lower ? makeCnpj(base).toLowerCase() : makeCnpj(base);
    const shown = wide ? fullWidth(cnpj) : cnpj;
    const [a, b, c, d, e] = inGroups(shown, [2, 3, 3, 4, 2]);
    return dot === '' ? shown : `${a}${dot}${b}${dot}${c}${slash}${d}${dash}${e}`;
  });

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the Pix EMV standard uses: 4 upper-case hex digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Top-level EMV TLV fields (id → value); throws on a malformed payload. */
export function parseEmv(emv: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < emv.length; ) {
    const id = emv.slice(i, i + 2);
    const len = Number(emv.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(emv.slice(i + 2, i + 4)) || i + 4 + len > emv.length) {
      throw new Error(`malformed EMV field at offset ${i}`);
    }
    fields.set(id, emv.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

/** A Pix "copia e cola" payload: well-formed TLV, starts with 000201, ends with a correct CRC field 63. */
export function isValidPixEmv(emv: string): boolean {
  if (!emv.startsWith('000201') || !/^6304[0-9A-F]{4}$/.test(emv.slice(-8))) return false;
  try {
    parseEmv(emv);
  } catch {
    return false;
  }
  return crc16ccitt(emv.slice(0, -4)) === emv.slice(-4);
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A static Pix QR payload (BR Code) with its CRC. */
export function makeStaticPixEmv(o: {
  key: string;
  amount?: number;
  name: string;
  city: string;
  txid?: string;
}): string {
  const body = [
    tlv('00', '01'),
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', o.key)),
    tlv('52', '0000'),
    tlv('53', '986'),
    o.amount === undefined ? '' : tlv('54', o.amount.toFixed(2)),
    tlv('58', 'BR'),
    tlv('59', o.name),
    tlv('60', o.city),
    tlv('62', tlv('05', o.txid ?? '***')),
  ].join('');
  return `${body}6304${crc16ccitt(`${body}6304`)}`;
}

/** Mod-10 digit of a linha digitável field (weights 2,1 from the right, products' digits summed). */
export function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    const p = Number(c) * (i % 2 === 0 ? 2 : 1);
    sum += p > 9 ? p - 9 : p;
  });
  return (10 - (sum % 10)) % 10;
}

/** General check digit (position 5) of a 44-digit bank boleto barcode, from the other 43 digits. */
export function boletoGeneralDigit(digits43: string): number {
  let sum = 0;
  [...digits43].reverse().forEach((c, i) => {
    sum += Number(c) * (2 + (i % 8));
  });
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** A 44-digit bank boleto barcode: bank(3) currency(1) DV(1) due factor(4) amount(10) free field(25). */
export function isValidBoletoBarcode(s: string): boolean {
  return /^\d{44}$/.test(s) && boletoGeneralDigit(s.slice(0, 4) + s.slice(5)) === Number(s[4]);
}

/** Due-date factor of a barcode: days since 1997-10-07, restarting at 1000 on 2025-02-22 (FEBRABAN rollover). */
export function boletoDueFactor(isoDate: string): string {
  const days = (Date.parse(`${isoDate}T00:00:00Z`) - Date.parse('2025-02-22T00:00:00Z')) / 86_400_000;
  if (days < 0 || days > 8999) throw new Error(`due date ${isoDate} outside the current factor cycle`);
  return String(1000 + days);
}

/** Barcode from its parts, computing the general digit. */
export function makeBoletoBarcode(o: {
  bank: string;
  dueFactor: string;
  amountCents: number;
  freeField: string;
}): string {
  const amount = String(o.amountCents).padStart(10, '0');
  const rest = `${o.dueFactor}${amount}${o.freeField}`;
  if (!/^\d{3}$/.test(o.bank) || !/^\d{39}$/.test(rest))
    throw new Error('bank: 3 digits, dueFactor 4, freeField 25');
  return `${o.bank}9${boletoGeneralDigit(`${o.bank}9${rest}`)}${rest}`;
}

/** The 47-digit linha digitável of a 44-digit barcode. */
export function boletoLine(barcode: string): string {
  const free = barcode.slice(19);
  const f1 = barcode.slice(0, 4) + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** The 44-digit barcode a 47-digit linha digitável encodes. */
export function boletoBarcodeFromLine(line: string): string {
  return (
    line.slice(0, 4) +
    line[32] +
    line.slice(33, 47) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31)
  );
}

/** A 47-digit linha digitável: three mod-10 field digits plus the barcode's mod-11 general digit. */
export function isValidBoletoLine(s: string): boolean {
  if (!/^\d{47}$/.test(s)) return false;
  const fieldsOk = [
    [0, 9],
    [10, 20],
    [21, 31],
  ].every(([from, to]) => mod10(s.slice(from, to)) === Number(s[to as number]));
  return fieldsOk && isValidBoletoBarcode(boletoBarcodeFromLine(s));
}
