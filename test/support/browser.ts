// The test kit's browser: Debian's Chromium, offline (scripts/chromium.ts, which the docs benchmark uses too).
export * from '../../scripts/chromium.ts';
