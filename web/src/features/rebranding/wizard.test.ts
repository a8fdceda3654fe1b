import type { RebrandingProject } from '../../api/types';
import { changeHex, emptyColour } from './colour';
import {
  allErrors,
  CLIENT_MESSAGE,
  colourErrors,
  DISPLAY_NAME_MESSAGE,
  emptyLocation,
  generalErrors,
  HEX_MESSAGE,
  initialValues,
  LEGAL_NAME_MESSAGE,
  toBody,
  type WizardValues,
} from './wizard';

function valid(): WizardValues {
  return {
    ...initialValues(undefined, 3),
    legal_name: 'Müller & Söhne GmbH',
    display_name: 'Müller',
  };
}

describe('step 0 rules', () => {
  it('accepts a complete first step', () => {
    expect(generalErrors(valid())).toEqual({});
  });

  it('needs 6 characters of legal name after trimming', () => {
    expect(generalErrors({ ...valid(), legal_name: '  Acme5  ' })).toEqual({ legal_name: LEGAL_NAME_MESSAGE });
    expect(generalErrors({ ...valid(), legal_name: 'ÄÖÜäöß' })).toEqual({});
  });

  it('needs 3 characters of display name, counted as the server counts them', () => {
    expect(generalErrors({ ...valid(), display_name: 'Ab' })).toEqual({ display_name: DISPLAY_NAME_MESSAGE });
    expect(generalErrors({ ...valid(), display_name: '    ' })).toEqual({ display_name: DISPLAY_NAME_MESSAGE });
    expect(generalErrors({ ...valid(), display_name: 'Süß' })).toEqual({});
  });

  it('needs a client', () => {
    expect(generalErrors({ ...valid(), client_id: null })).toEqual({ client_id: CLIENT_MESSAGE });
  });
});

describe('colour rules', () => {
  it('flags list colours without a valid HEX, but an empty highlight means none', () => {
    const values = valid();
    values.color_scheme.prio1_colors = [changeHex(emptyColour(), '#0A3D62'), changeHex(emptyColour(), '#12')];
    values.color_scheme.greyscale_colors = [emptyColour()];
    values.color_scheme.highlight_color = emptyColour();
    expect(colourErrors(values)).toEqual({
      'color_scheme.prio1_colors.1.hex': HEX_MESSAGE,
      'color_scheme.greyscale_colors.0.hex': HEX_MESSAGE,
    });
    values.color_scheme.highlight_color = changeHex(emptyColour(), '#XYZ');
    expect(Object.keys(allErrors({ ...values, legal_name: '' }))).toEqual([
      'legal_name',
      'color_scheme.prio1_colors.1.hex',
      'color_scheme.greyscale_colors.0.hex',
      'color_scheme.highlight_color.hex',
    ]);
  });
});

describe('values and body', () => {
  it('new projects start empty; new locations have every field empty', () => {
    const values = initialValues();
    expect(values.client_id).toBeNull();
    expect(values.locations).toEqual([]);
    expect(values.color_scheme.highlight_color).toBeNull();
    const location = emptyLocation();
    for (const group of Object.values(location)) {
      for (const value of Object.values(group)) expect(value).toBe('');
    }
  });

  it('an existing project fills the wizard and comes back as the body', () => {
    const project = {
      id: 4,
      client_id: 3,
      legal_name: 'Müller & Söhne GmbH',
      display_name: 'Müller',
      font_scheme: { headline: 'Lato', body: 'Arial' },
      locations: [emptyLocation()],
      color_scheme: { prio1_colors: [], prio2_colors: [], highlight_color: null, greyscale_colors: [] },
    } as unknown as RebrandingProject;
    const values = initialValues(project);
    expect(values.client_id).toBe('3');
    values.display_name = '  Müller Neu ';
    const body = toBody(values);
    expect(body.client_id).toBe(3);
    expect(body.display_name).toBe('Müller Neu');
    expect(body.locations).toHaveLength(1);
  });
});
