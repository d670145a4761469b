import type { GenerateFilteredKeywordsAnswer, Project } from '@keywright/contract';
import { GenerateKeywordsDialog, KeywordPlannerImportDialog } from '@/components/lazy-dialogs';
import { useDialog, type DialogState } from '@/lib/use-dialog';
import type { GenerateCountRange } from './generate-keywords-form';
import { notifyGenerated } from './notify-generated';

export interface AddKeywordsDialogState {
  generate: DialogState<undefined>;
  plannerImport: DialogState<undefined>;
}

/** The open state of a keyword card's two ways to add keywords in bulk: Generate and the Planner import. */
export function useAddKeywordsDialogs(): AddKeywordsDialogState {
  return { generate: useDialog(), plannerImport: useDialog() };
}

/**
 * Generate keywords and Import from Keyword Planner, as the project's keyword cards offer them:
 * the generated keywords are announced, and either way `onAdded` lets the card show the new ones.
 */
export function AddKeywordsDialogs({
  dialogs: { generate, plannerImport },
  projectId,
  currency,
  generateTitle,
  countRange,
  failureMessage,
  onShowSuggestions,
  onAdded,
}: {
  dialogs: AddKeywordsDialogState;
  projectId: number;
  currency: Project['currency'];
  generateTitle: string;
  countRange: GenerateCountRange;
  /** The generate failure's text when the server sends none. */
  failureMessage: string;
  onShowSuggestions: () => void;
  /** New keywords joined the project (generated or imported). */
  onAdded: () => void;
}) {
  const handleGenerated = (generated: GenerateFilteredKeywordsAnswer) => {
    generate.close();
    notifyGenerated(generated);
    onAdded();
  };
  return (
    <>
      <GenerateKeywordsDialog
        key={generate.key}
        opened={generate.opened}
        projectId={projectId}
        currency={currency}
        title={generateTitle}
        countRange={countRange}
        failureMessage={failureMessage}
        onClose={generate.close}
        onShowSuggestions={() => {
          generate.close();
          onShowSuggestions();
        }}
        onGenerated={handleGenerated}
      />
      <KeywordPlannerImportDialog
        key={`import-${plannerImport.key}`}
        opened={plannerImport.opened}
        projectId={projectId}
        onClose={plannerImport.close}
        onImported={onAdded}
      />
    </>
  );
}
