import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { ClientFormModal } from '../components/ClientFormModal';
import { ClientTable } from '../components/ClientTable';

export function ClientsPage() {
  const [adding, addModal] = useDisclosure(false);
  return (
    <>
      <PageHeader
        title="Clients"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={addModal.open}>
            Add Client
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <ClientTable />
      </Paper>
      <ClientFormModal opened={adding} onClose={addModal.close} />
    </>
  );
}
