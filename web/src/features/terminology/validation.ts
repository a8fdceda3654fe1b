import type { ProposalBody, TermBody } from './api';

/** The form's values: variants one per line. */
export interface TermFormValues {
  source_lang: string;
  target_lang: string;
  source: string;
  targets: string;
  kind: TermBody['kind'];
  case_sensitive: boolean;
  part_of_speech: string;
  note: string;
}

const LANGUAGE = /^[A-Za-z0-9][A-Za-z0-9_-]{1,19}$/;

/** What is wrong with the form, per field (the server checks the same and has the last word). */
export function validateTerm(values: TermFormValues): Partial<Record<keyof TermFormValues, string>> {
  const errors: Partial<Record<keyof TermFormValues, string>> = {};
  if (!LANGUAGE.test(values.source_lang.trim())) errors.source_lang = 'A language code such as en or pt-br';
  if (!LANGUAGE.test(values.target_lang.trim())) errors.target_lang = 'A language code such as de or fr';
  if (errors.target_lang === undefined && values.source_lang.trim().toLowerCase() === values.target_lang.trim().toLowerCase())
    errors.target_lang = 'The target language must differ from the source language';
  if (values.source.trim() === '') errors.source = 'The source term is required';
  else if (values.source.trim().length > 200) errors.source = 'At most 200 characters';
  const targets = variants(values.targets);
  if (values.kind !== 'do_not_translate' && targets.length === 0) errors.targets = 'At least one target term';
  else if (targets.some((t) => t.includes('|'))) errors.targets = "A target term may not contain '|'";
  return errors;
}

export function variants(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function toBody(values: TermFormValues): TermBody {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    source_lang: values.source_lang.trim(),
    target_lang: values.target_lang.trim(),
    source: values.source.trim(),
    targets: values.kind === 'do_not_translate' ? [] : variants(values.targets),
    kind: values.kind,
    case_sensitive: values.case_sensitive,
    part_of_speech: optional(values.part_of_speech),
    note: optional(values.note),
  };
}

/** The proposal form's values. */
export interface ProposalFormValues {
  source_lang: string;
  target_lang: string;
  source: string;
  target: string;
  note: string;
}

/** What is wrong with a proposal, per field (checked as the entry it would become). */
export function validateProposal(values: ProposalFormValues): Partial<Record<keyof ProposalFormValues, string>> {
  const { targets, ...errors } = validateTerm({
    ...values,
    targets: values.target,
    kind: 'preferred',
    case_sensitive: false,
    part_of_speech: '',
  });
  if (targets === undefined) return errors;
  return { ...errors, target: values.target.trim() === '' ? 'The target term is required' : targets };
}

export function toProposalBody(values: ProposalFormValues): ProposalBody {
  return {
    source_lang: values.source_lang.trim(),
    target_lang: values.target_lang.trim(),
    source: values.source.trim(),
    target: values.target.trim(),
    note: values.note.trim() === '' ? null : values.note.trim(),
  };
}
