import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DataTable, type Column } from './DataTable';

interface Row {
  id: number;
  name: string;
  size: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name, sortKey: 'name' },
  { key: 'size', header: 'Size', render: (r) => r.size },
];

const rows: Row[] = [
  { id: 1, name: 'item 10', size: 3 },
  { id: 2, name: 'item 9', size: 1 },
];

function names() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

function table(overrides: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const onSort = vi.fn();
  const onPage = vi.fn();
  const view = renderWithProviders(
    <DataTable
      page={{ rows, offset: 50, total: 120 }}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText="Nothing yet"
      noun="items"
      sort={{ key: 'name', direction: 'desc' }}
      onSort={onSort}
      currentPage={2}
      pageSize={50}
      onPage={onPage}
      {...overrides}
    />,
  );
  return { ...view, onSort, onPage };
}

describe('DataTable', () => {
  it('shows the rows in the order the server sent them, with the range and the pages', async () => {
    const { user, onPage } = table();
    expect(names()).toEqual(['item 10', 'item 9']);
    expect(screen.getByRole('status')).toHaveTextContent('51–52 of 120 items');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('asks for another order from a sortable header, which says how it is sorted', async () => {
    const { user, onSort } = table();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Size' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Size' })).queryByRole('button')).toBeNull();
    // A real button: focusable and pressed with Enter.
    screen.getByRole('button', { name: /Name/ }).focus();
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('tells an empty list from filters that leave nothing', () => {
    const { unmount } = table({ page: { rows: [], offset: 0, total: 0 } });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    unmount();
    table({ page: { rows: [], offset: 0, total: 0 }, filtered: true, noMatchText: 'No items match.' });
    expect(screen.getByText('No items match.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });

  it('shows the rows only in the limited variant', () => {
    table({ limited: true, currentPage: 1 });
    expect(names()).toEqual(['item 10', 'item 9']);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
