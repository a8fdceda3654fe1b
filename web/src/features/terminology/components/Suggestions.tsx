import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ClientId } from '../../../api/types';
import { alertFailure } from '../../../components/messages';
import { suggestionsQuery, useSaveTerm } from '../api';

/** Company names from the client's rebranding projects, each added with one click. */
export function Suggestions({ clientId, canWrite }: { clientId: ClientId; canWrite: boolean }) {
  const query = useQuery(suggestionsQuery(clientId));
  const save = useSaveTerm(clientId, undefined);
  const suggestions = query.data ?? [];
  if (suggestions.length === 0) return null;
  return (
    <Alert color="blue" title="Suggested terms" mb="md">
      <Stack gap="xs">
        {suggestions.map((suggestion) => {
          const { term } = suggestion;
          const key = `${term.source_lang}-${term.target_lang}-${term.source}`;
          return (
            <Group key={key} justify="space-between" wrap="nowrap">
              <Text size="sm">
                <b>{term.source}</b> ({term.source_lang} → {term.target_lang}, do not translate) — {suggestion.reason}
              </Text>
              {canWrite && (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Accept ${term.source} for ${term.source_lang} to ${term.target_lang}`}
                  loading={save.isPending && save.variables.source === term.source}
                  onClick={() =>
                    save.mutate(term, { onError: (error) => alertFailure(error, 'Could not add the term', 'Could not add the term.') })
                  }
                >
                  Accept
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
