// A project's review links: state, who made it, expiry, when it was opened, progress; revoke
// (asked first) and extend.
import { Badge, Button, Group, NumberInput, Popover, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../../api/permissions';
import { formatDateTime } from '../../../components/dates';
import { alertFailure, confirmDestructive } from '../../../components/messages';
import type { ProjectId } from '../api';
import { EXPIRY_DAYS, useExtendReviewLink, useRevokeReviewLink, type ReviewLink } from '../browserReviewApi';

const STATE_COLORS: Record<ReviewLink['state'], string> = { active: 'green', expired: 'gray', revoked: 'red', submitted: 'blue' };
const when = (value: string | null | undefined) => (value == null ? '—' : formatDateTime(value));

export function ReviewLinksTable({ projectId, links }: { projectId: ProjectId; links: readonly ReviewLink[] }) {
  const revoke = useRevokeReviewLink(projectId);
  const canManage = useCan('review_links.manage');
  if (links.length === 0) return <Text c="dimmed">No review link was sent for this project yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>State</Table.Th>
            <Table.Th>Reviewer</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Opened first / last</Table.Th>
            <Table.Th>Reviewed</Table.Th>
            <Table.Th>Open comments</Table.Th>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => {
            const reviewer = [link.reviewer_name, link.reviewer_email].filter((part) => part != null).join(' · ');
            return (
              <Table.Tr key={link.id}>
                <Table.Td>
                  <Badge color={STATE_COLORS[link.state]} variant="light">
                    {link.state}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{reviewer === '' ? '—' : reviewer}</Table.Td>
                <Table.Td>
                  {formatDateTime(link.created_at)}
                  <Text size="xs" c="dimmed">
                    by {link.created_by ?? 'a deleted user'}
                  </Text>
                </Table.Td>
                <Table.Td>{link.revoked_at != null ? `Revoked ${formatDateTime(link.revoked_at)}` : formatDateTime(link.expires_at)}</Table.Td>
                <Table.Td>
                  {when(link.first_opened_at)}
                  <Text size="xs" c="dimmed">
                    {when(link.last_opened_at)}
                  </Text>
                </Table.Td>
                <Table.Td>{link.segments_reviewed}</Table.Td>
                <Table.Td>{link.comments_open}</Table.Td>
                <Table.Td>{when(link.submitted_at)}</Table.Td>
                <Table.Td>
                  {canManage && (link.state === 'active' || link.state === 'expired') && (
                    <Group gap={4} wrap="nowrap">
                      <ExtendButton projectId={projectId} link={link} />
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          confirmDestructive({
                            title: 'Revoke review link',
                            message: 'The customer can no longer open this link. Their saved drafts stay unapplied.',
                            confirmLabel: 'Revoke',
                            onConfirm: () =>
                              revoke.mutate(link.id, {
                                onError: (error) => alertFailure(error, 'Could not revoke the link', 'Could not revoke the link. Please try again.'),
                              }),
                          })
                        }
                      >
                        Revoke
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ExtendButton({ projectId, link }: { projectId: ProjectId; link: ReviewLink }) {
  const extend = useExtendReviewLink(projectId);
  const [opened, setOpened] = useState(false);
  const [days, setDays] = useState<number | string>(EXPIRY_DAYS.default);
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= EXPIRY_DAYS.min && days <= EXPIRY_DAYS.max;
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withArrow>
      <Popover.Target>
        <Button size="compact-sm" variant="subtle" onClick={() => setOpened((o) => !o)}>
          Extend
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <NumberInput
            size="xs"
            label="Valid for another (days)"
            min={EXPIRY_DAYS.min}
            max={EXPIRY_DAYS.max}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={valid ? undefined : `Between ${EXPIRY_DAYS.min} and ${EXPIRY_DAYS.max} days`}
          />
          <Button
            size="xs"
            disabled={!valid}
            loading={extend.isPending}
            onClick={() =>
              extend.mutate(
                { linkId: link.id, days: Number(days) },
                {
                  onSuccess: () => setOpened(false),
                  onError: (error) => alertFailure(error, 'Could not extend the link', 'Could not extend the link. Please try again.'),
                },
              )
            }
          >
            Extend link
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
