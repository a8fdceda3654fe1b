// The wizard's values, its rules (the same the server checks: docs/product.md) and the step order.
import type { BrandColour, BrandLocation, RebrandingBody, RebrandingProject } from '../../api/types';
import { isValidHex } from './colour';

export const LEGAL_NAME_MESSAGE =
  'The legal name must have at least 6 letters and contain the legal entity of the company';
export const DISPLAY_NAME_MESSAGE = 'The display name must have at least 3 letters.';
export const CLIENT_MESSAGE = 'Please choose a client.';
export const CREATE_HAS_ERRORS = 'Cannot create project: There are still errors!';
export const UPDATE_HAS_ERRORS = 'Cannot update project. The form has still errors!';

export const LEGAL_NAME_MIN = 6;
export const DISPLAY_NAME_MIN = 3;

/** Steps 0 to 5; the review panel follows as the completed state. */
export const STEPS = [
  { label: 'General', description: 'Company data' },
  { label: 'Locations', description: 'Addresses, legal, banking' },
  { label: 'Priority 1', description: 'Main colours' },
  { label: 'Priority 2', description: 'Secondary colours' },
  { label: 'Highlight', description: 'Accent colour' },
  { label: 'Corporate', description: 'Greyscale colours' },
] as const;
export const REVIEW_STEP = STEPS.length;

export type ColourList = 'prio1_colors' | 'prio2_colors' | 'greyscale_colors';

export interface WizardValues {
  client_id: string | null;
  legal_name: string;
  display_name: string;
  font_scheme: { headline: string; body: string };
  locations: BrandLocation[];
  color_scheme: {
    prio1_colors: BrandColour[];
    prio2_colors: BrandColour[];
    highlight_color: BrandColour | null;
    greyscale_colors: BrandColour[];
  };
}

/** A new location: every field empty. */
export function emptyLocation(): BrandLocation {
  return {
    address: { street: '', zipcode: '', city: '', country: '' },
    legal_info: { vat_id: '', management: '', commercial_registration: '' },
    banking: { bank: '', iban: '', bic: '' },
    contact_details: { phone: '', email: '', fax: '' },
  };
}

export function initialValues(project?: RebrandingProject, clientId?: number): WizardValues {
  if (project === undefined) {
    return {
      client_id: clientId === undefined ? null : String(clientId),
      legal_name: '',
      display_name: '',
      font_scheme: { headline: '', body: '' },
      locations: [],
      color_scheme: { prio1_colors: [], prio2_colors: [], highlight_color: null, greyscale_colors: [] },
    };
  }
  const { color_scheme } = project;
  return {
    client_id: String(project.client_id),
    legal_name: project.legal_name,
    display_name: project.display_name,
    font_scheme: { ...project.font_scheme },
    locations: project.locations,
    color_scheme: {
      prio1_colors: color_scheme.prio1_colors,
      prio2_colors: color_scheme.prio2_colors,
      highlight_color: color_scheme.highlight_color ?? null,
      greyscale_colors: color_scheme.greyscale_colors,
    },
  };
}

export function toBody(values: WizardValues): RebrandingBody {
  return {
    client_id: values.client_id === null ? null : Number(values.client_id),
    legal_name: values.legal_name.trim(),
    display_name: values.display_name.trim(),
    font_scheme: { headline: values.font_scheme.headline.trim(), body: values.font_scheme.body.trim() },
    locations: values.locations,
    color_scheme: values.color_scheme,
  };
}

/** Length in Unicode code points, as the server counts (Rust `chars()`): "Süß" has 3. */
function characters(text: string): number {
  return Array.from(text).length;
}

export type WizardErrors = Record<string, string>;

/** Step 0's rules: the ones that block 'Next step'. */
export function generalErrors(values: WizardValues): WizardErrors {
  const errors: WizardErrors = {};
  if (values.client_id === null || values.client_id === '') errors.client_id = CLIENT_MESSAGE;
  if (characters(values.legal_name.trim()) < LEGAL_NAME_MIN) errors.legal_name = LEGAL_NAME_MESSAGE;
  // Blanks alone are no display name either (the server agrees).
  if (characters(values.display_name.trim()) < DISPLAY_NAME_MIN) errors.display_name = DISPLAY_NAME_MESSAGE;
  return errors;
}

export const HEX_MESSAGE = 'Enter a HEX colour as #RRGGBB or #RGB.';

/** Colours whose HEX is not a colour, keyed by their form path. RGB and CMYK are bounded by their inputs. */
export function colourErrors(values: WizardValues): WizardErrors {
  const errors: WizardErrors = {};
  const lists: ColourList[] = ['prio1_colors', 'prio2_colors', 'greyscale_colors'];
  for (const list of lists) {
    values.color_scheme[list].forEach((colour, index) => {
      if (!isValidHex(colour.hex)) errors[`color_scheme.${list}.${index}.hex`] = HEX_MESSAGE;
    });
  }
  const highlight = values.color_scheme.highlight_color;
  // An empty highlight step means "no highlight colour", as on the server.
  if (highlight !== null && highlight.hex.trim() !== '' && !isValidHex(highlight.hex)) {
    errors['color_scheme.highlight_color.hex'] = HEX_MESSAGE;
  }
  return errors;
}

export function allErrors(values: WizardValues): WizardErrors {
  return { ...generalErrors(values), ...colourErrors(values) };
}
