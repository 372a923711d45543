// Redoc 3 has no theme option: the `theme:` section of redocly.yaml becomes CSS custom properties.
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

/** CSS for the page template. `html:root` outranks Redoc's own `:root` rules; colours only in light mode. */
export function themeCss(theme: DocsTheme): string {
  const { colors = {}, typography = {} } = theme;
  const fonts =
    decl('--font-family-base', typography.fontFamily) +
    decl('--font-family-monospaced', typography.codeFontFamily);
  const light =
    decl('--color-primary-base', colors.primary) +
    decl('--color-primary-text', colors.primary) +
    decl('--link-color-primary', colors.link) +
    decl('--text-color-primary', colors.text) +
    decl('--sidebar-bg-color', colors.sidebarBackground) +
    decl('--input-content-placeholder-color', colors.placeholder);
  // The logo is an image with its own wording: keep it within the sidebar's width.
  const logo = '  --sidebar-logo-max-height: 48px;\n  --sidebar-logo-max-width: 100%;\n';
  return `html:root {\n${fonts}${logo}}\nhtml:root:not(.dark) {\n${light}}\n`;
}
