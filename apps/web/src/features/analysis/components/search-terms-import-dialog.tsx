import { messages, type Project } from '@keywright/contract';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import classes from './analysis.module.css';

/**
 * The search terms screen's upload, given by the route (a feature does not import another): it
 * imports the report for the project and calls `onImported` once a report is in.
 */
export type SearchTermsImportSlot = ComponentType<{ projectId: number; onImported: () => void }>;

/**
 * Import search terms report, from the analysis page: the same upload as the Search terms
 * screen in a dialog; once a report is in, an offer to go and read its terms there. Full screen
 * on phones.
 */
export function SearchTermsImportDialog({
  project,
  opened,
  fullScreen,
  Import,
  onClose,
}: {
  project: Project;
  opened: boolean;
  fullScreen: boolean;
  Import: SearchTermsImportSlot;
  onClose: () => void;
}) {
  const [isImported, setIsImported] = useState(false);
  const close = () => {
    setIsImported(false);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={messages.analysisImportSearchTerms}
      size="lg"
      fullScreen={fullScreen}
      radius={fullScreen ? 0 : undefined}
    >
      {/* The upload is a card with its own bottom margin: the offer follows it without more gap. */}
      <Stack gap={0}>
        <Import projectId={project.id} onImported={() => setIsImported(true)} />
        {isImported && (
          <div role="status" className={classes.offer}>
            <Text size="sm">{messages.analysisSearchTermsImported}</Text>
            <Button
              component={Link}
              to={`/projects/${project.id}/search-terms`}
              rightSection={<IconArrowRight size={16} />}
              className={classes.offerButton}
            >
              {messages.analysisGoToSearchTerms}
            </Button>
          </div>
        )}
      </Stack>
    </Modal>
  );
}
