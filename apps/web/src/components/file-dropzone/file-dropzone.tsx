import '@mantine/dropzone/styles.css';

import { Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type DropzoneProps } from '@mantine/dropzone';
import { IconFileUpload, IconFolderOpen, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import type { UploadProgress } from '@/lib/upload';
import classes from './file-dropzone.module.css';

/**
 * Where files are dropped, or chosen with Browse files: an icon that says whether the drop is
 * welcome, what to drop, what is accepted, and the buttons. The drop area itself takes no click
 * or key (the buttons do), so a screen reader hears the buttons, not a big unnamed target.
 */
export function FileDropzone({
  title,
  hint,
  disabled,
  actions,
  ...props
}: Pick<DropzoneProps, 'onDropAny' | 'accept' | 'maxSize' | 'multiple' | 'inputProps'> & {
  title: string;
  /** What may be dropped: the types, how many, how large. */
  hint: ReactNode;
  disabled: boolean;
  /** More buttons after Browse files. */
  actions?: ReactNode;
}) {
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={() => undefined}
      openRef={openRef}
      activateOnClick={false}
      activateOnKeyboard={false}
      enablePointerEvents
      disabled={disabled}
      className={classes.dropzone}
      {...props}
    >
      <Stack align="center" gap={6} ta="center" py="md" px="xs">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <Dropzone.Accept>
            <IconUpload size={22} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={22} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={22} />
          </Dropzone.Idle>
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        <Group gap="xs" justify="center" mt={6}>
          <Button
            variant="default"
            leftSection={<IconFolderOpen size={18} />}
            onClick={() => openRef.current?.()}
            disabled={disabled}
          >
            Browse files
          </Button>
          {actions}
        </Group>
      </Stack>
    </Dropzone>
  );
}

/**
 * An upload's progress: the bytes sent as a percentage, then (and while the size is unknown) a
 * moving bar with no figure while the server reads what it was sent.
 */
export function UploadProgressBar({
  progress,
  sendingLabel,
  readingLabel,
}: {
  progress: UploadProgress;
  sendingLabel: string;
  readingLabel: string;
}) {
  const isSending = progress.total === 0 || progress.loaded < progress.total;
  const isMeasured = isSending && progress.total > 0;
  const percent = isMeasured ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {isSending ? sendingLabel : readingLabel}
        </Text>
        {isMeasured && (
          <Text size="sm" c="dimmed">
            {percent}%
          </Text>
        )}
      </Group>
      <Progress.Root size="sm" aria-hidden>
        <Progress.Section value={isMeasured ? percent : 100} striped={!isMeasured} animated={!isMeasured} />
      </Progress.Root>
    </>
  );
}
