import { messages, type DriveFile } from '@keywright/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IconAlertCircle,
  IconFileText,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconPlugConnectedX,
  IconPresentation,
  IconSearch,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { notifyApiError, notifyNotice, notifySuccess } from '@/lib/notify';
import { disconnectDrive, driveFilesQueryOptions, driveKeys } from '../api/google-drive';
import { driveFileKind, driveFileKindLabels, type DriveFileKind } from '../documents';
import classes from './documents.module.css';

export interface DriveImportProgress {
  done: number;
  total: number;
}

const searchDebounceMs = 300;

const kindIcons: Record<DriveFileKind, { icon: typeof IconFileText; color: string }> = {
  document: { icon: IconFileTypeDocx, color: 'blue' },
  presentation: { icon: IconPresentation, color: 'orange' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  text: { icon: IconFileText, color: 'gray' },
};

/**
 * The Google Drive picker (SPEC 2, "a cloud-drive file picker dialog"): the caller's documents,
 * searched by name and paged with Load more, a checkbox each; Import hands the chosen ones to the
 * upload area, which shows its progress here. Full screen on phones.
 */
export function DrivePickerDialog({
  opened,
  progress,
  onClose,
  onImport,
}: {
  opened: boolean;
  progress: DriveImportProgress | null;
  onClose: () => void;
  onImport: (files: DriveFile[]) => void;
}) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const isImporting = progress !== null;
  return (
    <Modal
      opened={opened}
      onClose={isImporting ? () => undefined : onClose}
      title="Import from Google Drive"
      size="lg"
      fullScreen={isNarrow}
      classNames={{ content: classes.driveModal, body: classes.driveModalBody }}
      closeButtonProps={{ 'aria-label': 'Close', disabled: isImporting }}
    >
      {/* Mounted only while open: every opening starts with a fresh search and selection. */}
      {opened && <DrivePicker progress={progress} isNarrow={isNarrow} onClose={onClose} onImport={onImport} />}
    </Modal>
  );
}

function DrivePicker({
  progress,
  isNarrow,
  onClose,
  onImport,
}: {
  progress: DriveImportProgress | null;
  isNarrow: boolean;
  onClose: () => void;
  onImport: (files: DriveFile[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const [selected, setSelected] = useState<Map<string, DriveFile>>(() => new Map());
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const selectionId = useId();
  const queryClient = useQueryClient();
  const files = useInfiniteQuery(driveFilesQueryOptions(debounced));
  const isImporting = progress !== null;

  const disconnect = useMutation({
    mutationFn: disconnectDrive,
    onSuccess: async (answer) => {
      // Forgotten here; when Google could not revoke the grant, where to remove it is worth reading.
      if (answer.notice) notifyNotice(answer.notice);
      else notifySuccess(messages.driveDisconnected);
      setConfirmingDisconnect(false);
      onClose();
      await queryClient.invalidateQueries({ queryKey: driveKeys.all });
    },
    onError: (error) => notifyApiError(error, messages.failedToDisconnectDrive, { preferServerText: true }),
  });

  const toggle = (file: DriveFile, checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(file.id, file);
      else next.delete(file.id);
      return next;
    });

  const all = files.data?.pages.flatMap((page) => page.files) ?? [];
  const count = selected.size;

  return (
    <Stack gap="sm" className={classes.drivePicker}>
      <TextInput
        label="Search files"
        placeholder="Search by name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        disabled={isImporting}
        maxLength={200}
        type="search"
      />

      <Box className={classes.driveScroll} mah={isNarrow ? undefined : 420}>
        {files.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading files" py={4}>
            {[0, 1, 2, 3].map((row) => (
              <Group key={row} gap="sm" wrap="nowrap" px="xs">
                <Skeleton height={18} width={18} />
                <Skeleton height={32} width={32} />
                <Stack gap={6} flex={1}>
                  <Skeleton height={12} width="60%" />
                  <Skeleton height={10} width="35%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : files.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {errorMessage(files.error, messages.failedToLoadDriveFiles)}
          </Alert>
        ) : all.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {debounced ? `No documents match “${debounced}”.` : 'No documents in your Google Drive.'}
          </Text>
        ) : (
          <Box component="ul" className={classes.driveList} aria-label="Google Drive files">
            {all.map((file) => (
              <DriveFileRow
                key={file.id}
                file={file}
                checked={selected.has(file.id)}
                disabled={isImporting}
                onChange={(checked) => toggle(file, checked)}
              />
            ))}
          </Box>
        )}
        {files.hasNextPage && (
          <Group justify="center" py="xs">
            <Button
              variant="subtle"
              onClick={() => void files.fetchNextPage()}
              loading={files.isFetchingNextPage}
              disabled={isImporting}
            >
              Load more
            </Button>
          </Group>
        )}
      </Box>

      {progress && (
        <Stack gap={6} role="status">
          <Text size="sm" fw={600}>
            Importing {progress.done} of {progress.total}…
          </Text>
          <Progress.Root size="sm" aria-hidden>
            <Progress.Section value={(progress.done / progress.total) * 100} striped animated />
          </Progress.Root>
        </Stack>
      )}

      <Group justify="space-between" gap="sm" className={classes.driveFooter}>
        <Button
          variant="subtle"
          color="red"
          // red.9: the subtle red is below 4.5:1 on white. Not while disabled, which greys the text.
          c={isImporting ? undefined : 'red.9'}
          leftSection={<IconPlugConnectedX size={18} />}
          onClick={() => setConfirmingDisconnect(true)}
          disabled={isImporting}
          px="xs"
        >
          Disconnect
        </Button>
        <Group gap="sm" ml="auto" justify="flex-end">
          <Text size="sm" c="dimmed" id={selectionId}>
            {count === 0 ? messages.noFilesSelected : `${count} selected`}
          </Text>
          <Button variant="default" onClick={onClose} disabled={isImporting}>
            Cancel
          </Button>
          <Button
            onClick={() => onImport([...selected.values()])}
            disabled={count === 0}
            loading={isImporting}
            aria-describedby={selectionId}
          >
            Import
          </Button>
        </Group>
      </Group>

      <ConfirmDialog
        opened={confirmingDisconnect}
        title="Disconnect Google Drive"
        body="Keywright will no longer read your Google Drive. You can connect it again at any time."
        confirmLabel="Disconnect"
        isLoading={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
        onClose={() => setConfirmingDisconnect(false)}
      />
    </Stack>
  );
}

function DriveFileRow({
  file,
  checked,
  disabled,
  onChange,
}: {
  file: DriveFile;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const kind = driveFileKind(file.mimeType, file.name);
  const { icon: Icon, color } = kindIcons[kind];
  const modified = formatDate(file.modifiedTime);
  return (
    <li>
      {/* The whole row toggles; the checkbox's name is the file's name, the rest describes it. */}
      <label className={classes.driveRow} htmlFor={`${id}-box`} data-checked={checked || undefined}>
        <Checkbox
          id={`${id}-box`}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-meta`}
        />
        <ThemeIcon size={32} variant="light" color={color} aria-hidden>
          <Icon size={18} />
        </ThemeIcon>
        <span className={classes.driveText}>
          <Text component="span" display="block" id={`${id}-name`} size="sm" fw={500} truncate="end">
            {file.name}
          </Text>
          <Text component="span" display="block" id={`${id}-meta`} size="xs" c="dimmed">
            {driveFileKindLabels[kind]}
            {modified && ` · Modified ${modified}`}
          </Text>
        </span>
      </label>
    </li>
  );
}
