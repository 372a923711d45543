// What a server answered goes into reports that are pasted into tickets and CI logs: personal data in
// it is masked first — e-mail addresses, JWTs, and numbers of 10 to 14 digits however formatted (CPF,
// CNPJ, phone numbers). Linear-time: each pattern is one character class, scanned once (no backtracking),
// and each word is then tested by an anchored pattern whose parts cannot overlap.
const WORD = /[\w.+@-]+/g;
const NUMBER_RUN = /[+(]?\d[\d.\-/() +]*/g;
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
const NUMBER_SEPARATORS = new Set([' ', '.', '-', '/', '(', ')', '+']);

export function redact(text: string): string {
  return text
    .replace(WORD, (word) => (JWT.test(word) ? '[token]' : EMAIL.test(word) ? '[e-mail]' : word))
    .replace(NUMBER_RUN, maskNumber);
}

function maskNumber(run: string): string {
  let digits = 0;
  for (const c of run) if (c >= '0' && c <= '9') digits += 1;
  if (digits < 10 || digits > 14) return run;
  let end = run.length; // the separators after the last digit are not part of the number
  while (end > 0 && NUMBER_SEPARATORS.has(run[end - 1] as string)) end -= 1;
  return `[number]${run.slice(end)}`;
}
