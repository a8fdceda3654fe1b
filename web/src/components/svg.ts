/**
 * A data URI for SVG markup, for use as `<img src>`. An image never runs scripts nor loads
 * external resources, so showing markup this way is safe even if sanitising had missed something.
 */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
