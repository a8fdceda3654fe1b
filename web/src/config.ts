// Build-time settings of the operator (the agency running Wordmark). Set them as VITE_* variables
// when building the app; the defaults only keep links well-formed in development.
function setting(value: string | undefined, fallback: string): string {
  return value !== undefined && value.trim() !== '' ? value : fallback;
}

const env = import.meta.env as Record<string, string | undefined>;

export const legalLinks = {
  home: setting(env.VITE_OPERATOR_HOME_URL, 'https://www.example.com/'),
  legalNotice: setting(env.VITE_LEGAL_NOTICE_URL, 'https://www.example.com/legal-notice'),
  privacyPolicy: setting(env.VITE_PRIVACY_POLICY_URL, 'https://www.example.com/privacy-policy'),
  support: setting(env.VITE_SUPPORT_URL, 'https://www.example.com/support'),
};

/** The internal wiki article on website translation, linked from a completed project. */
export const translationWikiUrl = setting(
  env.VITE_TRANSLATION_WIKI_URL,
  'https://wiki.example.com/website-translation',
);
