import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useCan } from '../../../api/permissions';
import { PageHeader } from '../../../components/PageHeader';
import { CreateProjectModal } from '../components/CreateProjectModal';
import { ProjectTable } from '../components/ProjectTable';

export function TranslationListPage() {
  const [adding, addModal] = useDisclosure(false);
  const canAdd = useCan('projects.write');
  return (
    <>
      <PageHeader
        title="Translation Projects"
        actions={
          canAdd && (
            <Button leftSection={<IconPlus size={18} />} onClick={addModal.open}>
              Add Project
            </Button>
          )
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <ProjectTable />
      </Paper>
      <CreateProjectModal opened={adding} onClose={addModal.close} />
    </>
  );
}
