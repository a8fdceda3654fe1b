// The customer portal's screens that show other features' parts: the composition happens
// here, so that the portal imports no other feature.
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth';
import { NotificationBell } from '../../features/notifications';
import { PortalLayout, PortalProjectPage, PortalProjectsPage, PortalTermsPage, portalPaths } from '../../features/portal';
import { ProjectQuotePanel, RequestPage } from '../../features/quotes';
import { SiteRequestPage, WaitingRequests } from '../../features/sites';
import { TermTable } from '../../features/terminology';
import { AnalysisPanel } from '../../features/translation';

export function PortalShell() {
  const logout = useLogout();
  return <PortalLayout bell={<NotificationBell />} onSignOut={() => logout.mutate()} />;
}

export function PortalProjects() {
  return <PortalProjectsPage waiting={<WaitingRequests />} />;
}

export function PortalProject() {
  return (
    <PortalProjectPage
      analysis={(id) => <AnalysisPanel projectId={id} withFuzzyFill={false} />}
      quote={(id) => <ProjectQuotePanel projectId={id} />}
    />
  );
}

export function PortalRequest() {
  return (
    <RequestPage
      projectPath={portalPaths.project}
      alternative={
        <Anchor component={Link} to={portalPaths.siteRequest}>
          Is your WordPress site connected? Pick its pages instead
        </Anchor>
      }
    />
  );
}

export function PortalSiteRequest() {
  return (
    <SiteRequestPage
      alternative={
        <Anchor component={Link} to={portalPaths.request}>
          Send a WPML export instead
        </Anchor>
      }
    />
  );
}

export function PortalTerms() {
  return <PortalTermsPage termbase={(clientId) => <TermTable clientId={clientId} />} />;
}
