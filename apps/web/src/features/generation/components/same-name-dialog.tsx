import { messages } from '@keywright/contract';
import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SameNamePrompt } from '../hooks/use-same-name-prompt';

/** Asks whether a generation named as an existing project adds to it or makes a new one. */
export function SameNameDialog({
  prompt,
  onAddToExisting,
  onCreateNew,
  onCancel,
}: {
  prompt: SameNamePrompt | null;
  onAddToExisting: () => void;
  onCreateNew: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={prompt !== null} onClose={onCancel} title={messages.sameNameTitle} size="lg">
      <Stack gap="lg">
        <Text size="sm">{prompt ? messages.sameNameBody(prompt.project.name) : ''}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="default" onClick={onCreateNew}>
            {messages.createNewProject}
          </Button>
          <Button onClick={onAddToExisting} data-autofocus>
            {messages.addToExistingProject}
          </Button>
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
