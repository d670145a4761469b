import { constants, messages, type KeywordPlannerImportAnswer } from '@keywright/contract';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FileDropzone, UploadProgressBar } from '@/components/file-dropzone/file-dropzone';
import { errorMessage, isUnauthorized } from '@/lib/api-error';
import type { UploadProgress } from '@/lib/upload';
import { useImportKeywordPlanner } from './api/import-keyword-planner';
import {
  checkKeywordPlannerFiles,
  formatFileSize,
  keywordPlannerAccept,
  keywordPlannerExtensions,
} from './keyword-planner-file';
import classes from './keyword-planner-import.module.css';

const maxMegabytes = Math.round(constants.keywordPlannerImport.maxBytes / 1024 / 1024);

function UploadStatus({ progress }: { progress: UploadProgress }) {
  return (
    <Stack gap={6} role="status">
      <UploadProgressBar
        progress={progress}
        sendingLabel="Uploading the file…"
        readingLabel="Importing keywords and their figures…"
      />
    </Stack>
  );
}

/** What the import did: the counts, the file's currency and the rows it skipped, with why. */
function ImportSummary({ answer }: { answer: KeywordPlannerImportAnswer }) {
  const skipsTitleId = useId();
  const { skips } = answer;
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        <Text size="sm" fw={600}>
          {messages.keywordPlannerImported(answer.read, answer.added, answer.merged, answer.skipped)}
        </Text>
        {answer.currency && (
          <Text size="sm" mt={4}>
            Currency: {answer.currency}
          </Text>
        )}
      </Alert>
      {skips.length > 0 && (
        <Stack gap={6}>
          <Title order={3} size="h6" id={skipsTitleId}>
            Skipped rows
            {answer.skipped > skips.length && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' '}
                (the first {skips.length} of {answer.skipped})
              </Text>
            )}
          </Title>
          <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars="y" className={classes.skips}>
            <Table
              aria-labelledby={skipsTitleId}
              stickyHeader
              verticalSpacing={4}
              horizontalSpacing="sm"
              fz="sm"
              className={classes.skipsTable}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">Line</Table.Th>
                  <Table.Th>Keyword</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {skips.map((skip) => (
                  <Table.Tr key={`${skip.line}-${skip.reason}`}>
                    <Table.Td ta="right" className={classes.line}>
                      {skip.line}
                    </Table.Td>
                    <Table.Td className={classes.keyword}>
                      {skip.keyword || (
                        <Text span size="sm" c="dimmed">
                          (blank)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{skip.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}

/** The dialog's body: choose one file, import it with progress, then what was done. */
function KeywordPlannerImportForm({
  projectId,
  onClose,
  onImported,
}: {
  projectId: number;
  onClose: () => void;
  onImported?: (answer: KeywordPlannerImportAnswer) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [answer, setAnswer] = useState<KeywordPlannerImportAnswer | null>(null);
  const importFile = useImportKeywordPlanner();
  const isBusy = importFile.isPending;
  const hintId = useId();

  const choose = (accepted: File[], refused: Parameters<typeof checkKeywordPlannerFiles>[1]) => {
    const reason = checkKeywordPlannerFiles(accepted, refused);
    setAnswer(null);
    setProblem(reason);
    setFile(reason ? null : (accepted[0] ?? null));
  };

  const handleImport = () => {
    if (!file) {
      setProblem(messages.keywordPlannerFileRequired);
      return;
    }
    setProblem(null);
    setProgress({ loaded: 0, total: 0 });
    importFile.mutate(
      { projectId, file, onProgress: setProgress },
      {
        onSuccess: (imported) => {
          setAnswer(imported);
          setFile(null);
          onImported?.(imported);
        },
        onError: (error) => {
          if (!isUnauthorized(error)) setProblem(errorMessage(error, messages.failedToImportKeywordPlanner));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap="md">
      {answer ? (
        <ImportSummary answer={answer} />
      ) : (
        <>
          <Text size="sm" c="dimmed" id={hintId}>
            In Google Ads Keyword Planner, choose Download keyword ideas, then drop the .csv file here. Its keywords
            join the project with their searches, competition and bids.
          </Text>
          <FileDropzone
            title="Drop a Keyword Planner file here"
            hint={`${keywordPlannerExtensions.join(' or ')}, one file, up to ${maxMegabytes} MB`}
            onDropAny={choose}
            accept={keywordPlannerAccept}
            maxSize={constants.keywordPlannerImport.maxBytes}
            multiple={false}
            disabled={isBusy}
            inputProps={{ 'aria-label': 'Keyword Planner file', 'aria-describedby': hintId }}
          />
          {file && (
            <Group gap="xs" wrap="nowrap" className={classes.chosen}>
              <IconFileSpreadsheet size={18} aria-hidden className={classes.fileIcon} />
              <Text size="sm" fw={500} className={classes.fileName}>
                {file.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {formatFileSize(file.size)}
              </Text>
            </Group>
          )}
          {progress && <UploadStatus progress={progress} />}
        </>
      )}
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {answer ? (
          <>
            <Button variant="default" onClick={() => setAnswer(null)}>
              Import another file
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button leftSection={<IconUpload size={16} />} onClick={handleImport} loading={isBusy} disabled={!file}>
              Import
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Import from Keyword Planner: one exported file (UTF-16 tab-separated, or UTF-8 CSV) posted to the
 * project; its keywords are added with their figures, and the dialog shows what was done. Mount it
 * with a new `key` per opening, so it starts empty.
 */
export function KeywordPlannerImportDialog({
  opened,
  projectId,
  onClose,
  onImported,
}: {
  opened: boolean;
  projectId: number;
  onClose: () => void;
  onImported?: (answer: KeywordPlannerImportAnswer) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.importFromKeywordPlanner} size="lg">
      <KeywordPlannerImportForm projectId={projectId} onClose={onClose} onImported={onImported} />
    </Modal>
  );
}
