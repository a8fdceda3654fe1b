// Colour maths of the wizard, the same rules as the server (wordmark_core::colour): HEX as
// #RRGGBB or #RGB, RGB derived from it, and a naive CMYK suggestion. Print shops convert with
// ICC profiles, so a CMYK value the user typed is never replaced by the suggestion.
import type { BrandColour } from '../../api/types';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Cmyk {
  c: number;
  y: number;
  m: number;
  k: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isValidHex(hex: string): boolean {
  return HEX.test(hex.trim());
}

/** RGB of `#RRGGBB` or `#RGB`, or null when the text is not a HEX colour. */
export function hexToRgb(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim());
  if (match === null) return null;
  const digits = match[1] ?? '';
  const full = digits.length === 3 ? digits.replace(/./g, (d) => d + d) : digits;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

const channelHex = (value: number) => Math.round(value).toString(16).padStart(2, '0').toUpperCase();

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${channelHex(r)}${channelHex(g)}${channelHex(b)}`;
}

/** K = 1 − max(R,G,B); C = (1 − R − K) / (1 − K), likewise M and Y; whole percent. */
export function cmykSuggestion({ r, g, b }: Rgb): Cmyk {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  if (max <= 0) return { c: 0, y: 0, m: 0, k: 100 };
  const k = 1 - max;
  const ink = (channel: number) => Math.round(((1 - channel - k) / (1 - k)) * 100);
  return { c: ink(rf), m: ink(gf), y: ink(bf), k: Math.round(k * 100) };
}

/** A new colour: empty HEX and zeros in every channel (what the wizard starts a colour with). */
export function emptyColour(): BrandColour {
  return { hex: '', rgb: { r: 0, g: 0, b: 0 }, cymk: { c: 0, y: 0, m: 0, k: 0 }, cmyk_computed: true };
}

/** The colour after its RGB changed: HEX follows, CMYK follows unless the user typed it. */
function withRgb(colour: BrandColour, rgb: Rgb, hex: string): BrandColour {
  const cymk = colour.cmyk_computed ? cmykSuggestion(rgb) : colour.cymk;
  return { ...colour, hex, rgb, cymk };
}

/** The HEX input changed. RGB (and a suggested CMYK) follow once the text is a valid colour. */
export function changeHex(colour: BrandColour, hex: string): BrandColour {
  const rgb = hexToRgb(hex);
  return rgb === null ? { ...colour, hex } : withRgb(colour, rgb, hex);
}

/** One RGB channel changed (already bounded 0–255 by its input). */
export function changeRgb(colour: BrandColour, channel: keyof Rgb, value: number): BrandColour {
  const rgb = { ...colour.rgb, [channel]: value };
  return withRgb(colour, rgb, rgbToHex(rgb));
}

/** One CMYK channel changed: the value now counts as entered and is kept as it is. */
export function changeCmyk(colour: BrandColour, channel: keyof Cmyk, value: number): BrandColour {
  return { ...colour, cymk: { ...colour.cymk, [channel]: value }, cmyk_computed: false };
}

/** Drops a typed CMYK for the suggestion from the current RGB. */
export function suggestCmyk(colour: BrandColour): BrandColour {
  return { ...colour, cymk: cmykSuggestion(colour.rgb), cmyk_computed: true };
}

export const formatRgb = ({ r, g, b }: Rgb) => `${r} / ${g} / ${b}`;
export const formatCmyk = ({ c, m, y, k }: Cmyk) => `${c} / ${m} / ${y} / ${k}`;
