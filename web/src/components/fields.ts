// WPML field context (the server's `field` of a segment: title, body, SEO description, custom
// field, page-builder string, …): the names of its kinds and the choices of a filter by field.

/** What each field kind is called in a filter. */
const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  body: 'Body',
  excerpt: 'Excerpt',
  slug: 'Slug',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  seo_meta: 'SEO and social',
  custom_field: 'Custom fields',
  term: 'Terms',
  page_builder: 'Page builder',
  block: 'Blocks',
  menu_item: 'Menu items',
  widget: 'Widgets',
  string: 'Strings',
  other: 'Other',
};

/** The name of a field kind ("SEO description"); an unknown kind as it is. */
export function fieldName(kind: string): string {
  return FIELD_NAMES[kind] ?? kind;
}

export interface FieldOf {
  field: { kind: string; label: string };
}

/** The field kinds of `segments`, in order of first appearance, each with its name and count. */
export function fieldOptions(segments: Iterable<FieldOf>): { value: string; label: string }[] {
  const kinds = new Map<string, number>();
  for (const { field } of segments) kinds.set(field.kind, (kinds.get(field.kind) ?? 0) + 1);
  return Array.from(kinds, ([kind, count]) => ({ value: kind, label: `${fieldName(kind)} (${count})` }));
}
