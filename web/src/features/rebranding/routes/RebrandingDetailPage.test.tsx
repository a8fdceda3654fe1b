import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RebrandingProject } from '../../../api/types';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { DOWNLOAD_FAILED } from '../download';

const project = {
  id: 5,
  client_id: 3,
  client: {
    id: 3,
    client_name: 'Süß & Co',
    client_logo: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    date_created: '2026-03-01T09:30:00Z',
    author: null,
  },
  date_created: '2026-03-02T10:00:00Z',
  author: { first_name: 'Zoë', last_name: 'Weiß' },
  legal_name: 'Bäckerei Süß & Söhne GmbH',
  display_name: 'Süß',
  location_count: 1,
  font_scheme: { headline: 'Montserrat', body: 'Open Sans' },
  color_scheme: {
    prio1_colors: [
      { hex: '#0A3D62', rgb: { r: 10, g: 61, b: 98 }, cymk: { c: 90, y: 0, m: 38, k: 62 }, cmyk_computed: true },
    ],
    prio2_colors: [],
    highlight_color: { hex: '#FA983A', rgb: { r: 250, g: 152, b: 58 }, cymk: { c: 0, y: 77, m: 39, k: 2 }, cmyk_computed: false },
    greyscale_colors: [],
  },
  locations: [
    {
      address: { street: 'Hauptstraße 1', zipcode: '50667', city: 'Köln', country: 'Deutschland' },
      legal_info: { vat_id: 'DE123', management: 'Jürgen Süß', commercial_registration: 'HRB 1' },
      banking: { bank: 'Sparkasse', iban: 'DE89 3704', bic: 'COLSDE33' },
      contact_details: { phone: '+49 221', email: 'info@example.de', fax: '' },
    },
  ],
} as RebrandingProject;

describe('RebrandingDetailPage', () => {
  it('shows the project information with the legal name, not the display name', async () => {
    server.use(http.get('*/api/rebranding/5', () => HttpResponse.json(project)));
    renderApp('/rebranding/5', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('heading', { name: 'Süß' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Legal Name Bäckerei Süß & Söhne GmbH' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Display Name Süß' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Author Zoë Weiß' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Locations 1' })).toBeInTheDocument();
  });

  it('shows HEX, RGB and CMYK in the Color Scheme tab and the locations numbered from 0', async () => {
    server.use(http.get('*/api/rebranding/5', () => HttpResponse.json(project)));
    const { user } = renderApp('/rebranding/5', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'Color Scheme' }));
    const prio1 = screen.getByRole('region', { name: 'Priority 1' });
    expect(within(prio1).getByRole('row', { name: /#0A3D62 10 \/ 61 \/ 98 90 \/ 38 \/ 0 \/ 62 suggested/ })).toBeInTheDocument();
    const highlight = screen.getByRole('region', { name: 'Highlight' });
    expect(within(highlight).getByRole('row', { name: /#FA983A 250 \/ 152 \/ 58 0 \/ 39 \/ 77 \/ 2$/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Corporate' })).getByText('No colours.')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Süß & Co logo' }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('tab', { name: 'Locations' }));
    const location = screen.getByRole('region', { name: 'Location 0' });
    expect(within(location).getByRole('row', { name: 'Street Hauptstraße 1' })).toBeInTheDocument();
    expect(within(location).getByRole('row', { name: 'IBAN DE89 3704' })).toBeInTheDocument();
    expect(within(location).getByRole('row', { name: 'Management Jürgen Süß' })).toBeInTheDocument();
  });

  it('says so when the project does not exist', async () => {
    server.use(http.get('*/api/rebranding/9', () => HttpResponse.json({ message: 'Project not found' }, { status: 404 })));
    renderApp('/rebranding/9', { session: sessionFor(adminUser) });
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
  });

  it('opens the wizard titled with the display name and alerts when the download fails', async () => {
    server.use(
      http.get('*/api/rebranding/5', () => HttpResponse.json(project)),
      http.get('*/api/client', () => HttpResponse.json([project.client])),
      http.post('*/api/rebranding/5/download-package', () =>
        HttpResponse.json({ message: 'broken' }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/rebranding/5', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Süß' }));
    expect(dialog.getByLabelText(/^Legal name/)).toHaveValue('Bäckerei Süß & Söhne GmbH');
    await user.click(dialog.getByRole('button', { name: 'Next step' }));
    expect(await dialog.findByRole('region', { name: 'Location 0' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Download Package' }));
    expect(await screen.findByText(DOWNLOAD_FAILED)).toBeInTheDocument();
  });
});
