import { Alert, Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportFileReport, ImportReport } from '../api';

/** What an XLSX import did, per workbook: rows updated, unchanged and refused (with reasons). */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <Stack gap="sm" aria-label="Import report" component="section">
      <Title order={4}>Import report</Title>
      {report.files
        .filter((file) => file.job_id !== null)
        .map((file) => (
          <FileReport key={file.file_name} file={file} />
        ))}
      {report.unmatched_files.length > 0 && (
        <Alert color="yellow" title="Workbooks that match no job of this project">
          <List size="sm">
            {report.unmatched_files.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {report.skipped.length > 0 && (
        <Text size="sm" c="dimmed">
          Not imported (not XLSX workbooks): {report.skipped.join(', ')}
        </Text>
      )}
    </Stack>
  );
}

function FileReport({ file }: { file: ImportFileReport }) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" gap="xs" mb={file.refused.length + file.warnings.length > 0 ? 'xs' : 0}>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {file.file_name}
          </Text>
          {file.job_file_name !== null && file.job_file_name !== file.file_name && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Job {file.job_file_name}
            </Text>
          )}
        </div>
        <Group gap={6}>
          <Badge color="green" variant="light" tt="none">
            {file.updated} updated
          </Badge>
          <Badge color="gray" variant="light" tt="none">
            {file.unchanged} unchanged
          </Badge>
          <Badge color={file.refused.length > 0 ? 'red' : 'gray'} variant="light" tt="none">
            {file.refused.length} refused
          </Badge>
          {file.warnings.length > 0 && (
            <Badge color="yellow" variant="light" tt="none">
              {file.warnings.length} {file.warnings.length === 1 ? 'warning' : 'warnings'}
            </Badge>
          )}
        </Group>
      </Group>
      {file.refused.length > 0 && (
        <IssueTable caption="Refused rows (the previous translation was kept)" rows={file.refused.map((r) => ({ row: r.row, text: r.reason }))} />
      )}
      {file.warnings.length > 0 && (
        <IssueTable caption="Warnings" rows={file.warnings.map((w) => ({ row: w.row, text: w.message }))} />
      )}
    </Paper>
  );
}

function IssueTable({ caption, rows }: { caption: string; rows: { row: number; text: string }[] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table striped withTableBorder captionSide="top" fz="sm">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Row</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.row}-${index}`}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
