import { screen, within } from '@testing-library/react';
import type { Client } from '../../../api/types';
import { dashboardHandlers } from '../../../test/handlers';
import { editorUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { project } from '../../../test/translation';

const clients: Client[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  client_name: `Client ${i + 1}`,
  client_logo: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  date_created: '2026-03-01T09:30:00Z',
  author: { first_name: 'Ada', last_name: 'Lovelace' },
}));

describe('DashboardPage', () => {
  it('shows the three counts from the API, quick actions and the first 5 clients', async () => {
    server.use(...dashboardHandlers({ clients: 7, translation_projects: 4, rebranding_projects: 2 }, clients));
    renderApp('/', { session: sessionFor(editorUser) });

    expect(await screen.findByTestId('count-Clients')).toHaveTextContent('7');
    expect(screen.getByTestId('count-Translation Projects')).toHaveTextContent('4');
    expect(screen.getByTestId('count-Rebranding Projects')).toHaveTextContent('2');

    const actions = within(screen.getByRole('region', { name: 'Quick actions' }));
    expect(actions.getByRole('link', { name: /Clients/ })).toHaveAttribute('href', '/clients');
    expect(actions.getByRole('link', { name: /Translation/ })).toHaveAttribute('href', '/translation');
    expect(actions.getByRole('link', { name: /Rebranding/ })).toHaveAttribute('href', '/rebranding');

    const list = within(screen.getByRole('region', { name: 'Clients' }));
    expect(await list.findByText('Client 1')).toBeInTheDocument();
    expect(list.getAllByRole('link', { name: 'Learn more' })).toHaveLength(5);
    expect(list.queryByText('Client 6')).not.toBeInTheDocument();
  });

  it('shows the first 5 translation projects, or the shared empty text', async () => {
    const projects = Array.from({ length: 6 }, (_, i) => project(i + 1, { name: `Project ${i + 1}` }));
    server.use(...dashboardHandlers(undefined, [], projects));
    renderApp('/', { session: sessionFor(editorUser) });
    const list = within(await screen.findByRole('region', { name: 'Translation Projects' }));
    expect(await list.findByText('Project 1')).toBeInTheDocument();
    expect(list.getAllByRole('link', { name: 'Learn more' })).toHaveLength(5);
    expect(list.queryByText('Project 6')).not.toBeInTheDocument();
  });

  it('hides Administration from non-admins', async () => {
    server.use(...dashboardHandlers());
    renderApp('/', { session: sessionFor(editorUser) });
    const projects = within(await screen.findByRole('region', { name: 'Translation Projects' }));
    expect(await projects.findByText('No projects found yet.')).toBeInTheDocument();
    expect(await screen.findByText('Howdy, Ed Itor!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });
});
