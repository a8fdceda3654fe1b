import { DashboardPage } from '../../features/dashboard';
import { ChangedSitesCard } from '../../features/sites';
import { RecentClients } from '../RecentClients';
import { RecentRebranding } from '../RecentRebranding';
import { RecentTranslationProjects } from '../RecentTranslationProjects';

/** The dashboard with each feature's short list. */
export function Dashboard() {
  return (
    <DashboardPage
      lists={
        <>
          <ChangedSitesCard />
          <RecentClients />
          <RecentTranslationProjects />
          <RecentRebranding />
        </>
      }
    />
  );
}
