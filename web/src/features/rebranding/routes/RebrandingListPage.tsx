import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { RebrandingTable } from '../components/RebrandingTable';
import { RebrandingWizardModal } from '../components/RebrandingWizardModal';

export function RebrandingListPage() {
  const [adding, addModal] = useDisclosure(false);
  return (
    <>
      <PageHeader
        title="Rebranding Projects"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={addModal.open}>
            Add Project
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <RebrandingTable />
      </Paper>
      <RebrandingWizardModal opened={adding} onClose={addModal.close} />
    </>
  );
}
