import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { QueryState } from '../../../components/QueryState';
import { checkScheduleQuery, useSaveCheckSchedule } from '../changesApi';

const OFF = 'off';
const CHOICES = [
  { value: '1', label: 'Every hour' },
  { value: '6', label: 'Every 6 hours' },
  { value: '12', label: 'Every 12 hours' },
  { value: '24', label: 'Daily' },
  { value: '168', label: 'Weekly' },
  { value: OFF, label: 'Off (read on demand only)' },
];

/** Administration → Settings: how often every WordPress site's content is checked for pages
 * that changed since their translation. */
export function SiteChecksPanel() {
  const query = useQuery(checkScheduleQuery());
  return <QueryState query={query}>{(saved) => <ScheduleForm initial={saved.every_hours ?? null} />}</QueryState>;
}

function ScheduleForm({ initial }: { initial: number | null }) {
  const save = useSaveCheckSchedule();
  const [value, setValue] = useState(initial === null ? OFF : String(initial));
  const [warning, setWarning] = useState<string | null>(null);
  // A value saved through the API that the list does not offer is shown as it is.
  const choices = CHOICES.some((choice) => choice.value === value)
    ? CHOICES
    : [...CHOICES, { value, label: `Every ${value} hours` }];
  const submit = async () => {
    setWarning(null);
    try {
      await save.mutateAsync({ every_hours: value === OFF ? null : Number(value) });
      notifySuccess(value === OFF ? 'Scheduled site checks are off.' : 'Schedule of site checks saved.');
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The schedule could not be saved.' }));
    }
  };
  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <Select
        label="Check every site's content"
        description="Pages whose source changed since their translation are listed on the site and the dashboard, and staff are told"
        data={choices}
        value={value}
        allowDeselect={false}
        onChange={(next) => setValue(next ?? OFF)}
        maw={360}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          Save schedule
        </Button>
      </Group>
    </FormWithWarning>
  );
}
