/** Same cap as the server's, so an oversized logo is refused before it is uploaded. */
export const MAX_LOGO_BYTES = 1024 * 1024;
export const SVG_MIME = 'image/svg+xml';

export const LOGO_NOT_SVG = 'The logo must be an SVG image.';
export const LOGO_TOO_LARGE = 'The logo must be at most 1 MiB.';

/**
 * Checks that a chosen file really is SVG markup, whatever its name or declared type says (a PNG
 * renamed to .svg is declared image/svg+xml by the browser). Returns the markup for the preview,
 * or the reason it is refused. The server sanitises and checks again; this only saves a round trip.
 */
export async function readSvgFile(file: File): Promise<{ svg: string } | { error: string }> {
  if (file.size > MAX_LOGO_BYTES) return { error: LOGO_TOO_LARGE };
  const text = await file.text();
  const document = new DOMParser().parseFromString(text, SVG_MIME);
  const root = document.documentElement;
  const parsed = document.getElementsByTagName('parsererror').length === 0;
  if (!parsed || root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg') {
    return { error: LOGO_NOT_SVG };
  }
  return { svg: text };
}
