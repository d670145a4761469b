import { lazyDialog } from './lazy-dialog';

// Each is rendered, closed, by the keyword screens; see lazyDialog.

export const GenerateKeywordsDialog = lazyDialog(
  () => import('./project-keywords/generate-keywords-dialog').then((module) => module.GenerateKeywordsDialog),
  (props) => props.opened,
);

export const KeywordPlannerImportDialog = lazyDialog(
  () =>
    import('./keyword-planner-import/keyword-planner-import-dialog').then(
      (module) => module.KeywordPlannerImportDialog,
    ),
  (props) => props.opened,
);

export const AddToListDialog = lazyDialog(
  () => import('./save-to-list/add-to-list-dialog').then((module) => module.AddToListDialog),
  (props) => props.target !== null,
);
