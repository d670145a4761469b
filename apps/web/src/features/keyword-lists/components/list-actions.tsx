import type { KeywordList } from '@keywright/contract';
import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconBulb, IconDots, IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import classes from './keyword-lists.module.css';

/** What a person can do with a list; Delete only when they own it. */
export interface ListActionHandlers {
  onDownload: (list: KeywordList) => void;
  onGetSuggestions: (list: KeywordList) => void;
  onEdit: (list: KeywordList) => void;
  onDelete: (list: KeywordList) => void;
}

interface ListActionsProps extends ListActionHandlers {
  list: KeywordList;
  canDelete: boolean;
  isFetchingSuggestions: boolean;
}

/** Wide screens: one icon button per action, each named after the list. */
export function ListActionButtons({ list, canDelete, isFetchingSuggestions, ...handlers }: ListActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Download CSV">
        <ActionIcon
          color="gray"
          size="lg"
          aria-label={`Download CSV of ${list.name}`}
          onClick={() => handlers.onDownload(list)}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Get suggestions">
        <ActionIcon
          color="gray"
          size="lg"
          aria-label={`Get suggestions for ${list.name}`}
          loading={isFetchingSuggestions}
          onClick={() => handlers.onGetSuggestions(list)}
        >
          <IconBulb size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit list">
        <ActionIcon color="gray" size="lg" aria-label={`Edit ${list.name}`} onClick={() => handlers.onEdit(list)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      {canDelete ? (
        <Tooltip label="Delete list">
          <ActionIcon color="red" size="lg" aria-label={`Delete ${list.name}`} onClick={() => handlers.onDelete(list)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        // A teammate's list keeps Delete's place, so its other actions line up with the rows above and below.
        <span className={classes.actionSlot} aria-hidden />
      )}
    </Group>
  );
}

/** Narrow screens: the same actions in a menu. */
export function ListActionsMenu({ list, canDelete, isFetchingSuggestions, ...handlers }: ListActionsProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={`Actions for ${list.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => handlers.onDownload(list)}>
          Download CSV
        </Menu.Item>
        <Menu.Item
          leftSection={<IconBulb size={16} />}
          disabled={isFetchingSuggestions}
          onClick={() => handlers.onGetSuggestions(list)}
        >
          Get suggestions
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => handlers.onEdit(list)}>
          Edit list
        </Menu.Item>
        {canDelete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => handlers.onDelete(list)}>
              Delete list
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
