import {
  bulkKeywordsInputSchema,
  constants,
  keywordInputSchema,
  messages,
  splitKeywordText,
  type Keyword,
} from '@keywright/contract';
import { Button, Group, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '@/lib/api-error';
import { notifyApiError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useAddKeyword } from '@/components/project-keywords/api/add-keyword';
import { useAddProjectKeywords } from '../api/add-project-keywords';
import classes from './keywords.module.css';

/** Several keywords: a line break or a comma in what was typed or pasted. */
const isList = (text: string) => /[\n\r,]/.test(text);

/**
 * Add Keyword: one keyword as SPEC has it, or a pasted list (one a line or separated by commas)
 * added at once, with a summary of what was added and what was skipped. Enter adds; Shift+Enter
 * starts a new line.
 */
export function AddKeywordForm({ projectId, onAdded }: { projectId: number; onAdded: (keywords: Keyword[]) => void }) {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const addKeyword = useAddKeyword();
  const addKeywords = useAddProjectKeywords();
  const isAdding = addKeyword.isPending || addKeywords.isPending;

  const addOne = () => {
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
          onAdded([keyword]);
        },
        onError: (error) =>
          notifyApiError(error, messages.failedToAddKeyword, {
            preferServerText: isApiError(error) && error.status === 409,
          }),
      },
    );
  };

  const addList = () => {
    const parsed = bulkKeywordsInputSchema.safeParse({ keywords: splitKeywordText(text) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // A part too long: say which one.
      const part = typeof issue?.path[1] === 'number' ? splitKeywordText(text)[issue.path[1]] : undefined;
      setInputError(
        part ? `“${part.slice(0, 40)}…”: ${issue?.message}` : (issue?.message ?? messages.failedToAddKeywords),
      );
      return;
    }
    addKeywords.mutate(
      { projectId, keywords: parsed.data.keywords },
      {
        onSuccess: ({ added, repeated, existing }) => {
          const summary = messages.pastedKeywordsSummary({ added: added.length, repeated: repeated.length, existing });
          if (added.length > 0) notifySuccess(summary);
          else notifyInfo(summary);
          setText('');
          if (added.length > 0) onAdded(added);
        },
        onError: (error) => notifyApiError(error, messages.failedToAddKeywords, { preferServerText: true }),
      },
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isAdding) return;
    if (isList(text)) addList();
    else addOne();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap" className={classes.addForm}>
        <Textarea
          label="New keyword"
          placeholder="e.g. trail running shoes"
          description={messages.pasteKeywordsHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setInputError(null);
          }}
          onKeyDown={handleKeyDown}
          error={inputError}
          autosize
          minRows={1}
          maxRows={6}
          // Room for a pasted list: each keyword is checked against the single limit.
          maxLength={constants.limits.bulkKeywords * (constants.limits.keyword + 1)}
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconPlus size={18} />} loading={isAdding} className={classes.addButton}>
          Add Keyword
        </Button>
      </Group>
    </form>
  );
}
