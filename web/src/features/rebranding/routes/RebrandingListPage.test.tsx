import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Client, RebrandingBody, RebrandingProject } from '../../../api/types';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { DISPLAY_NAME_MESSAGE, LEGAL_NAME_MESSAGE } from '../wizard';

const client: Client = {
  id: 3,
  client_name: 'Süß & Co',
  client_logo: null,
  date_created: '2026-03-01T09:30:00Z',
  author: { first_name: 'Ada', last_name: 'Lovelace' },
};

function saved(body: RebrandingBody): RebrandingProject {
  return {
    ...body,
    id: 11,
    client_id: client.id,
    client,
    date_created: '2026-03-02T10:00:00Z',
    author: { first_name: 'Ada', last_name: 'Lovelace' },
    location_count: body.locations.length,
  };
}

function serve(projects: RebrandingProject[] = []) {
  const sent: RebrandingBody[] = [];
  server.use(
    http.get('*/api/rebranding', () => HttpResponse.json(projects)),
    http.get('*/api/client', () => HttpResponse.json([client])),
    http.post('*/api/rebranding', async ({ request }) => {
      const body = (await request.json()) as RebrandingBody;
      sent.push(body);
      return HttpResponse.json(saved(body), { status: 201 });
    }),
  );
  return sent;
}

async function openWizard() {
  const app = renderApp('/rebranding', { session: sessionFor(adminUser) });
  expect(await screen.findByText('No projects found yet.')).toBeInTheDocument();
  await app.user.click(screen.getByRole('button', { name: 'Add Project' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create new rebranding project' }));
  return { ...app, dialog };
}

describe('RebrandingListPage', () => {
  it('lists projects with client, name, date, locations and actions', async () => {
    const project = saved({
      client_id: 3,
      legal_name: 'Süß & Co GmbH',
      display_name: 'Süß',
      font_scheme: { headline: '', body: '' },
      locations: [],
      color_scheme: { prio1_colors: [], prio2_colors: [], highlight_color: null, greyscale_colors: [] },
    });
    serve([{ ...project, location_count: 2 }]);
    renderApp('/rebranding', { session: sessionFor(adminUser) });
    const row = await screen.findByRole('row', { name: /Süß & Co/ });
    expect(within(row).getByRole('link', { name: 'Süß' })).toHaveAttribute('href', '/rebranding/11');
    expect(within(row).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/rebranding/11');
    expect(within(row).getByRole('button', { name: 'Delete Project' })).toBeInTheDocument();
  });

  it('blocks Next step on step 0 with the name-length messages until the names are long enough', async () => {
    const sent = serve();
    const { user, dialog } = await openWizard();
    await user.click(dialog.getByRole('button', { name: 'Next step' }));
    expect(dialog.getByText(LEGAL_NAME_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByText(DISPLAY_NAME_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByText('Please choose a client.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();

    await user.type(dialog.getByLabelText(/^Legal name/), 'Acme5');
    await user.type(dialog.getByLabelText(/^Display name/), 'Süß');
    await user.click(dialog.getByRole('combobox', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Süß & Co' }));
    await user.click(dialog.getByRole('button', { name: 'Next step' }));
    expect(dialog.getByText(LEGAL_NAME_MESSAGE)).toBeInTheDocument();
    expect(dialog.queryByText(DISPLAY_NAME_MESSAGE)).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add location' })).not.toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^Legal name/), ' GmbH');
    await user.click(dialog.getByRole('button', { name: 'Next step' }));
    expect(await dialog.findByRole('button', { name: 'Add location' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('keeps HEX, RGB and CMYK in sync and creates the project from the review', async () => {
    const sent = serve();
    const { user, dialog } = await openWizard();
    await user.type(dialog.getByLabelText(/^Legal name/), 'Süß & Co GmbH');
    await user.type(dialog.getByLabelText(/^Display name/), 'Süß');
    await user.click(dialog.getByRole('combobox', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Süß & Co' }));
    await user.click(dialog.getByRole('button', { name: 'Next step' }));
    await user.click(await dialog.findByRole('button', { name: 'Add location' }));
    await user.type(within(dialog.getByRole('region', { name: 'Location 0' })).getByLabelText('City'), 'Köln');
    await user.click(dialog.getByRole('button', { name: 'Next step' }));

    await user.click(await dialog.findByRole('button', { name: 'Add Priority 1 colour' }));
    const hex = dialog.getByLabelText('Priority 1 colour 1 HEX');
    expect(hex).toHaveValue('');
    expect(dialog.getByLabelText('Priority 1 colour 1 RGB R')).toHaveValue('0');
    await user.type(hex, '#0A3D62');
    expect(dialog.getByLabelText('Priority 1 colour 1 RGB G')).toHaveValue('61');
    expect(dialog.getByLabelText('Priority 1 colour 1 CMYK C')).toHaveValue('90');
    expect(dialog.getByText('suggested')).toBeInTheDocument();

    const red = dialog.getByLabelText('Priority 1 colour 1 RGB R');
    await user.clear(red);
    await user.type(red, '255');
    expect(hex).toHaveValue('#FF3D62');

    const cyan = dialog.getByLabelText('Priority 1 colour 1 CMYK C');
    await user.clear(cyan);
    await user.type(cyan, '150');
    // Bounded: 150 is not a CMYK percentage.
    expect(Number((cyan as HTMLInputElement).value)).toBeLessThanOrEqual(100);
    expect(dialog.getByText('entered')).toBeInTheDocument();

    for (let step = 2; step < 6; step++) await user.click(dialog.getByRole('button', { name: 'Next step' }));
    expect(await dialog.findByText('Check the project before saving. Go back to any step to change it.')).toBeInTheDocument();
    expect(dialog.getByText('#FF3D62')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Rebranding Project successfully created!')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    const [body] = sent;
    expect(body?.client_id).toBe(3);
    expect(body?.legal_name).toBe('Süß & Co GmbH');
    expect(body?.locations[0]?.address.city).toBe('Köln');
    expect(body?.color_scheme.prio1_colors[0]?.hex).toBe('#FF3D62');
    expect(body?.color_scheme.prio1_colors[0]?.cmyk_computed).toBe(false);
  });

  it('refuses to create with an invalid colour, with an alert', async () => {
    const sent = serve();
    const { user, dialog } = await openWizard();
    await user.type(dialog.getByLabelText(/^Legal name/), 'Süß & Co GmbH');
    await user.type(dialog.getByLabelText(/^Display name/), 'Süß');
    await user.click(dialog.getByRole('combobox', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Süß & Co' }));
    for (let step = 0; step < 2; step++) await user.click(dialog.getByRole('button', { name: 'Next step' }));
    await user.click(await dialog.findByRole('button', { name: 'Add Priority 1 colour' }));
    for (let step = 2; step < 6; step++) await user.click(dialog.getByRole('button', { name: 'Next step' }));
    await user.click(await dialog.findByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Cannot create project: There are still errors!')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
