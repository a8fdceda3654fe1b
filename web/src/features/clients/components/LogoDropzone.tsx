import { CloseButton, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { SvgImage } from '../../../components/SvgImage';
import { LOGO_NOT_SVG, LOGO_TOO_LARGE, MAX_LOGO_BYTES, readSvgFile, SVG_MIME } from '../svgFile';

export interface ChosenLogo {
  file: File;
  svg: string;
}

interface LogoDropzoneProps {
  value: ChosenLogo | null;
  onChange: (logo: ChosenLogo | null) => void;
  error: string | null;
  onError: (error: string | null) => void;
  description?: string;
  /** The logo kept when no file is chosen (edit form). */
  current?: string | null;
}

function rejectionText(rejections: FileRejection[]): string {
  const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
  return tooLarge ? LOGO_TOO_LARGE : LOGO_NOT_SVG;
}

/** One SVG file, checked in the browser and previewed as an image before anything is sent. */
export function LogoDropzone({ value, onChange, error, onError, description, current }: LogoDropzoneProps) {
  const accept = async (files: File[]) => {
    const [file] = files;
    if (file === undefined) return;
    const result = await readSvgFile(file);
    if ('error' in result) {
      onChange(null);
      onError(result.error);
      return;
    }
    onError(null);
    onChange({ file, svg: result.svg });
  };

  return (
    <Input.Wrapper label="Logo (SVG)" description={description} error={error ?? undefined}>
      <Stack gap="xs" mt={4}>
        <Dropzone
          onDrop={(files) => void accept(files)}
          onReject={(rejections) => {
            onChange(null);
            onError(rejectionText(rejections));
          }}
          accept={[SVG_MIME]}
          maxSize={MAX_LOGO_BYTES}
          maxFiles={1}
          multiple={false}
          aria-label="Logo file"
        >
          <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={36} stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={36} stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={36} stroke={1.5} />
            </Dropzone.Idle>
            <div>
              <Text size="sm">Drag an SVG logo here or click to choose one</Text>
              <Text size="xs" c="dimmed">
                One SVG file, at most 1 MiB
              </Text>
            </div>
          </Group>
        </Dropzone>
        {value === null && current !== undefined && current !== null && (
          <Group gap="sm" wrap="nowrap">
            <SvgImage svg={current} alt="Current logo" width={96} height={56} />
            <Text size="sm" c="dimmed">
              Current logo
            </Text>
          </Group>
        )}
        {value !== null && (
          <Group gap="sm" wrap="nowrap">
            <SvgImage svg={value.svg} alt="Logo preview" width={96} height={56} />
            <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
              {value.file.name}
            </Text>
            <CloseButton aria-label="Remove chosen logo" onClick={() => onChange(null)} />
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
