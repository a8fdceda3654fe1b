import { Alert, Button, Group, MultiSelect, Paper, Text, TextInput } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Site } from '../../../api/types';
import { errorText } from '../../../components/messages';
import { useCreateSiteProject } from '../api';

/** Makes a translation project of the picked items in the picked target languages of the site,
 * then opens it. */
export function CreateSiteProject({ site, items }: { site: Site; items: readonly number[] }) {
  const [name, setName] = useState('');
  const [languages, setLanguages] = useState<string[]>([]);
  const create = useCreateSiteProject(site.id);
  const navigate = useNavigate();
  const ready = items.length > 0 && languages.length > 0 && name.trim() !== '';

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label="New project from the site">
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Project name" value={name} onChange={(event) => setName(event.currentTarget.value)} required />
        <MultiSelect
          label="Target languages"
          placeholder={languages.length === 0 ? 'Pick languages' : undefined}
          data={site.connection.languages}
          value={languages}
          onChange={setLanguages}
          miw={200}
        />
        <Button
          leftSection={<IconFilePlus size={16} />}
          disabled={!ready}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { project_name: name.trim(), items: [...items], target_langs: languages },
              { onSuccess: (project) => void navigate(`/translation/${project.id}`) },
            )
          }
        >
          Create project
        </Button>
        <Text size="sm" c="dimmed">
          {items.length === 1 ? '1 item picked' : `${items.length} items picked`}
        </Text>
      </Group>
      {create.isError && (
        <Alert color="red" mt="sm" role="alert">
          {errorText(create.error, { fallback: 'The project could not be created.' })}
        </Alert>
      )}
    </Paper>
  );
}
