import { changeCmyk, changeHex, changeRgb, cmykSuggestion, emptyColour, hexToRgb, rgbToHex, suggestCmyk } from './colour';

describe('colour maths', () => {
  it('reads #RRGGBB and #RGB in any case and refuses anything else', () => {
    expect(hexToRgb('#0A3D62')).toEqual({ r: 10, g: 61, b: 98 });
    expect(hexToRgb(' #0a3d62 ')).toEqual({ r: 10, g: 61, b: 98 });
    expect(hexToRgb('#f0a')).toEqual({ r: 255, g: 0, b: 170 });
    for (const bad of ['', '0A3D62', '#12', '#12345', '#GG0000', '#ääa']) expect(hexToRgb(bad)).toBeNull();
  });

  it('writes upper-case #RRGGBB', () => {
    expect(rgbToHex({ r: 10, g: 61, b: 98 })).toBe('#0A3D62');
    expect(rgbToHex({ r: 0, g: 0, b: 0 })).toBe('#000000');
  });

  it('suggests CMYK with the same formula as the server', () => {
    expect(cmykSuggestion({ r: 10, g: 61, b: 98 })).toEqual({ c: 90, m: 38, y: 0, k: 62 });
    expect(cmykSuggestion({ r: 0, g: 0, b: 0 })).toEqual({ c: 0, m: 0, y: 0, k: 100 });
    expect(cmykSuggestion({ r: 255, g: 255, b: 255 })).toEqual({ c: 0, m: 0, y: 0, k: 0 });
  });
});

describe('keeping HEX, RGB and CMYK in sync', () => {
  it('a valid HEX sets RGB and a suggested CMYK; a half-typed one changes only the text', () => {
    const typed = changeHex(emptyColour(), '#0A3');
    expect(typed.hex).toBe('#0A3');
    expect(typed.rgb).toEqual({ r: 0, g: 170, b: 51 });
    const partial = changeHex(typed, '#0A3D');
    expect(partial.rgb).toEqual(typed.rgb);
    const full = changeHex(partial, '#0A3D62');
    expect(full.rgb).toEqual({ r: 10, g: 61, b: 98 });
    expect(full.cymk).toEqual({ c: 90, m: 38, y: 0, k: 62 });
    expect(full.cmyk_computed).toBe(true);
  });

  it('an RGB channel updates the HEX and the suggestion', () => {
    const colour = changeRgb(changeHex(emptyColour(), '#0A3D62'), 'r', 255);
    expect(colour.hex).toBe('#FF3D62');
    expect(colour.cymk).toEqual(cmykSuggestion({ r: 255, g: 61, b: 98 }));
  });

  it('a typed CMYK is kept when HEX or RGB change, until the suggestion is asked for', () => {
    let colour = changeHex(emptyColour(), '#3C6382');
    colour = changeCmyk(colour, 'c', 53);
    colour = changeCmyk(colour, 'm', 24);
    expect(colour.cmyk_computed).toBe(false);
    const typed = colour.cymk;
    colour = changeHex(colour, '#000000');
    colour = changeRgb(colour, 'g', 10);
    expect(colour.cymk).toEqual(typed);
    expect(colour.hex).toBe('#000A00');
    colour = suggestCmyk(colour);
    expect(colour.cmyk_computed).toBe(true);
    expect(colour.cymk).toEqual(cmykSuggestion({ r: 0, g: 10, b: 0 }));
  });
});
