const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A server timestamp as a local date; unparsable values are shown as sent. */
export function formatDate(value: string): string {
  const date = parse(value);
  return date === null ? value : dateFormat.format(date);
}

export function formatDateTime(value: string): string {
  const date = parse(value);
  return date === null ? value : dateTimeFormat.format(date);
}

/** Sort key for timestamps: milliseconds, unparsable ones first. */
export function dateSortValue(value: string): number {
  return parse(value)?.getTime() ?? 0;
}
