import { DashboardPage } from '../../features/dashboard';
import { RecentClients } from '../RecentClients';
import { RecentRebranding } from '../RecentRebranding';
import { RecentTranslationProjects } from '../RecentTranslationProjects';

/** The dashboard with each feature's short list. */
export function Dashboard() {
  return (
    <DashboardPage
      lists={
        <>
          <RecentClients />
          <RecentTranslationProjects />
          <RecentRebranding />
        </>
      }
    />
  );
}
