import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useCan } from '../../../api/permissions';
import { PageHeader } from '../../../components/PageHeader';
import { ClientFormModal } from '../components/ClientFormModal';
import { ClientTable } from '../components/ClientTable';
import { ImportArchiveModal } from '../components/ImportArchiveModal';

export function ClientsPage() {
  const [adding, addModal] = useDisclosure(false);
  const [importing, importModal] = useDisclosure(false);
  const canRestore = useCan('archive.manage');
  const canAdd = useCan('clients.write');
  return (
    <>
      <PageHeader
        title="Clients"
        actions={
          <>
            {canRestore && (
              <Button variant="light" leftSection={<IconFileImport size={18} />} onClick={importModal.open}>
                Import client archive
              </Button>
            )}
            {canAdd && (
              <Button leftSection={<IconPlus size={18} />} onClick={addModal.open}>
                Add Client
              </Button>
            )}
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
