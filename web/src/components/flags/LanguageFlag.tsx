import { Badge, Box, Group, Tooltip } from '@mantine/core';
import { languageKey, WPML_LANGUAGES } from './languages';

interface LanguageFlagProps {
  /** A language code as WPML writes it (`de`, `pt-br`, `zh-hans`); null when unknown. */
  code: string | null | undefined;
  size?: number;
}

/** The flag at /flags/{code}.svg with the code as tooltip; a code without a flag shows as text. */
export function LanguageFlag({ code, size = 24 }: LanguageFlagProps) {
  if (code === null || code === undefined || code.trim() === '') return <>n/a</>;
  const key = languageKey(code);
  if (key === null) {
    return (
      <Badge variant="outline" color="gray" size="sm" radius="xs" tt="none">
        {code}
      </Badge>
    );
  }
  const name = WPML_LANGUAGES[key]?.name ?? key;
  return (
    <Tooltip label={key} withArrow>
      <Box
        component="img"
        src={`/flags/${key}.svg`}
        alt={`${name} (${key})`}
        w={size}
        h={(size * 3) / 4}
        style={{ display: 'block', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,.15)', flexShrink: 0 }}
      />
    </Tooltip>
  );
}

/** One flag per distinct language, in the order given. */
export function LanguageFlags({ codes, size }: { codes: readonly string[]; size?: number }) {
  if (codes.length === 0) return <>n/a</>;
  return (
    <Group gap={6} wrap="wrap">
      {codes.map((code) => (
        <LanguageFlag key={code} code={code} size={size} />
      ))}
    </Group>
  );
}
