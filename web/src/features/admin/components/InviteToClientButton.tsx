import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../api/permissions';
import { InviteUserModal } from './InviteUserModal';

/** On a client's People tab: invites a customer of that client by e-mail (administrators). */
export function InviteToClientButton({ clientId }: { clientId: number }) {
  const [inviting, setInviting] = useState(false);
  if (!useCan('users.manage')) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconMail size={18} />} onClick={() => setInviting(true)}>
        Invite a customer
      </Button>
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} clientId={clientId} />
    </>
  );
}
