import { Box, Center } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { svgDataUri } from './svg';

interface SvgImageProps {
  /** SVG markup; shown through a data URI, never injected into the page. */
  svg: string | null | undefined;
  alt: string;
  /** Box the logo is fitted into, keeping its proportions (logos are often wide). */
  width: number;
  height?: number;
}

export function SvgImage({ svg, alt, width, height = width }: SvgImageProps) {
  if (svg === null || svg === undefined || svg.trim() === '') {
    return (
      <Center w={width} h={height} c="dimmed" aria-label={`${alt} (no logo)`} role="img">
        <IconPhotoOff size={Math.max(16, Math.min(width, height) / 2)} stroke={1.5} />
      </Center>
    );
  }
  return (
    <Box
      component="img"
      src={svgDataUri(svg)}
      alt={alt}
      w={width}
      h={height}
      style={{ objectFit: 'contain', flexShrink: 0, display: 'block' }}
    />
  );
}
