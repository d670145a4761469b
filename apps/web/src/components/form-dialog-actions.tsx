import { Button, Group, Text, type MantineSpacing } from '@mantine/core';

/**
 * The foot of a dialog's form: what is wrong with it (when something is), then Cancel and the
 * submit button, which shows it is saving (Cancel waits for it).
 */
export function FormDialogActions({
  submitLabel,
  isSaving,
  error,
  mt,
  onCancel,
}: {
  submitLabel: string;
  isSaving: boolean;
  /** A problem of the whole form (a field's own shows under the field). */
  error?: string | null;
  mt?: MantineSpacing;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt={mt}>
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" loading={isSaving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
