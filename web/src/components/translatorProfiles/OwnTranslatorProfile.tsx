import { Button, Group, Paper, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormWithWarning } from '../FormWithWarning';
import { errorText, notifySuccess } from '../messages';
import { QueryState } from '../QueryState';
import { ownTranslatorProfileQuery, useSaveAvailability, type TranslatorProfile } from '../../api/translatorProfiles';
import { MAX_AVAILABILITY_CHARS } from './check';

/** `EUR 0.08` with the decimals the rate has (two to four). */
function rate(value: number | null | undefined, currency: string): string {
  if (value === null || value === undefined) return 'not set';
  const decimals = Math.min(4, Math.max(2, (String(value).split('.')[1] ?? '').length));
  return `${currency} ${value.toFixed(decimals)}`;
}

/** The translator's own profile on their account screen: the terms staff set, and their availability note to edit. */
export function OwnTranslatorProfile() {
  const query = useQuery(ownTranslatorProfileQuery());
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={720} mt="lg" component="section" aria-labelledby="own-profile-title">
      <Title order={2} size="h3" id="own-profile-title" mb="xs">
        Translator profile
      </Title>
      <QueryState query={query}>{(profile) => <ProfileView key={profile.updated_at ?? 'new'} profile={profile} />}</QueryState>
    </Paper>
  );
}

function ProfileView({ profile }: { profile: TranslatorProfile }) {
  const save = useSaveAvailability();
  const [availability, setAvailability] = useState(profile.availability ?? '');
  const [error, setError] = useState<string | undefined>();
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    if (availability.trim().length > MAX_AVAILABILITY_CHARS) {
      setError(`Keep the note to ${MAX_AVAILABILITY_CHARS} characters.`);
      return;
    }
    setError(undefined);
    setWarning(null);
    try {
      await save.mutateAsync(availability.trim() === '' ? null : availability.trim());
      notifySuccess('Your availability was saved.');
    } catch (failure) {
      setWarning(errorText(failure, { fallback: 'Your availability was not saved.' }));
    }
  };

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Set by the agency: you are paid in {profile.currency}, {rate(profile.default_rate, profile.currency)} per weighted
        word unless a pair says otherwise.
      </Text>
      {profile.pairs.length === 0 ? (
        <Text size="sm" mb="sm">
          No language pairs yet.
        </Text>
      ) : (
        <Table aria-label="Your language pairs" mb="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pair</Table.Th>
              <Table.Th ta="right">Rate per weighted word</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profile.pairs.map((pair) => (
              <Table.Tr key={`${pair.source_lang}>${pair.target_lang}`}>
                <Table.Td>
                  {pair.source_lang} → {pair.target_lang}
                </Table.Td>
                <Table.Td ta="right">{rate(pair.rate ?? profile.default_rate, profile.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <FormWithWarning onSubmit={submit} warning={warning}>
        <Textarea
          label="Availability"
          description="When you can take work: the agency sees it when assigning."
          autosize
          minRows={2}
          maxLength={MAX_AVAILABILITY_CHARS}
          value={availability}
          onChange={(event) => setAvailability(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save availability
          </Button>
        </Group>
      </FormWithWarning>
    </>
  );
}
