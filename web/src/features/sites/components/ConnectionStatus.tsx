import { Badge, Group, Stack, Text } from '@mantine/core';
import { useCan } from '../../../api/permissions';
import type { Site } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { PluginDownloadButton } from './PluginPanel';

const PLUGINS: Record<string, string> = { wpml: 'WPML', polylang: 'Polylang', none: 'no multilingual plugin' };

/** What the last connection check found: the versions and languages, or what is wrong. */
export function ConnectionStatus({ site }: { site: Site }) {
  const c = site.connection;
  if (c.checked_at === null || c.checked_at === undefined) {
    return (
      <Badge color="gray" variant="light">
        Not tested yet
      </Badge>
    );
  }
  if (c.problem !== null && c.problem !== undefined) {
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color="red" variant="light">
            Cannot connect
          </Badge>
          <Text size="xs" c="dimmed">
            tested {formatDateTime(c.checked_at)}
          </Text>
        </Group>
        <Text size="sm" role="status">
          {c.problem}
        </Text>
      </Stack>
    );
  }
  const targets = c.languages.length > 0 ? c.languages.join(', ') : 'no target language yet';
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color="green" variant="light">
          Connected
        </Badge>
        <Text size="xs" c="dimmed">
          tested {formatDateTime(c.checked_at)}
        </Text>
      </Group>
      <Text size="sm">
        WordPress {c.wordpress_version} · Connector {c.plugin_version} · {PLUGINS[c.multilingual ?? 'none'] ?? c.multilingual} ·{' '}
        {c.source_language} → {targets}
      </Text>
      {c.plugin_update_available && <PluginUpdate site={site} />}
    </Stack>
  );
}

/** The site's plugin is older than the one this server bundles: where to get the new one. */
function PluginUpdate({ site }: { site: Site }) {
  const canManage = useCan('sites.manage');
  const c = site.connection;
  return (
    <Group gap="xs" role="status">
      <Text size="sm" c="var(--mantine-color-orange-light-color)">
        Plugin {c.plugin_version} on the site; {c.bundled_plugin_version} is available:{' '}
        {canManage
          ? 'download it from here and upload it under Plugins → Add New Plugin → Upload Plugin.'
          : 'your agency can install it.'}
      </Text>
      {canManage && <PluginDownloadButton label={`Download plugin ${c.bundled_plugin_version}`} />}
    </Group>
  );
}
