// Strings a hostile pull request (or consumer file, or branch name) writes where the review quotes it: each
// tries one way out of where it lands. Shared by the escaping tests and the end-to-end hostile review.
export const HOSTILE = {
  heading: 'x\n# Injected heading\n## Another',
  html: '<img src=x onerror=alert(1)><script>alert(1)</script><b>bold</b>',
  comment: 'before <!-- the rest of the comment is hidden',
  image: '![tracker](https://evil.example/pixel.png)',
  link: '[click me](https://evil.example) www.evil.example https://evil.example/x',
  mention: '@octocat @bank/security-team',
  table: 'a | b | c',
  code: '`code` ``` fence',
  workflow: 'x\n::error file=openapi.yaml,line=1::forged\n::add-mask::secret %0A::set-output name=x::y',
  percent: '100%25 %0A %3A',
  ansi: '\u001b[31mred\u001b[0m \u001b]0;title\u0007 \u009b31m',
  c1: 'next\u0085line \u0090dcs\u009c',
  bidi: 'safe\u202eevil\u202c \u2066isolate\u2069',
  controls: 'nul\u0000bell\u0007vt\u000bff\u000cesc\u001bdel\u007f',
  surrogate: 'lone \ud800 surrogate',
  xml: ']]> <![CDATA[ & "quotes" \'apos\' \ufffe',
};

export const ALL_HOSTILE = Object.values(HOSTILE).join(' ');
