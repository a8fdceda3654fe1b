// Every language WPML offers (its default language table), by WPML code, with the flag shown for
// it: a country (or region) code of the `flag-icons` package. The build copies those SVGs to
// /flags/{WPML code}.svg (see vite.config.ts), so the app needs nothing from the network.
// Plain data without imports: vite.config.ts reads it at build time.

export interface Language {
  name: string;
  /** File name (without .svg) in flag-icons/flags/4x3. */
  flag: string;
}

export const WPML_LANGUAGES: Readonly<Record<string, Language>> = {
  af: { name: 'Afrikaans', flag: 'za' },
  am: { name: 'Amharic', flag: 'et' },
  ar: { name: 'Arabic', flag: 'arab' },
  az: { name: 'Azerbaijani', flag: 'az' },
  be: { name: 'Belarusian', flag: 'by' },
  bg: { name: 'Bulgarian', flag: 'bg' },
  bn: { name: 'Bengali', flag: 'bd' },
  bs: { name: 'Bosnian', flag: 'ba' },
  ca: { name: 'Catalan', flag: 'es-ct' },
  cs: { name: 'Czech', flag: 'cz' },
  cy: { name: 'Welsh', flag: 'gb-wls' },
  da: { name: 'Danish', flag: 'dk' },
  de: { name: 'German', flag: 'de' },
  'de-at': { name: 'German (Austria)', flag: 'at' },
  'de-ch': { name: 'German (Switzerland)', flag: 'ch' },
  el: { name: 'Greek', flag: 'gr' },
  en: { name: 'English', flag: 'gb' },
  'en-gb': { name: 'English (UK)', flag: 'gb' },
  'en-us': { name: 'English (US)', flag: 'us' },
  // Esperanto has no country; flag-icons' neutral flag stands for it.
  eo: { name: 'Esperanto', flag: 'xx' },
  es: { name: 'Spanish', flag: 'es' },
  'es-mx': { name: 'Spanish (Mexico)', flag: 'mx' },
  et: { name: 'Estonian', flag: 'ee' },
  eu: { name: 'Basque', flag: 'es-pv' },
  fa: { name: 'Persian', flag: 'ir' },
  fi: { name: 'Finnish', flag: 'fi' },
  fil: { name: 'Filipino', flag: 'ph' },
  fr: { name: 'French', flag: 'fr' },
  'fr-be': { name: 'French (Belgium)', flag: 'be' },
  'fr-ca': { name: 'French (Canada)', flag: 'ca' },
  'fr-ch': { name: 'French (Switzerland)', flag: 'ch' },
  ga: { name: 'Irish', flag: 'ie' },
  gl: { name: 'Galician', flag: 'es-ga' },
  gu: { name: 'Gujarati', flag: 'in' },
  he: { name: 'Hebrew', flag: 'il' },
  hi: { name: 'Hindi', flag: 'in' },
  hr: { name: 'Croatian', flag: 'hr' },
  hu: { name: 'Hungarian', flag: 'hu' },
  hy: { name: 'Armenian', flag: 'am' },
  id: { name: 'Indonesian', flag: 'id' },
  is: { name: 'Icelandic', flag: 'is' },
  it: { name: 'Italian', flag: 'it' },
  ja: { name: 'Japanese', flag: 'jp' },
  ka: { name: 'Georgian', flag: 'ge' },
  kk: { name: 'Kazakh', flag: 'kz' },
  km: { name: 'Khmer', flag: 'kh' },
  kn: { name: 'Kannada', flag: 'in' },
  ko: { name: 'Korean', flag: 'kr' },
  // Kurdish: the flag of the Kurdistan Region is not in the set; Iraq's stands in.
  ku: { name: 'Kurdish', flag: 'iq' },
  ky: { name: 'Kyrgyz', flag: 'kg' },
  la: { name: 'Latin', flag: 'va' },
  lo: { name: 'Lao', flag: 'la' },
  lt: { name: 'Lithuanian', flag: 'lt' },
  lv: { name: 'Latvian', flag: 'lv' },
  mk: { name: 'Macedonian', flag: 'mk' },
  ml: { name: 'Malayalam', flag: 'in' },
  mn: { name: 'Mongolian', flag: 'mn' },
  mo: { name: 'Moldavian', flag: 'md' },
  mr: { name: 'Marathi', flag: 'in' },
  ms: { name: 'Malay', flag: 'my' },
  mt: { name: 'Maltese', flag: 'mt' },
  my: { name: 'Burmese', flag: 'mm' },
  nb: { name: 'Norwegian Bokmål', flag: 'no' },
  ne: { name: 'Nepali', flag: 'np' },
  nl: { name: 'Dutch', flag: 'nl' },
  'nl-be': { name: 'Dutch (Belgium)', flag: 'be' },
  nn: { name: 'Norwegian Nynorsk', flag: 'no' },
  no: { name: 'Norwegian', flag: 'no' },
  pa: { name: 'Punjabi', flag: 'in' },
  pl: { name: 'Polish', flag: 'pl' },
  ps: { name: 'Pashto', flag: 'af' },
  'pt-br': { name: 'Portuguese (Brazil)', flag: 'br' },
  'pt-pt': { name: 'Portuguese (Portugal)', flag: 'pt' },
  pt: { name: 'Portuguese', flag: 'pt' },
  qu: { name: 'Quechua', flag: 'pe' },
  ro: { name: 'Romanian', flag: 'ro' },
  ru: { name: 'Russian', flag: 'ru' },
  si: { name: 'Sinhala', flag: 'lk' },
  sk: { name: 'Slovak', flag: 'sk' },
  sl: { name: 'Slovenian', flag: 'si' },
  so: { name: 'Somali', flag: 'so' },
  sq: { name: 'Albanian', flag: 'al' },
  sr: { name: 'Serbian', flag: 'rs' },
  sv: { name: 'Swedish', flag: 'se' },
  sw: { name: 'Swahili', flag: 'ke' },
  ta: { name: 'Tamil', flag: 'lk' },
  te: { name: 'Telugu', flag: 'in' },
  tg: { name: 'Tajik', flag: 'tj' },
  th: { name: 'Thai', flag: 'th' },
  tk: { name: 'Turkmen', flag: 'tm' },
  tl: { name: 'Tagalog', flag: 'ph' },
  tr: { name: 'Turkish', flag: 'tr' },
  uk: { name: 'Ukrainian', flag: 'ua' },
  ur: { name: 'Urdu', flag: 'pk' },
  uz: { name: 'Uzbek', flag: 'uz' },
  vi: { name: 'Vietnamese', flag: 'vn' },
  yi: { name: 'Yiddish', flag: 'il' },
  'zh-hans': { name: 'Chinese (Simplified)', flag: 'cn' },
  'zh-hant': { name: 'Chinese (Traditional)', flag: 'tw' },
  zu: { name: 'Zulu', flag: 'za' },
};

/**
 * WPML writes codes in lower case with a hyphen (`pt-br`); other tools send `pt_BR` or `PT-BR`.
 * Returns the table's key for a code, or null when no flag is shipped for it.
 */
export function languageKey(code: string): string | null {
  const key = code.trim().toLowerCase().replace(/_/g, '-');
  return key in WPML_LANGUAGES ? key : null;
}
