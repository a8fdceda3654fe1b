import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormWithWarning } from '../FormWithWarning';
import { errorText, notifySuccess } from '../messages';
import { QueryState } from '../QueryState';
import { translatorProfileQuery, useSaveTranslatorProfile, type TranslatorProfile } from '../../api/translatorProfiles';
import {
  checkProfile,
  MAX_AVAILABILITY_CHARS,
  MAX_RATE,
  PAIR_LANGUAGES,
  type PairFields,
  type ProfileErrors,
  type ProfileFields,
} from './check';

function fieldsOf(profile: TranslatorProfile): ProfileFields {
  return {
    currency: profile.currency,
    defaultRate: profile.default_rate ?? '',
    availability: profile.availability ?? '',
    pairs: profile.pairs.map((pair) => ({ source: pair.source_lang, target: pair.target_lang, rate: pair.rate ?? '' })),
  };
}

/** Staff's section of a translator's page: their language pairs, rates, currency and availability. */
export function TranslatorProfileSection({ username }: { username: string }) {
  const query = useQuery(translatorProfileQuery(username));
  return (
    <section aria-labelledby="translator-profile-title">
      <Title order={2} size="h3" id="translator-profile-title" mb="xs">
        Translator profile
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The language pairs this translator works in and what they are paid per weighted word. Assigning suggests them
        for jobs in these pairs and prices the offer at their rate; offers already made keep their price.
      </Text>
      <QueryState query={query}>
        {(profile) => <TranslatorProfileForm key={profile.updated_at ?? 'new'} username={username} profile={profile} />}
      </QueryState>
    </section>
  );
}

interface FormProps {
  username: string;
  profile: TranslatorProfile;
}

export function TranslatorProfileForm({ username, profile }: FormProps) {
  const save = useSaveTranslatorProfile(username);
  const [fields, setFields] = useState<ProfileFields>(() => fieldsOf(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [warning, setWarning] = useState<string | null>(null);
  const set = <K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const setPair = (index: number, change: Partial<PairFields>) =>
    setFields((f) => ({ ...f, pairs: f.pairs.map((pair, i) => (i === index ? { ...pair, ...change } : pair)) }));

  const submit = async () => {
    const checked = checkProfile(fields);
    setErrors(checked.errors);
    if (checked.body === undefined) return;
    setWarning(null);
    try {
      await save.mutateAsync(checked.body);
      notifySuccess(`The translator profile of ${username} was saved.`);
    } catch (failure) {
      setWarning(errorText(failure, { fallback: 'The profile was not saved.' }));
    }
  };

  const pairName = (pair: PairFields) => `${pair.source ?? 'source'} → ${pair.target ?? 'target'}`;
  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <Group align="flex-start" grow wrap="wrap">
        <TextInput
          label="Currency"
          description="ISO 4217, as the translator is paid"
          required
          maxLength={3}
          miw={140}
          value={fields.currency}
          onChange={(event) => set('currency', event.currentTarget.value.toUpperCase())}
          error={errors.currency}
        />
        <NumberInput
          label="Default rate per weighted word"
          description="For the pairs without a rate of their own"
          min={0}
          max={MAX_RATE}
          decimalScale={4}
          miw={200}
          value={fields.defaultRate}
          onChange={(value) => set('defaultRate', value)}
          error={errors.defaultRate}
        />
      </Group>
      <div>
        <Text size="sm" fw={500} id="pairs-label">
          Language pairs
        </Text>
        {fields.pairs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No pairs yet: the translator is suggested for no job.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-labelledby="pairs-label" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Rate (empty: default)</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.pairs.map((pair, i) => (
                  // The pairs have no ids of their own until saved; their place is their identity here.
                  <Table.Tr key={i}>
                    <Table.Td>
                      <Select
                        aria-label={`Source language of pair ${i + 1}`}
                        searchable
                        data={PAIR_LANGUAGES}
                        value={pair.source}
                        onChange={(value) => setPair(i, { source: value })}
                        error={errors[`pairs.${i}.source`]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Target language of pair ${i + 1}`}
                        searchable
                        data={PAIR_LANGUAGES}
                        value={pair.target}
                        onChange={(value) => setPair(i, { target: value })}
                        error={errors[`pairs.${i}.target`]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Rate of pair ${i + 1}`}
                        min={0}
                        max={MAX_RATE}
                        decimalScale={4}
                        placeholder="Default"
                        value={pair.rate}
                        onChange={(value) => setPair(i, { rate: value })}
                        error={errors[`pairs.${i}.rate`]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove pair ${i + 1} (${pairName(pair)})`}
                        onClick={() => set('pairs', fields.pairs.filter((_, j) => j !== i))}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Button
          variant="light"
          size="xs"
          mt="xs"
          onClick={() => set('pairs', [...fields.pairs, { source: null, target: null, rate: '' }])}
        >
          Add pair
        </Button>
      </div>
      <Textarea
        label="Availability"
        description="When the translator can take work (they may change it themselves)"
        autosize
        minRows={2}
        maxLength={MAX_AVAILABILITY_CHARS}
        value={fields.availability}
        onChange={(event) => set('availability', event.currentTarget.value)}
        error={errors.availability}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          Save profile
        </Button>
      </Group>
    </FormWithWarning>
  );
}
