import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { errorText } from '../../../components/messages';
import { useTestMtConnection } from '../api';

const numberFormat = new Intl.NumberFormat();

/** Tries the saved settings against the provider and shows its answer and quota. */
export function MtConnectionTest() {
  const test = useTestMtConnection();
  const result = test.data;
  const usage = result?.usage ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mt-test">
      <Stack>
        <Group justify="space-between">
          <Title order={3} id="mt-test">
            Connection
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlugConnected size={18} />}
            onClick={() => test.mutate()}
            loading={test.isPending}
          >
            Test connection
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Tests the saved settings with a short request to the provider.
        </Text>
        {test.isError && (
          <Alert color="red" role="alert">
            {errorText(test.error, { fallback: 'The test could not be run. Please check the logs.' })}
          </Alert>
        )}
        {result !== undefined && (
          <Alert color={result.ok ? 'green' : 'red'} role="status" title={result.ok ? 'Connected' : 'Connection failed'}>
            <Stack gap={6}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {result.message}
              </Text>
              {usage !== null && (
                <>
                  <Text size="sm">
                    Usage: {numberFormat.format(usage.characters_used)} of{' '}
                    {numberFormat.format(usage.characters_limit)} characters this period
                  </Text>
                  <Progress
                    value={
                      usage.characters_limit === 0
                        ? 0
                        : (100 * usage.characters_used) / usage.characters_limit
                    }
                    aria-label="Quota used"
                  />
                </>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
