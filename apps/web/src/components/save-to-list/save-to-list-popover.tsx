import { messages } from '@keywright/contract';
import { ActionIcon, Popover } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { notifyError } from '@/lib/notify';
import { useKeywordListRefs } from './api/get-keyword-list-refs';
import { LazyPopover } from '../lazy-popover';
import { LazyTooltip } from '../lazy-tooltip';

export interface SaveToListPopoverProps {
  keywordId: number;
  keyword: string;
  /** A new list is made for this project. */
  projectId: number;
}

/**
 * The form's code (its list field is Mantine's Select and Combobox), loaded
 * when a row's popover is first opened, or when its button is pointed at or
 * focused; the popover opens once it is in, so the focus moves into the form.
 */
let SaveToListForm: typeof import('./save-to-list-form').SaveToListForm | undefined;
let formLoading: Promise<void> | undefined;
const loadSaveToListForm = (): Promise<void> =>
  (formLoading ??= import('./save-to-list-form').then(
    (module) => {
      SaveToListForm = module.SaveToListForm;
    },
    (error: unknown) => {
      // A failed load (the network, a new build) is tried again on the next press.
      formLoading = undefined;
      throw error;
    },
  ));
/** Fetched ahead when the button is pointed at or focused; a failure there is said on the press. */
const preloadSaveToListForm = () => void loadSaveToListForm().catch(() => {});
/** Its code could not be loaded: the keyword cannot be saved now. */
const notifyLoadFailed = () => notifyError(messages.failedToSaveKeywordToList);

/**
 * A row's save-to-list button and its popover 'Save {keyword} to list'. The
 * bookmark is filled once the keyword is known to be in a list.
 */
export function SaveToListPopover(props: SaveToListPopoverProps) {
  const { keywordId, keyword } = props;
  const [isOpen, setOpen] = useState(false);
  const titleId = useId();
  // Asked for when the popover opens; a closed row shows what is known already.
  const refs = useKeywordListRefs(keywordId, { enabled: isOpen });
  const savedListIds = new Set(refs.data?.map((ref) => ref.id));
  const isSaved = savedListIds.size > 0;
  return (
    <LazyPopover
      opened={isOpen}
      onChange={setOpen}
      width="min(340px, calc(100vw - 32px))"
      control={(ref) => (
        <LazyTooltip label={isSaved ? 'Saved to a list' : 'Save to list'} disabled={isOpen}>
          <ActionIcon
            ref={ref}
            size="lg"
            color="teal"
            variant={isSaved ? 'light' : 'subtle'}
            aria-label={messages.saveToListTitle(keyword)}
            data-saved={isSaved || undefined}
            onClick={() => {
              if (isOpen) setOpen(false);
              else void loadSaveToListForm().then(() => setOpen(true), notifyLoadFailed);
            }}
            onPointerEnter={preloadSaveToListForm}
            onFocus={preloadSaveToListForm}
          >
            {isSaved ? <IconBookmarkFilled size={18} /> : <IconBookmark size={18} />}
          </ActionIcon>
        </LazyTooltip>
      )}
      dropdown={
        <Popover.Dropdown aria-labelledby={titleId} p="sm">
          {isOpen && SaveToListForm && (
            <SaveToListForm {...props} savedListIds={savedListIds} titleId={titleId} onClose={() => setOpen(false)} />
          )}
        </Popover.Dropdown>
      }
    />
  );
}
