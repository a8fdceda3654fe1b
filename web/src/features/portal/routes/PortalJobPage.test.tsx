import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customerUser, sessionFor } from '../../../test/fixtures';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { jobDetail, segment } from '../../../test/translation';
import { PortalJobPage } from './PortalJobPage';

describe('PortalJobPage', () => {
  it('shows the text as a reader sees it: tags as marks, no block comments, characters for references, whole field names', async () => {
    const heading = segment(1, {
      field: { kind: 'seo_title', label: 'SEO title (Yoast)' },
      source: '<!-- wp:heading {"level":2} --><h2 class="wp-block-heading">Fish &amp; chips&nbsp;&#8211; fresh</h2><!-- /wp:heading -->',
      target: '<!-- wp:heading {"level":2} --><h2 class="wp-block-heading">Fisch &amp; Pommes</h2><!-- /wp:heading -->',
    });
    const field = segment(2, {
      field: { kind: 'custom_field', label: 'Custom field: hero_subtitle_text' },
      source: 'Order [shop_link] now &lt;today&gt;',
      target: null,
    });
    const job = { ...jobDetail(5, [heading, field]), shortcodes: ['shop_link'] };
    server.use(http.get('*/api/job/5', () => HttpResponse.json(job)));
    renderWithProviders(
      <Routes>
        <Route path="/portal/jobs/:id" element={<PortalJobPage />} />
      </Routes>,
      { session: sessionFor(customerUser), path: '/portal/jobs/5' },
    );
    const table = await screen.findByRole('table', { name: 'Segments' });
    const rows = within(table).getAllByRole('row');
    type Cells = [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    const cellsOf = (row: number) => within(rows[row] as HTMLElement).getAllByRole('cell') as Cells;
    const [, name, source, target] = cellsOf(1);
    expect(name).toHaveTextContent(/^SEO title \(Yoast\)$/);
    // Not in a badge, which cuts a long name short with an ellipsis.
    expect(name.querySelector('.mantine-Badge-root')).toBeNull();
    expect(source).toHaveTextContent(/^<h2>Fish & chips – fresh<\/h2>$/);
    expect(source.textContent).toContain('chips\u00a0–');
    expect(target).toHaveTextContent(/^<h2>Fisch & Pommes<\/h2>$/);
    expect(within(source).getByText('<h2>')).toHaveAttribute('data-markup', 'tag');
    expect(table).not.toHaveTextContent('wp:heading');
    expect(table).not.toHaveTextContent('class=');
    expect(table).not.toHaveTextContent('&amp;');
    const cells = cellsOf(2);
    expect(cells[1]).toHaveTextContent(/^Custom field: hero_subtitle_text$/);
    expect(cells[2]).toHaveTextContent(/^Order \[shop_link\] now <today>$/);
    expect(within(cells[2]).getByText('[shop_link]')).toHaveAttribute('data-markup', 'shortcode');
    expect(cells[3]).toHaveTextContent('Not translated yet');
  });
});
