import { Alert, Button, Group, List, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../components/messages';
import { pluginQuery, useDownloadPlugin } from '../api';

/** Downloads the plugin's zip as this server bundles it. */
export function PluginDownloadButton({ label = 'Download the plugin' }: { label?: string }) {
  const download = useDownloadPlugin();
  return (
    <>
      <Button variant="light" leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
        {label}
      </Button>
      {download.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(download.error, { fallback: 'The plugin could not be downloaded.' })}
        </Text>
      )}
    </>
  );
}

/** The Wordmark Connector plugin: its version, the download, and how to install it on a site. */
export function PluginPanel() {
  const plugin = useQuery(pluginQuery);
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="wordpress-plugin">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={3} size="h4" id="wordpress-plugin">
            WordPress plugin
          </Title>
          {plugin.isPending ? (
            <Skeleton height={16} width={180} mt={4} />
          ) : plugin.isError ? (
            <Alert color="red" role="alert">
              {errorText(plugin.error, { fallback: 'The plugin could not be read.' })}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Wordmark Connector {plugin.data.version}
            </Text>
          )}
        </div>
        <PluginDownloadButton label="Download the plugin (zip)" />
      </Group>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>In the site’s WordPress, go to Plugins → Add New Plugin → Upload Plugin and upload the zip.</List.Item>
        <List.Item>Activate “Wordmark Connector”.</List.Item>
        <List.Item>
          Under Users → Profile → Application Passwords, make an application password for an Editor or Administrator, and add the
          site here with that user and password.
        </List.Item>
      </List>
    </Paper>
  );
}
