import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { CreateProjectModal } from '../components/CreateProjectModal';
import { ProjectTable } from '../components/ProjectTable';

export function TranslationListPage() {
  const [adding, addModal] = useDisclosure(false);
  return (
    <>
      <PageHeader
        title="Translation Projects"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={addModal.open}>
            Add Project
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <ProjectTable />
      </Paper>
      <CreateProjectModal opened={adding} onClose={addModal.close} />
    </>
  );
}
