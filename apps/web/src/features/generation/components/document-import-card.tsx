import {
  constants,
  mergeProjectDetails,
  messages,
  type DocumentResult,
  type DriveFile,
  type ProjectDetails,
} from '@keywright/contract';
import { Box, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import type { FileWithPath } from '@mantine/dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { IconBrandGoogleDrive, IconCircleCheckFilled, IconCircleXFilled, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState, type RefObject } from 'react';
import { FileDropzone, UploadProgressBar } from '@/components/file-dropzone/file-dropzone';
import { lazyDialog } from '@/components/lazy-dialog';
import { errorMessage, isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError } from '@/lib/notify';
import { useDialog } from '@/lib/use-dialog';
import { analyzeDocuments } from '../api/analyze-documents';
import { analyzeDriveFile, driveConnectUrl, driveImportConcurrency, driveKeys } from '../api/google-drive';
import {
  checkDocumentFiles,
  documentAccept,
  documentTypesText,
  mapLimited,
  readSummary,
  type FillOutcome,
} from '../documents';
import { useGoogleDrive, type DriveConnection } from '../hooks/use-google-drive';
import { useDriveSetupText } from '../hooks/use-drive-setup-text';
import type { DriveImportProgress } from './drive-picker-dialog';
import type { GeneratorFormHandle } from './generator-form';
import classes from './documents.module.css';

/** Its code comes when it is first opened: most visits never import from Drive. */
const DrivePickerDialog = lazyDialog(
  () => import('./drive-picker-dialog').then((module) => module.DrivePickerDialog),
  (props) => props.opened,
);

type Busy = { files: string[]; loaded: number; total: number } | null;

interface Report {
  source: 'upload' | 'drive';
  results: DocumentResult[];
  outcome: FillOutcome | null;
}

/**
 * The generator's document upload area (SPEC 5): drop or browse up to 10 documents, or import
 * them from Google Drive; the server reads them and the form above Start is filled with what
 * they say. Each file's outcome stays listed until the next upload.
 */
export function DocumentImportCard({
  formRef,
  disabled,
}: {
  formRef: RefObject<GeneratorFormHandle | null>;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState<Busy>(null);
  const [report, setReport] = useState<Report | null>(null);
  const picker = useDialog();
  const [driveProgress, setDriveProgress] = useState<DriveImportProgress | null>(null);
  const drive = useGoogleDrive();
  const driveSetupText = useDriveSetupText();
  const queryClient = useQueryClient();
  const titleId = useId();

  const fill = (details: ProjectDetails) => formRef.current?.fill(details) ?? null;

  const upload = async (files: FileWithPath[]) => {
    const check = checkDocumentFiles(files);
    if (check.tooMany) {
      notifyError(messages.tooManyFiles, messages.tooManyFilesTitle);
      return;
    }
    if (check.accepted.length === 0) {
      setReport({ source: 'upload', results: check.refused, outcome: null });
      notifyError(messages.failedToAnalyzeDocument);
      return;
    }
    setReport(null);
    setBusy({ files: check.accepted.map((file) => file.name), loaded: 0, total: 0 });
    try {
      const answer = await analyzeDocuments(check.accepted, {
        onProgress: ({ loaded, total }) => setBusy((current) => current && { ...current, loaded, total }),
      });
      const anyRead = answer.files.some((file) => file.read);
      setReport({
        source: 'upload',
        results: [...answer.files, ...check.refused],
        outcome: anyRead ? fill(answer.projectDetails) : null,
      });
      if (!anyRead) notifyError(messages.failedToAnalyzeDocument);
    } catch (error) {
      notifyApiError(error, messages.failedToAnalyzeDocument, { preferServerText: true });
    } finally {
      setBusy(null);
    }
  };

  const importFromDrive = async (files: DriveFile[]) => {
    setDriveProgress({ done: 0, total: files.length });
    const outcomes = await mapLimited(
      files,
      driveImportConcurrency,
      (file) => analyzeDriveFile(file.id),
      (done) => setDriveProgress({ done, total: files.length }),
    );
    const results: DocumentResult[] = [];
    const found: ProjectDetails[] = [];
    let callError: unknown = null;
    outcomes.forEach((outcome, index) => {
      const file = files[index]!;
      if (outcome.status === 'fulfilled') {
        results.push(...outcome.value.files.map((result) => asDriveFile(result, file.name)));
        if (outcome.value.files.some((result) => result.read)) found.push(outcome.value.projectDetails);
        return;
      }
      callError ??= outcome.reason;
      results.push({
        name: file.name,
        read: false,
        problem: null,
        message: `${file.name}: ${errorMessage(outcome.reason, messages.failedToImportFromDrive)}`,
      });
    });
    setDriveProgress(null);
    if (isUnauthorized(callError)) return;
    picker.close();
    setReport({ source: 'drive', results, outcome: found.length > 0 ? fill(mergeProjectDetails(found)) : null });
    if (callError !== null) {
      // A Drive that said no (disconnected at Google, say) shows as such on the button.
      void queryClient.invalidateQueries({ queryKey: driveKeys.status });
      const everyCallFailed = outcomes.every((outcome) => outcome.status === 'rejected');
      if (found.length === 0 && !everyCallFailed) {
        notifyError(messages.failedToImportAnyFiles);
      } else {
        // The server's text ("Not found.") under a title that says what it is about.
        const message = errorMessage(callError, messages.failedToImportFromDrive);
        notifyError(
          message,
          message === messages.failedToImportFromDrive ? undefined : messages.failedToImportFromDrive,
        );
      }
    } else if (found.length === 0) {
      notifyError(messages.failedToImportAnyFiles);
    }
  };

  const isBusy = busy !== null || driveProgress !== null;
  const isDisabled = disabled || isBusy;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <Stack gap={4} mb="md">
        <Title order={2} id={titleId}>
          Import from documents
        </Title>
        <Text size="sm" c="dimmed">
          Fill the project details from a brief, a pitch deck or your site&apos;s copy.
        </Text>
      </Stack>

      <FileDropzone
        title="Drop documents here"
        hint={`${documentTypesText}; up to ${constants.maxUploadFiles} files, ${Math.round(constants.maxDocumentBytes / 1024 / 1024)} MB each`}
        onDropAny={(accepted, rejected) => void upload([...accepted, ...rejected.map(({ file }) => file)])}
        accept={documentAccept}
        disabled={isDisabled}
        inputProps={{ 'aria-label': 'Documents to upload' }}
        actions={<DriveButton drive={drive} disabled={isDisabled} onImport={() => picker.open()} />}
      />

      {drive === 'not-configured' && (
        <Group gap={6} wrap="nowrap" align="flex-start" mt="xs" className={classes.driveNote}>
          <IconInfoCircle size={16} aria-hidden className={classes.noteIcon} />
          <Text id="drive-not-configured" size="xs">
            {driveSetupText}
          </Text>
        </Group>
      )}

      {busy && <UploadProgress busy={busy} />}
      {report && !isBusy && <ImportReport report={report} onClear={() => setReport(null)} />}

      {drive === 'connected' && (
        <DrivePickerDialog
          opened={picker.opened}
          progress={driveProgress}
          onClose={picker.close}
          onImport={(files) => void importFromDrive(files)}
        />
      )}
    </Card>
  );
}

/**
 * A Drive file's result under the name the picker showed: the server reads a Google Doc or Slides
 * as "<name>.txt", a name the person never saw.
 */
function asDriveFile(result: DocumentResult, name: string): DocumentResult {
  if (!result.name || result.name === name) return { ...result, name };
  return { ...result, name, message: result.message?.replaceAll(result.name, name) ?? null };
}

function DriveButton({
  drive,
  disabled,
  onImport,
}: {
  drive: DriveConnection;
  disabled: boolean;
  onImport: () => void;
}) {
  const icon = <IconBrandGoogleDrive size={18} />;
  switch (drive) {
    case 'connected':
      return (
        <Button variant="default" leftSection={icon} onClick={onImport} disabled={disabled}>
          Import from Google Drive
        </Button>
      );
    case 'not-connected':
      // Connecting leaves the page for Google's consent: a link, to the server's redirect.
      return disabled ? (
        <Button variant="default" leftSection={icon} disabled>
          Connect Google Drive
        </Button>
      ) : (
        <Button component="a" href={driveConnectUrl} variant="default" leftSection={icon}>
          Connect Google Drive
        </Button>
      );
    case 'not-configured':
      return (
        <Button variant="default" leftSection={icon} disabled aria-describedby="drive-not-configured">
          Google Drive
        </Button>
      );
    default:
      return (
        <Button variant="default" leftSection={icon} loading loaderProps={{ size: 'xs' }}>
          Google Drive
        </Button>
      );
  }
}

function UploadProgress({ busy }: { busy: NonNullable<Busy> }) {
  const count = busy.files.length;
  const noun = count === 1 ? 'document' : 'documents';
  return (
    <Stack gap={8} mt="md" role="status">
      <UploadProgressBar
        progress={busy}
        sendingLabel={`Uploading ${count} ${noun}…`}
        readingLabel={`Reading ${count} ${noun}…`}
      />
      <Box component="ul" className={classes.fileList}>
        {busy.files.map((name, index) => (
          <Text component="li" key={`${name}-${index}`} size="sm" c="dimmed" className={classes.fileName}>
            {name}
          </Text>
        ))}
      </Box>
    </Stack>
  );
}

function ImportReport({ report, onClear }: { report: Report; onClear: () => void }) {
  const headingId = useId();
  const { outcome } = report;
  const from = report.source === 'drive' ? 'Google Drive: ' : '';
  return (
    <Box mt="md" className={classes.report} role="region" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Title order={3} size="h5" id={headingId}>
          {from}
          {readSummary(report.results)}
        </Title>
        <CloseButton size="sm" aria-label="Clear the file results" onClick={onClear} />
      </Group>
      <Stack component="ul" gap={6} className={classes.fileList}>
        {report.results.map((result, index) => (
          <Group component="li" key={`${result.name}-${index}`} gap={8} wrap="nowrap" align="flex-start">
            {result.read ? (
              <IconCircleCheckFilled size={18} className={classes.readIcon} aria-hidden />
            ) : (
              <IconCircleXFilled size={18} className={classes.failedIcon} aria-hidden />
            )}
            <Text size="sm" className={classes.fileName}>
              {result.read ? (
                <>
                  {result.name}{' '}
                  <Text span size="sm" c="teal.9">
                    read
                  </Text>
                </>
              ) : (
                (result.message ?? result.name)
              )}
            </Text>
          </Group>
        ))}
      </Stack>
      {outcome && (
        <Stack gap={4} mt="sm">
          <Text size="sm">
            {outcome.filled.length > 0
              ? `Filled from the documents: ${outcome.filled.join(', ')}.`
              : 'The documents held nothing new for the form.'}
          </Text>
          {outcome.kept.map((kept) => (
            <Text key={kept.label} size="xs" c="dimmed">
              Kept your {kept.label} ({kept.value}); the documents say {kept.found}.
            </Text>
          ))}
        </Stack>
      )}
    </Box>
  );
}
