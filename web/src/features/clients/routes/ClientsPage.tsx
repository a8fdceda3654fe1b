import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useCurrentUser } from '../../../api/session';
import { PageHeader } from '../../../components/PageHeader';
import { ClientFormModal } from '../components/ClientFormModal';
import { ClientTable } from '../components/ClientTable';
import { ImportArchiveModal } from '../components/ImportArchiveModal';

export function ClientsPage() {
  const [adding, addModal] = useDisclosure(false);
  const [importing, importModal] = useDisclosure(false);
  const isAdmin = useCurrentUser()?.role === 'admin';
  return (
    <>
      <PageHeader
        title="Clients"
        actions={
          <>
            {isAdmin && (
              <Button variant="light" leftSection={<IconFileImport size={18} />} onClick={importModal.open}>
                Import client archive
              </Button>
            )}
            <Button leftSection={<IconPlus size={18} />} onClick={addModal.open}>
              Add Client
            </Button>
          </>
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <ClientTable />
      </Paper>
      <ClientFormModal opened={adding} onClose={addModal.close} />
      <ImportArchiveModal opened={importing} onClose={importModal.close} />
    </>
  );
}
