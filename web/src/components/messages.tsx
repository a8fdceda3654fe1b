// The app's message kinds: success, info and warning notices, and "alerts" that
// the user must acknowledge. Alerts are modal dialogs instead of window.alert so they match the
// app and can be read by assistive technology.
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';

export function notifySuccess(message: string) {
  notifications.show({ message, color: 'green' });
}

export function notifyInfo(message: string) {
  notifications.show({ message, color: 'blue' });
}

export function notifyWarning(message: string) {
  notifications.show({ message, color: 'yellow' });
}

export function showAlert(message: string, title = 'Notice') {
  const id = modals.open({
    title,
    children: (
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    ),
  });
}

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before a destructive action; the confirm button is red. */
export function confirmDestructive({ title, message, confirmLabel, onConfirm }: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

export interface ErrorTexts {
  /** Shown when the server failed without saying why. */
  fallback: string;
  /** Shown when the call itself broke (network down, bad answer); defaults to `fallback`. */
  exception?: string;
}

/**
 * The rule for every failed call: the server's `message` as is, otherwise the screen's
 * fallback text. Unexpected failures are also logged, as the texts point to the console.
 */
export function errorText(error: unknown, texts: ErrorTexts): string {
  if (error instanceof ApiError) {
    if (error.serverMessage !== null) return error.serverMessage;
    console.error(error);
    return texts.fallback;
  }
  console.error(error);
  return texts.exception ?? texts.fallback;
}

/**
 * Failure alerts, e.g. 'Could not delete client: {message}' when the server explains
 * and 'Could not delete client. Please check your console for more info' when it does not.
 */
export function alertFailure(error: unknown, prefix: string, otherwise: string) {
  if (error instanceof ApiError && error.serverMessage !== null) {
    showAlert(`${prefix}: ${error.serverMessage}`);
    return;
  }
  console.error(error);
  showAlert(otherwise);
}
