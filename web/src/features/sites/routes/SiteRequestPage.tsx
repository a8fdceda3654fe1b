import { Alert, Anchor, Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { clientOptionsQuery } from '../../../api/clients';
import type { Site, SiteRequest } from '../../../api/types';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText } from '../../../components/messages';
import { PageHeader } from '../../../components/PageHeader';
import { sitesQuery, useRequestPages } from '../api';
import { ContentTable, useContentList } from '../components/ContentTable';
import { pageLabel } from '../components/SiteRequests';
import { siteRequestBody, siteRequestErrors, type SiteRequestErrors } from '../siteRequest';

interface SiteRequestPageProps {
  /** The other way to ask (the zip upload), linked under the title. */
  alternative?: ReactNode;
}

/** A customer asks for a translation of pages of their client's site: the site, its pages
 * (picked from its content as last read, each with its state per language), the languages, a
 * title, a due date and a note. The agency makes the project and its quote. */
export function SiteRequestPage({ alternative }: SiteRequestPageProps) {
  const clients = useQuery(clientOptionsQuery());
  const [clientId, setClientId] = useState<string | null>(null);
  const options = (clients.data ?? []).map((client) => ({ value: String(client.id), label: client.client_name }));
  // One client: it is the one.
  const chosen = clientId ?? (options.length === 1 ? (options[0]?.value ?? null) : null);
  const [done, setDone] = useState<SiteRequest | null>(null);

  if (done !== null) {
    return (
      <>
        <PageHeader title="Request pages of your site" />
        <Alert color="green" title="Request received" role="status">
          <Text>
            “{done.title}” is with the agency: {done.pages.map(pageLabel).join(', ')} into {done.target_langs.join(', ')}. You will
            be told when its quote is ready; until then it waits on your projects page.
          </Text>
          {/* Dark and underlined: the link colour is too faint on the alert's green. */}
          <Anchor component="button" type="button" onClick={() => setDone(null)} mt="sm" c="dark" underline="always">
            Request other pages
          </Anchor>
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Request pages of your site" description={alternative} />
      <Stack gap="md">
        <Select
          label="Client"
          required
          placeholder={clients.isPending ? 'Loading clients…' : 'Choose a client'}
          data={options}
          value={chosen}
          onChange={setClientId}
          error={clients.isError ? 'Could not load your clients.' : undefined}
          searchable
          maw={400}
        />
        {chosen !== null && <ClientSites key={chosen} clientId={Number(chosen)} onSent={setDone} />}
      </Stack>
    </>
  );
}

function ClientSites({ clientId, onSent }: { clientId: number; onSent: (request: SiteRequest) => void }) {
  const sites = useQuery(sitesQuery(clientId));
  const [siteId, setSiteId] = useState<string | null>(null);
  const list = sites.data ?? [];
  const chosen = siteId ?? (list.length === 1 ? String(list[0]?.id) : null);
  const site = list.find((s) => String(s.id) === chosen);
  if (sites.isError) return <Alert color="red">{errorText(sites.error, { fallback: 'Could not load the sites.' })}</Alert>;
  if (sites.isSuccess && list.length === 0) {
    return <Text c="dimmed">This client has no connected WordPress site yet: ask the agency to connect it, or send a WPML export.</Text>;
  }
  return (
    <>
      <Select
        label="Site"
        required
        placeholder={sites.isPending ? 'Loading sites…' : 'Choose a site'}
        data={list.map((s) => ({ value: String(s.id), label: `${s.name} (${s.url})` }))}
        value={chosen}
        onChange={setSiteId}
        maw={400}
      />
      {site !== undefined && <PickPages key={site.id} site={site} onSent={onSent} />}
    </>
  );
}

function PickPages({ site, onSent }: { site: Site; onSent: (request: SiteRequest) => void }) {
  const list = useContentList();
  const send = useRequestPages(site.id);
  const [items, setItems] = useState<number[]>([]);
  const [languages, setLanguages] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<SiteRequestErrors>({});
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    const today = new Date().toISOString().slice(0, 10);
    const fields = { siteId: site.id, title, items, languages, dueDate, note };
    const found = siteRequestErrors(fields, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setWarning(null);
    try {
      onSent(await send.mutateAsync(siteRequestBody(fields)));
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The request could not be sent.' }));
    }
  };

  return (
    <>
      <ContentTable
        site={site}
        list={list}
        picked={items}
        onPickedChange={setItems}
        emptyText="The agency has not read this site's pages yet."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={640} component="section" aria-label="Your request">
        <FormWithWarning onSubmit={submit} warning={warning}>
          {/* The refusal holds until a page is picked. */}
          {items.length === 0 && errors.items !== undefined ? (
            <Text size="sm" c="red" role="alert">
              {errors.items}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {items.length === 1 ? '1 page picked' : `${items.length} pages picked`}
            </Text>
          )}
          <MultiSelect
            label="Target languages"
            required
            placeholder={languages.length === 0 ? 'Pick languages' : undefined}
            data={site.connection.languages}
            value={languages}
            onChange={setLanguages}
            error={errors.languages}
          />
          <TextInput
            label="Title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
          />
          <TextInput
            type="date"
            label="Due date"
            description="Optional"
            value={dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
            error={errors.dueDate}
          />
          <Textarea
            label="Note to the agency"
            description="Optional"
            autosize
            minRows={3}
            maxLength={4000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send request
            </Button>
          </Group>
        </FormWithWarning>
      </Paper>
    </>
  );
}
