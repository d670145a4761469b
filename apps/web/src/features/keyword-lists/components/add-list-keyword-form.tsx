import { addListTextInputSchema, constants, messages, type KeywordList } from '@keywright/contract';
import { Button, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useAddKeywordListText } from '../api/add-keyword-list-text';
import { notifyAddToListError } from './notify-add-to-list';
import { notifySuccess } from '@/lib/notify';
import classes from './keyword-lists.module.css';

/** Adds a keyword to the list by its text; a list without a project cannot (the server would answer 400). */
export function AddListKeywordForm({ list, onAdded }: { list: KeywordList; onAdded: () => void }) {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const hasProject = list.project_id !== null;
  const addText = useAddKeywordListText({
    onSuccess: ({ item }) => {
      notifySuccess(messages.addedToTheList(item.keyword));
      setText('');
      onAdded();
    },
    onError: notifyAddToListError,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = addListTextInputSchema.safeParse({ keyword_text: text });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? messages.failedToAddKeywordToList);
      return;
    }
    addText.mutate({ listId: list.id, keywordText: parsed.data.keyword_text });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.addForm}>
      <TextInput
        aria-label={`Keyword to add to ${list.name}`}
        placeholder="Add a keyword"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setInputError(null);
        }}
        error={inputError}
        description={hasProject ? undefined : messages.listTextNeedsProject}
        inputWrapperOrder={['input', 'error', 'description']}
        disabled={!hasProject}
        maxLength={constants.limits.keyword}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button
        type="submit"
        aria-label={`Add keyword to ${list.name}`}
        leftSection={<IconPlus size={16} />}
        loading={addText.isPending}
        disabled={!hasProject}
      >
        Add
      </Button>
    </form>
  );
}
