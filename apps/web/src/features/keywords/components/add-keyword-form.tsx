import { constants, keywordInputSchema, messages, type Keyword } from '@keywright/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-error';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useAddKeyword } from '@/components/project-keywords/api/add-keyword';
import classes from './keywords.module.css';

export function AddKeywordForm({ projectId, onAdded }: { projectId: number; onAdded: (keyword: Keyword) => void }) {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const addKeyword = useAddKeyword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = keywordInputSchema.safeParse({ keyword: text });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? messages.failedToAddKeyword);
      return;
    }
    addKeyword.mutate(
      { projectId, input: parsed.data },
      {
        onSuccess: (keyword) => {
          notifySuccess(messages.keywordAdded(keyword.keyword));
          setText('');
          onAdded(keyword);
        },
        onError: (error) =>
          notifyApiError(error, messages.failedToAddKeyword, {
            preferServerText: isApiError(error) && error.status === 409,
          }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap" className={classes.addForm}>
        <TextInput
          label="New keyword"
          placeholder="e.g. trail running shoes"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setInputError(null);
          }}
          error={inputError}
          maxLength={constants.limits.keyword}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={18} />}
          loading={addKeyword.isPending}
          className={classes.addButton}
        >
          Add Keyword
        </Button>
      </Group>
    </form>
  );
}
