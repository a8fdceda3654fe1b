// "Send review link": a dialog that creates a link for the customer (expiry, note, reviewer),
// validated here before it is sent, then shows the link once with a copy button.
import { Button, CopyButton, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../api/permissions';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText } from '../../../components/messages';
import { EMAIL_MAX, NAME_MAX, emailProblem, nameProblem } from '../../../components/users/people';
import type { ProjectId } from '../api';
import { EXPIRY_DAYS, NOTE_MAX, useCreateReviewLink, type ReviewLinkCreate } from '../browserReviewApi';

export interface ReviewLinkFields {
  days: number | string;
  note: string;
  name: string;
  email: string;
}

/** What is wrong with each field, or nothing; then the request body. */
export function checkReviewLink(fields: ReviewLinkFields): { errors: Partial<Record<keyof ReviewLinkFields, string>>; body: ReviewLinkCreate } {
  const errors: Partial<Record<keyof ReviewLinkFields, string>> = {};
  const days = typeof fields.days === 'number' ? fields.days : Number.NaN;
  if (!Number.isInteger(days) || days < EXPIRY_DAYS.min || days > EXPIRY_DAYS.max) {
    errors.days = `Between ${EXPIRY_DAYS.min} and ${EXPIRY_DAYS.max} days`;
  }
  if (fields.note.length > NOTE_MAX) errors.note = `At most ${NOTE_MAX} characters`;
  const email = fields.email.trim();
  const emailError = email === '' ? null : emailProblem(email);
  if (emailError) errors.email = emailError;
  const nameError = fields.name.trim() === '' ? null : nameProblem('The name', fields.name);
  if (nameError) errors.name = nameError;
  const body: ReviewLinkCreate = { expires_in_days: days };
  if (fields.note.trim() !== '') body.note = fields.note.trim();
  if (fields.name.trim() !== '') body.reviewer_name = fields.name.trim();
  if (email !== '') body.reviewer_email = email;
  return { errors, body };
}

/** The button and its dialog, for who may manage review links. */
export function SendReviewLinkButton({ projectId }: { projectId: ProjectId }) {
  return useCan('review_links.manage') ? <SendReviewLinkDialog projectId={projectId} /> : null;
}

function SendReviewLinkDialog({ projectId }: { projectId: ProjectId }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconLink size={18} />} onClick={modal.open}>
        Send review link
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Send review link" size="lg">
        {opened && <SendReviewLinkForm projectId={projectId} onDone={modal.close} />}
      </Modal>
    </>
  );
}

function SendReviewLinkForm({ projectId, onDone }: { projectId: ProjectId; onDone: () => void }) {
  const create = useCreateReviewLink(projectId);
  const [fields, setFields] = useState<ReviewLinkFields>({ days: EXPIRY_DAYS.default, note: '', name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ReviewLinkFields, string>>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const set = <K extends keyof ReviewLinkFields>(key: K, value: ReviewLinkFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  if (link !== null) {
    return (
      <Stack>
        {mailedTo !== null ? (
          <Text>
            A mail with this link is on its way to {mailedTo}. The link is shown only now: copy it before closing
            should you want to send it yourself as well.
          </Text>
        ) : (
          <Text>Send this link to the customer. It is shown only now: copy it before closing.</Text>
        )}
        <TextInput label="Review link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Group justify="flex-end">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} color={copied ? 'green' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = async () => {
    setWarning(null);
    const checked = checkReviewLink(fields);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    try {
      const created = await create.mutateAsync(checked.body);
      setMailedTo(created.mail_queued ? (checked.body.reviewer_email ?? null) : null);
      setLink(`${window.location.origin}${created.path}`);
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The review link could not be created. Please try again later.' }));
    }
  };

  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <NumberInput
        label="Valid for (days)"
        min={EXPIRY_DAYS.min}
        max={EXPIRY_DAYS.max}
        allowDecimal={false}
        value={fields.days}
        onChange={(value) => set('days', value)}
        error={errors.days}
        data-autofocus
      />
      <Textarea
        label="Note to the customer"
        description={`Shown on the review's start page (optional, up to ${NOTE_MAX} characters)`}
        autosize
        minRows={3}
        value={fields.note}
        onChange={(event) => set('note', event.currentTarget.value)}
        error={errors.note}
      />
      <Group grow align="flex-start">
        <TextInput
          label="Reviewer's name"
          maxLength={NAME_MAX}
          value={fields.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Reviewer's e-mail"
          type="email"
          maxLength={EMAIL_MAX}
          value={fields.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errors.email}
        />
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create link
        </Button>
      </Group>
    </FormWithWarning>
  );
}
