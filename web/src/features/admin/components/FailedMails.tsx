import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { errorText, notifySuccess } from '../../../components/messages';

const KEY = ['outbox', 'failed'] as const;

/** The mails that failed (still tried, or given up after 10 attempts), with the mail server's
 * last answer; "Send again" tries one now with a fresh set of attempts. */
export function FailedMails() {
  const client = useQueryClient();
  const failed = useQuery({
    queryKey: KEY,
    queryFn: () => unwrap(api.GET('/api/outbox', { params: { query: { state: 'failed', limit: 200 } } })),
  });
  const retry = useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/outbox/{id}/retry', { params: { path: { id } } })),
    onSuccess: () => {
      notifySuccess('The mail is sent again');
      return client.invalidateQueries({ queryKey: KEY });
    },
  });

  if (failed.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(failed.error, { fallback: 'The failed mails could not be read.' })}
      </Alert>
    );
  }
  if (failed.data?.length === 0) return <Text c="dimmed">No mail failed.</Text>;
  return (
    <Stack>
      {retry.isError && (
        <Alert color="red" role="alert">
          {errorText(retry.error, { fallback: 'The mail could not be sent again.' })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>To</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Last answer</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed.data?.map((mail) => (
              <Table.Tr key={mail.id}>
                <Table.Td>{mail.recipient}</Table.Td>
                <Table.Td>{mail.subject}</Table.Td>
                <Table.Td>
                  {mail.given_up
                    ? `Given up after ${mail.attempts} attempts`
                    : `${mail.attempts} attempts, next ${new Date(mail.next_attempt_at).toLocaleString()}`}
                </Table.Td>
                <Table.Td>{mail.last_error}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={`Send the mail to ${mail.recipient} again`}
                    loading={retry.isPending && retry.variables === mail.id}
                    onClick={() => retry.mutate(mail.id)}
                  >
                    Send again
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
