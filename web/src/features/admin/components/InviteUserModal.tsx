import { Alert, Button, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { clientOptionsQuery } from '../../../api/clients';
import { ROLES } from '../../../api/types';
import { errorText, notifySuccess } from '../../../components/messages';
import { EMAIL_MAX, NAME_MAX, emailProblem, nameProblem } from '../../../components/users/people';
import { invitationsKey } from '../api';

export const INVITATION_SENT = 'Invitation sent';

interface Invitation {
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  client_ids: string[];
}

/** Invites someone by e-mail: their link (valid 7 days) lets them choose their password. A
 * customer belongs to at least one client; `clientId` starts the choice with that client. */
export function InviteUserModal({ opened, onClose, clientId }: { opened: boolean; onClose: () => void; clientId?: number }) {
  const form = useForm<Invitation>({
    initialValues: {
      email: '',
      first_name: '',
      last_name: '',
      role: 'customer',
      client_ids: clientId === undefined ? [] : [String(clientId)],
    },
    validate: {
      email: emailProblem,
      first_name: (value) => nameProblem('First name', value),
      last_name: (value) => nameProblem('Last name', value),
      client_ids: (value, values) =>
        values.role === 'customer' && value.length === 0 ? 'A customer belongs to at least one client.' : null,
    },
  });
  const isCustomer = form.values.role === 'customer';
  const clients = useQuery({ ...clientOptionsQuery(), enabled: opened && isCustomer });
  const queryClient = useQueryClient();
  const invite = useMutation({
    mutationFn: (values: Invitation) =>
      unwrap(
        api.POST('/api/invitations', {
          body: {
            ...values,
            client_ids: values.role === 'customer' ? values.client_ids.map(Number) : [],
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
  const close = () => {
    invite.reset();
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite by e-mail" size="lg">
      {/* The form's own checks name what is wrong; the browser's would stop at the first. */}
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          invite.mutate(values, {
            onSuccess: () => {
              notifySuccess(INVITATION_SENT);
              close();
            },
          }),
        )}
      >
        <Stack>
          {invite.isError && (
            <Alert color="red" role="alert">
              {errorText(invite.error, { fallback: 'The invitation could not be sent.' })}
            </Alert>
          )}
          <TextInput label="Email" type="email" required maxLength={EMAIL_MAX} {...form.getInputProps('email')} />
          <TextInput label="First name" required maxLength={NAME_MAX} {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required maxLength={NAME_MAX} {...form.getInputProps('last_name')} />
          <Select label="Role" required data={[...ROLES]} allowDeselect={false} {...form.getInputProps('role')} />
          {isCustomer && (
            <MultiSelect
              label="Clients"
              required
              searchable
              data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.client_name }))}
              {...form.getInputProps('client_ids')}
            />
          )}
          <Button type="submit" loading={invite.isPending}>
            Send Invitation
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
