import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A yes/no question whose confirm button shows progress until the caller closes it (see confirm-dialog.tsx). */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  isLoading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  isLoading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={isLoading ? () => undefined : onClose} title={title} size="md">
      <Text size="sm">{body}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        {/* red.9: white text on the default red is below 4.5:1. */}
        <Button color="red.9" onClick={onConfirm} loading={isLoading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
