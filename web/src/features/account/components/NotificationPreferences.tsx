import { Alert, Button, Checkbox, Paper, Stack, Table, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { errorText, notifySuccess } from '../../../components/messages';

type Preference = components['schemas']['Preference'];

const KEY = ['notifications', 'preferences'] as const;

const LABELS: Record<Preference['kind'], string> = {
  review_link_created: 'A review link was sent to me',
  review_submitted: 'A review was submitted',
  comment_added: 'A comment was added',
  project_completed: 'A project was completed',
  request_received: 'A customer requested a translation',
  quote_sent: 'A quote was sent to me',
  quote_accepted: 'A quote was accepted',
  quote_declined: 'A quote was declined',
  term_proposed: 'A customer proposed a term',
  term_proposal_answered: 'My term proposal was answered',
  assignment_offered: 'A job was offered to me',
  assignment_accepted: 'A translator accepted a job I offered',
  assignment_declined: 'A translator declined a job I offered',
  assignment_delivered: 'A translator delivered a job I offered',
  assignment_returned: 'A job I delivered was returned to me',
  assignment_withdrawn: 'A job assigned to me was withdrawn',
  site_pages_changed: 'Pages of a WordPress site changed since their translation',
  assignment_due_soon: 'A job assigned to me is due within 24 hours',
  assignment_overdue: 'A job is overdue',
};

/** How the user hears of each kind of event: in the app (the bell) and by e-mail. */
export function NotificationPreferences() {
  const client = useQueryClient();
  const stored = useQuery({
    queryKey: KEY,
    queryFn: () => unwrap(api.GET('/api/notifications/preferences')),
  });
  const [edited, setEdited] = useState<Preference[] | null>(null);
  const save = useMutation({
    mutationFn: (body: Preference[]) => unwrap(api.PUT('/api/notifications/preferences', { body })),
    onSuccess: (answer) => {
      client.setQueryData(KEY, answer);
      setEdited(null);
      notifySuccess('Notification settings saved');
    },
  });
  const rows = edited ?? stored.data ?? [];
  const toggle = (kind: Preference['kind'], field: 'in_app' | 'email', value: boolean) =>
    setEdited(rows.map((row) => (row.kind === kind ? { ...row, [field]: value } : row)));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={720} mt="lg" component="section" aria-label="Notifications">
      <Stack>
        <Title order={3}>Notifications</Title>
        {(stored.isError || save.isError) && (
          <Alert color="red" role="alert">
            {errorText(stored.error ?? save.error, { fallback: 'The notification settings could not be read.' })}
          </Alert>
        )}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>In the app</Table.Th>
              <Table.Th>By e-mail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.kind}>
                <Table.Td>{LABELS[row.kind]}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${LABELS[row.kind]}: in the app`}
                    checked={row.in_app}
                    onChange={(event) => toggle(row.kind, 'in_app', event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${LABELS[row.kind]}: by e-mail`}
                    checked={row.email}
                    onChange={(event) => toggle(row.kind, 'email', event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Button
          style={{ alignSelf: 'flex-start' }}
          disabled={edited === null}
          loading={save.isPending}
          onClick={() => edited !== null && save.mutate(edited)}
        >
          Save notification settings
        </Button>
      </Stack>
    </Paper>
  );
}
