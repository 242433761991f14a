import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { TICKET_IMAGE_ACCEPT, TICKET_IMAGES_MAX } from '@rackdesk/contract';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { addImages, formatFileSize } from '../utils/image-files.ts';

interface ImageAttachInputProps {
  value: File[];
  onChange: (files: File[]) => void;
  /** A refusal of the server for the images (a 422 on `images`), shown with the browser's own. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * Up to five PNG, JPEG, GIF or WebP images of at most 5 MB each for a ticket message (logged-in
 * users only), listed by name with a remove button each. The limits are checked here as files
 * are picked, with the API's texts; the server checks every image's content again.
 */
export function ImageAttachInput({ value, onChange, error, disabled = false }: ImageAttachInputProps) {
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  // Clears the hidden input after each pick, so the same file can be picked again after removal.
  const resetRef = useRef<() => void>(null);
  const hintId = useId();
  const errors = error ? [...pickErrors, error] : pickErrors;

  const pick = (picked: File[]) => {
    const result = addImages(value, picked);
    setPickErrors(result.errors);
    onChange(result.files);
    resetRef.current?.();
  };

  const remove = (index: number) => {
    setPickErrors([]);
    onChange(value.filter((_, i) => i !== index));
  };

  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton onChange={pick} accept={TICKET_IMAGE_ACCEPT} multiple resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden="true" />}
              disabled={disabled || value.length >= TICKET_IMAGES_MAX}
              aria-describedby={hintId}
            >
              Attach Images
            </Button>
          )}
        </FileButton>
        <Text id={hintId} size="sm" c="dimmed">
          Up to {TICKET_IMAGES_MAX} images (PNG, JPEG, GIF, WebP), 5 MB each
        </Text>
      </Group>
      {value.length > 0 ? (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Attached images">
          {value.map((file, index) => (
            <Group component="li" key={`${index}-${file.name}`} gap="xs" wrap="nowrap">
              <Text size="sm" truncate="end" style={{ minWidth: 0 }} title={file.name}>
                {file.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {formatFileSize(file.size)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
              >
                <IconX size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
      {errors.length > 0 ? (
        <Stack gap={2} role="alert">
          {errors.map((message) => (
            <Text key={message} c="red.8" size="sm">
              {message}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
