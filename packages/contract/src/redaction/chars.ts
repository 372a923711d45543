// Character classes of the scanners, by char code: each a constant-time test, no patterns.

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isUpper = (c: number): boolean => c >= 65 && c <= 90;
export const isLower = (c: number): boolean => c >= 97 && c <= 122;
export const isLetter = (c: number): boolean => isUpper(c) || isLower(c);
export const isAlnum = (c: number): boolean => isDigit(c) || isLetter(c);
export const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** Letters, digits, `_` and `-`: a key name (`access_token`, `x-api-key`). */
export const isKeyChar = (c: number): boolean => isAlnum(c) || c === 95 || c === 45;

/** The local part of an e-mail address: letters, digits and `. _ + - %`... as RFC 5322 mostly writes it. */
export const isLocalChar = (c: number): boolean =>
  isAlnum(c) || c === 46 || c === 95 || c === 43 || c === 45 || c === 39 || c === 33 || c === 35;

/** A domain name: letters, digits, `.` and `-` (and non-ASCII letters, for IDNs). */
export const isDomainChar = (c: number): boolean => isAlnum(c) || c === 46 || c === 45 || c > 127;

/** Token alphabets: base64url, base64 and the usual opaque-token punctuation (`~`), not `=` or `+`. */
export const isTokenChar = (c: number): boolean =>
  isAlnum(c) || c === 95 || c === 45 || c === 126 || c === 46;

/** Between digit groups of one number: spaces, `. - / ( ) +` (look-alikes are read as these, see decode.ts). */
export const isDigitGap = (c: number): boolean =>
  c === 32 || c === 9 || c === 46 || c === 45 || c === 47 || c === 40 || c === 41 || c === 43 || c === 0xa0;

/** Between digit groups only of a CPF or CNPJ (`123,456,789_09`): elsewhere they part lists and names. */
export const isWeakDigitGap = (c: number): boolean => c === 44 || c === 95;

export const isHex = (c: number): boolean => isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
