const numbers = new Intl.NumberFormat('en-US');

/** "1 file", "2 files", "1,250 segments": the number with the noun that fits it. */
export function countOf(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`;
}
