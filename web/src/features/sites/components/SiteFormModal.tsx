import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ClientId, Site } from '../../../api/types';
import { errorText } from '../../../components/messages';
import { useSaveSite } from '../api';
import { toBody, validateSite, type SiteFormValues } from '../validation';

interface SiteFormModalProps {
  clientId: ClientId;
  opened: boolean;
  onClose: () => void;
  /** The site to change; absent adds one. */
  site?: Site;
  /** Called with the saved site (the panel then tests its connection). */
  onSaved: (site: Site) => void;
}

export function SiteFormModal({ clientId, opened, onClose, site, onSaved }: SiteFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={site === undefined ? 'Add a WordPress site' : `Edit ${site.name}`} size="lg">
      {opened && (
        <SiteForm
          clientId={clientId}
          site={site}
          onSaved={(saved) => {
            onClose();
            onSaved(saved);
          }}
        />
      )}
    </Modal>
  );
}

function SiteForm({ clientId, site, onSaved }: { clientId: ClientId; site?: Site; onSaved: (site: Site) => void }) {
  const form = useForm<SiteFormValues>({
    initialValues: {
      name: site?.name ?? '',
      url: site?.url ?? 'https://',
      username: site?.username ?? '',
      application_password: '',
    },
    validate: (values) => validateSite(values, site === undefined),
  });
  const save = useSaveSite(clientId, site);
  const submit = form.onSubmit((values) => save.mutate(toBody(values), { onSuccess: onSaved }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(save.error, { fallback: 'The site could not be saved.' })}
          </Alert>
        )}
        <TextInput label="Name" description="Left empty: the site's host" maxLength={200} {...form.getInputProps('name')} />
        <TextInput
          label="Site address"
          description="The site's home address; the Wordmark Connector plugin must be active there"
          required
          type="url"
          {...form.getInputProps('url')}
        />
        <TextInput
          label="WordPress user"
          description="An Editor or Administrator of the site"
          required
          autoComplete="off"
          maxLength={60}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Application password"
          description={
            site === undefined
              ? 'Made under Users → Profile → Application Passwords; stored encrypted'
              : `Stored, ending in ${site.password_last4}; leave empty to keep it`
          }
          required={site === undefined}
          autoComplete="new-password"
          {...form.getInputProps('application_password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {site === undefined ? 'Add and test connection' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
