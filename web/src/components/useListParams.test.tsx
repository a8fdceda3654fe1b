import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useListParams } from './useListParams';

/** Renders the hook at `url` in a router, and reports the URL it leads to. */
function renderAt(url: string, options: { prefix?: string; limit?: number } = {}) {
  let location = '';
  function Probe({ children }: { children?: ReactNode }) {
    const current = useLocation();
    location = current.pathname + current.search;
    return children;
  }
  const result = { current: undefined as unknown as ReturnType<typeof useListParams<'q' | 'status'>> };
  function Host() {
    result.current = useListParams({
      filters: ['q', 'status'] as const,
      defaultSort: { key: 'created', direction: 'desc' },
      ...options,
    });
    return <Probe />;
  }
  const router = createMemoryRouter([{ path: '*', element: <Host /> }], { initialEntries: [url] });
  renderHook(() => null, { wrapper: () => <RouterProvider router={router} /> });
  return { result, location: () => location, router };
}

describe('useListParams', () => {
  it('reads the view from the URL into the list call', () => {
    const { result } = renderAt('/translation?page=3&sort=name&order=asc&status=Completed&q=shop');
    expect(result.current.params).toEqual({ limit: 50, offset: 100, sort: 'name', order: 'asc' });
    expect(result.current.activeFilters).toEqual({ status: 'Completed', q: 'shop' });
    expect(result.current.sort).toEqual({ key: 'name', direction: 'asc' });
  });

  it("starts with the list's default order on page 1", () => {
    const { result } = renderAt('/translation?page=zero&order=sideways');
    expect(result.current.params).toEqual({ limit: 50, offset: 0, sort: 'created', order: 'desc' });
    expect(result.current.activeFilters).toEqual({});
  });

  it('writes sorting, pages and filters back into the URL, a change starting on page 1', () => {
    const { result, location } = renderAt('/translation?other=kept');
    act(() => result.current.setPage(4));
    expect(location()).toBe('/translation?other=kept&page=4');
    act(() => result.current.toggleSort('name'));
    expect(location()).toBe('/translation?other=kept&sort=name&order=asc');
    act(() => result.current.toggleSort('name'));
    expect(location()).toBe('/translation?other=kept&sort=name&order=desc');
    act(() => result.current.setPage(2));
    act(() => result.current.setFilter('status', 'Created'));
    expect(location()).toBe('/translation?other=kept&sort=name&order=desc&status=Created');
    act(() => result.current.setFilter('status', ''));
    expect(location()).toBe('/translation?other=kept&sort=name&order=desc');
    expect(result.current.params.offset).toBe(0);
  });

  it('keeps two lists of one screen apart by their prefix', () => {
    const { result, location } = renderAt('/clients/1?tp_page=2&page=9', { prefix: 'tp_' });
    expect(result.current.page).toBe(2);
    act(() => result.current.setFilter('q', 'blog'));
    expect(location()).toBe('/clients/1?page=9&tp_q=blog');
  });

  it('reads nothing from the URL for a short list', () => {
    const { result } = renderAt('/?page=3&q=x', { limit: 5 });
    expect(result.current.params).toEqual({ limit: 5, offset: 0, sort: 'created', order: 'desc' });
    expect(result.current.activeFilters).toEqual({});
  });
});
