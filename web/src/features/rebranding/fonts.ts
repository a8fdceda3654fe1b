// Font families offered by the wizard: the common web fonts agencies use and the
// system families every visitor has. Free text is accepted too.
export const FONT_FAMILIES = [
  'Arial',
  'Helvetica',
  'Verdana',
  'Tahoma',
  'Trebuchet MS',
  'Segoe UI',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Source Sans 3',
  'Noto Sans',
  'Inter',
  'Poppins',
  'Raleway',
  'Nunito',
  'Work Sans',
  'Fira Sans',
  'PT Sans',
  'Ubuntu',
  'Oswald',
  'DejaVu Sans',
  'Georgia',
  'Times New Roman',
  'Garamond',
  'Merriweather',
  'Playfair Display',
  'Lora',
  'PT Serif',
  'Noto Serif',
  'Courier New',
  'Fira Code',
  'Source Code Pro',
] as const;

/** A CSS font stack that shows `family` when the machine has it, else a sensible fallback. */
export function fontStack(family: string): string {
  const name = family.trim().replace(/["\\]/g, '');
  return name === '' ? 'inherit' : `"${name}", system-ui, sans-serif`;
}
