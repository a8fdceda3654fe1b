import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DataTable, type Column } from './DataTable';

interface Row {
  id: number;
  name: string;
  size: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name, sortValue: (r) => r.name, filterValue: (r) => r.name },
  { key: 'size', header: 'Size', render: (r) => r.size, sortValue: (r) => r.size },
];

const rows: Row[] = [
  { id: 1, name: 'item 10', size: 3 },
  { id: 2, name: 'item 9', size: 1 },
  { id: 3, name: 'other', size: 2 },
];

function names() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe('DataTable', () => {
  it('sorts naturally and toggles the direction', async () => {
    const { user } = renderWithProviders(
      <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} emptyText="Nothing" initialSort={{ key: 'name', direction: 'asc' }} />,
    );
    expect(names()).toEqual(['item 9', 'item 10', 'other']);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['other', 'item 10', 'item 9']);
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(names()).toEqual(['item 9', 'other', 'item 10']);
    expect(screen.getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters on the searchable columns only', async () => {
    const { user } = renderWithProviders(
      <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} emptyText="Nothing" filterLabel="Filter" />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'ITEM');
    await waitFor(() => expect(names()).toEqual(['item 10', 'item 9']));
    await user.clear(screen.getByRole('textbox', { name: 'Filter' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), '3');
    expect(await screen.findByText('Nothing matches “3”.')).toBeInTheDocument();
  });

  it('shows only the first rows without controls when limited', () => {
    renderWithProviders(<DataTable rows={rows} columns={columns} rowKey={(r) => r.id} emptyText="Nothing" limit={2} />);
    expect(names()).toEqual(['item 10', 'item 9']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('pages long lists', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ id: i, name: `row ${i}`, size: i }));
    const { user } = renderWithProviders(
      <DataTable rows={many} columns={columns} rowKey={(r) => r.id} emptyText="Nothing" pageSize={50} />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(51);
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getAllByRole('row')).toHaveLength(21);
  });

  it('shows the empty text', () => {
    renderWithProviders(<DataTable rows={[]} columns={columns} rowKey={(r: Row) => r.id} emptyText="No clients found yet." />);
    expect(screen.getByText('No clients found yet.')).toBeInTheDocument();
  });
});
