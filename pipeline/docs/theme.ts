// The `theme:` section of redocly.yaml (colours, fonts, logo) as the CSS custom properties site.css reads.
export interface DocsTheme {
  colors?: {
    primary?: string;
    link?: string;
    sidebarBackground?: string;
    text?: string;
    placeholder?: string;
  };
  typography?: { fontFamily?: string; codeFontFamily?: string };
  logo?: { image?: string; altText?: string };
}

const decl = (name: string, value: string | undefined) => (value ? `  ${name}: ${value};\n` : '');

/** The theme's variables: fonts always, colours for the light scheme (site.css keeps its own dark ones). */
export function themeCss(theme: DocsTheme): string {
  const { colors = {}, typography = {} } = theme;
  const fonts = decl('--font', typography.fontFamily) + decl('--mono', typography.codeFontFamily);
  const light =
    decl('--primary', colors.primary) +
    decl('--link', colors.link) +
    decl('--text', colors.text) +
    decl('--sidebar-bg', colors.sidebarBackground) +
    decl('--placeholder', colors.placeholder);
  return `:root {\n${fonts}}\n@media (prefers-color-scheme: light) {\n  :root {\n${light.replace(/^/gm, '  ')}  }\n}\n`;
}
