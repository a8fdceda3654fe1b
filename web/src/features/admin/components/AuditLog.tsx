import { Alert, Autocomplete, Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { QueryState } from '../../../components/QueryState';
import { AUDIT_ACTION_LABELS, detailText, targetText, utcText } from '../auditActions';
import { AUDIT_PAGE_SIZE, useAuditLog } from './useAuditLog';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/** Administration → Audit log: who did what, filtered and paged on the server, and its CSV. */
export function AuditLog() {
  const log = useAuditLog();
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Action"
          placeholder="Every action"
          data={ACTION_OPTIONS}
          value={log.action}
          onChange={log.setAction}
          clearable
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        <Autocomplete
          label="User"
          placeholder="Every user"
          data={log.usernames}
          value={log.userInput}
          onChange={log.setUser}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          type="date"
          label="From (UTC)"
          value={log.from}
          onChange={(event) => log.setFrom(event.currentTarget.value)}
          w={{ base: 'calc(50% - 6px)', xs: 170 }}
        />
        <TextInput
          type="date"
          label="To (UTC)"
          value={log.to}
          onChange={(event) => log.setTo(event.currentTarget.value)}
          w={{ base: 'calc(50% - 6px)', xs: 170 }}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={log.exportCsv}
          loading={log.exporting}
        >
          Export CSV
        </Button>
      </Group>
      <QueryState query={log.events}>
        {({ events, total, writeFailures }) => (
          <>
            {writeFailures > 0 && (
              <Alert color="red" role="alert">
                {writeFailures} event{writeFailures === 1 ? '' : 's'} could not be stored since the server started;
                the server's log holds {writeFailures === 1 ? 'it' : 'them'}.
              </Alert>
            )}
            {events.length === 0 ? (
              <EmptyState message="No events match these filters." />
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table striped verticalSpacing="xs" aria-label="Audit log">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Time (UTC)</Table.Th>
                      <Table.Th>User</Table.Th>
                      <Table.Th>Action</Table.Th>
                      <Table.Th visibleFrom="sm">Target</Table.Th>
                      <Table.Th visibleFrom="md">Detail</Table.Th>
                      <Table.Th visibleFrom="md">Address</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {events.map((event) => (
                      <Table.Tr key={event.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{utcText(event.occurred_at)}</Table.Td>
                        <Table.Td>{event.username}</Table.Td>
                        <Table.Td>{AUDIT_ACTION_LABELS[event.action]}</Table.Td>
                        <Table.Td visibleFrom="sm">{targetText(event)}</Table.Td>
                        <Table.Td visibleFrom="md">
                          <Text size="sm" c="dimmed">
                            {detailText(event.detail)}
                          </Text>
                        </Table.Td>
                        <Table.Td visibleFrom="md">{event.address}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {total === 1 ? '1 event' : `${total.toLocaleString()} events`}
              </Text>
              {total > AUDIT_PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(total / AUDIT_PAGE_SIZE)}
                  value={log.page}
                  onChange={log.setPage}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                />
              )}
            </Group>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
