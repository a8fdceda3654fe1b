import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useCan } from '../../../api/permissions';
import { PageHeader } from '../../../components/PageHeader';
import { RebrandingTable } from '../components/RebrandingTable';
import { RebrandingWizardModal } from '../components/RebrandingWizardModal';

export function RebrandingListPage() {
  const [adding, addModal] = useDisclosure(false);
  const canAdd = useCan('projects.write');
  return (
    <>
      <PageHeader
        title="Rebranding Projects"
        actions={
          canAdd && (
            <Button leftSection={<IconPlus size={18} />} onClick={addModal.open}>
              Add Project
            </Button>
          )
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <RebrandingTable />
      </Paper>
      <RebrandingWizardModal opened={adding} onClose={addModal.close} />
    </>
  );
}
