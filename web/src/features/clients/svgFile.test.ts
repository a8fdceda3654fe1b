import { LOGO_NOT_SVG, LOGO_TOO_LARGE, MAX_LOGO_BYTES, readSvgFile } from './svgFile';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('readSvgFile', () => {
  it('accepts SVG markup and returns it for the preview', async () => {
    expect(await readSvgFile(new File([svg], 'logo.svg', { type: 'image/svg+xml' }))).toEqual({ svg });
  });

  it('refuses a PNG renamed to .svg', async () => {
    const file = new File([pngBytes], 'logo.svg', { type: 'image/svg+xml' });
    expect(await readSvgFile(file)).toEqual({ error: LOGO_NOT_SVG });
  });

  it('refuses XML that is not SVG', async () => {
    const file = new File(['<html xmlns="http://www.w3.org/1999/xhtml"/>'], 'logo.svg', { type: 'image/svg+xml' });
    expect(await readSvgFile(file)).toEqual({ error: LOGO_NOT_SVG });
  });

  it('refuses files above the size cap before reading them', async () => {
    const padding = ' '.repeat(MAX_LOGO_BYTES);
    const file = new File([svg.replace('<rect', `${padding}<rect`)], 'big.svg', { type: 'image/svg+xml' });
    expect(await readSvgFile(file)).toEqual({ error: LOGO_TOO_LARGE });
  });
});
