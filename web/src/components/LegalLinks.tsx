import { Anchor, Group } from '@mantine/core';
import { legalLinks } from '../config';

/** The operator's home page, legal notice and privacy policy, each in a new tab. */
export function LegalLinks() {
  const links = [
    { label: 'Home', href: legalLinks.home },
    { label: 'Legal Notice', href: legalLinks.legalNotice },
    { label: 'Privacy Policy', href: legalLinks.privacyPolicy },
  ];
  return (
    <Group justify="center" gap="lg" component="nav" aria-label="Legal">
      {links.map((link) => (
        <Anchor key={link.label} href={link.href} target="_blank" rel="noopener" size="sm" c="dimmed">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
