import { Box, Group, Text, Timeline } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatDate } from '../../../components/dates';
import type { ProjectStatus, StatusChange } from '../api';
import { STEPS, stepIndex, stepLabel, timeline } from '../timeline';

interface StatusTimelineProps {
  status: ProjectStatus;
  createdAt: string;
  history: readonly StatusChange[];
}

/** The project's five steps with the day each was reached (the project page). */
export function StatusTimeline({ status, createdAt, history }: StatusTimelineProps) {
  const steps = timeline(status, createdAt, history);
  const active = stepIndex(status);
  return (
    <Timeline active={active} bulletSize={24} lineWidth={2} aria-label="Project status">
      {steps.map((step) => (
        <Timeline.Item
          key={step.label}
          bullet={step.state === 'pending' ? undefined : <IconCheck size={14} aria-hidden />}
          title={
            <Text fw={step.state === 'current' ? 700 : 500} c={step.state === 'pending' ? 'dimmed' : undefined}>
              {step.label}
              {step.state === 'current' && <Text component="span" size="sm" c="dimmed">{' (now)'}</Text>}
            </Text>
          }
        >
          <Text size="sm" c="dimmed">
            {step.state === 'pending' ? 'Not yet' : step.at === null ? 'Skipped' : formatDate(step.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The list's short form: five marks, the reached ones filled, and the current step's name. */
export function StatusSteps({ status }: { status: ProjectStatus }) {
  const current = stepIndex(status);
  return (
    <Group gap={6} wrap="nowrap" aria-label={`Step ${current + 1} of ${STEPS.length}: ${stepLabel(status)}`} role="img">
      <Group gap={3} wrap="nowrap" aria-hidden>
        {STEPS.map((step, index) => (
          <Box
            key={step.status}
            w={10}
            h={10}
            style={{
              borderRadius: '50%',
              background: index <= current ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)',
            }}
          />
        ))}
      </Group>
      <Text size="sm" aria-hidden>
        {stepLabel(status)}
      </Text>
    </Group>
  );
}
