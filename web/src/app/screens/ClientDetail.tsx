import { InviteToClientButton } from '../../features/admin';
import { ClientDetailPage } from '../../features/clients';
import { MemoryTable } from '../../features/memory';
import { RateSchemePanel } from '../../features/rates';
import { RebrandingTable } from '../../features/rebranding';
import { SitesPanel } from '../../features/sites';
import { TermTable } from '../../features/terminology';
import { ProjectTable } from '../../features/translation';

/** A client's page with its translation and rebranding projects, its termbase, memory, rates and WordPress sites in tabs, and inviting its customers. */
export function ClientDetail() {
  return (
    <ClientDetailPage
      translationProjects={(clientId) => <ProjectTable clientId={clientId} shared urlPrefix="tp_" />}
      rebrandingProjects={(clientId) => <RebrandingTable clientId={clientId} urlPrefix="rb_" />}
      terminology={(clientId) => <TermTable clientId={clientId} />}
      memory={(clientId) => <MemoryTable clientId={clientId} />}
      rates={(clientId) => <RateSchemePanel owner={clientId} />}
      sites={(clientId) => <SitesPanel clientId={clientId} />}
      invitePeople={(clientId) => <InviteToClientButton clientId={clientId} />}
    />
  );
}
