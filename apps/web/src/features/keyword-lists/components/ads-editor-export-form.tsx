import { constants, messages, type ExportLeftOut } from '@keywright/contract';
import { Alert, Button, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useId, type FormEvent } from 'react';
import {
  CampaignNameInput,
  FinalUrlInput,
  IncludeMaxCpcCheckbox,
  MatchTypeRadioGroup,
} from '@/components/ads-editor/ads-editor-fields';
import { LeftOutSummary } from '@/components/ads-editor/left-out-summary';
import { NegativeListsChoice, type useNegativeListsChoice } from '@/components/ads-editor/negative-lists-choice';
import { lineLength, type AdsEditorErrors, type AdsEditorFields } from '../ad-preview';
import classes from './ad-copy.module.css';

const { pathMaxLength, nameMaxLength } = constants.adsEditor;

/**
 * The Google Ads Editor export: campaign, ad group, match type, final URL, paths, Max CPC and the
 * project's negative lists to carry. The kept lines come from the lists above; `errors` are the
 * ones to show now; `leftOut`, what the last download left out for Google Ads' limits.
 */
export function AdsEditorExportForm({
  fields,
  errors,
  negativeLists,
  leftOut,
  isBlocked,
  isExporting,
  onChange,
  onBlur,
  onSubmit,
}: {
  fields: AdsEditorFields;
  errors: AdsEditorErrors;
  negativeLists: ReturnType<typeof useNegativeListsChoice>;
  leftOut: ExportLeftOut | null;
  /** The export was asked for and something must be fixed first: says so beside the button. */
  isBlocked: boolean;
  isExporting: boolean;
  onChange: (change: Partial<AdsEditorFields>) => void;
  onBlur: (field: keyof AdsEditorFields) => void;
  onSubmit: () => void;
}) {
  const headingId = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  const pathField = (name: 'path1' | 'path2', label: string) => {
    const { length, isOver } = lineLength(fields[name], pathMaxLength);
    return (
      <TextInput
        label={label}
        value={fields[name]}
        onChange={(event) => onChange({ [name]: event.currentTarget.value })}
        onBlur={() => onBlur(name)}
        error={errors[name] ?? (isOver ? messages.atMostCharacters(pathMaxLength) : undefined)}
        rightSection={
          <Text size="xs" c={isOver ? 'var(--mantine-color-error)' : 'dimmed'} aria-hidden>
            {messages.characterCount(length, pathMaxLength)}
          </Text>
        }
        rightSectionWidth={52}
        rightSectionPointerEvents="none"
      />
    );
  };

  return (
    <section aria-labelledby={headingId} className={classes.exportSection}>
      <form onSubmit={handleSubmit} noValidate>
        <Title order={3} id={headingId} size="h4">
          {messages.adsEditorTitle}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {messages.adsEditorHint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <CampaignNameInput
            value={fields.campaign}
            isRequired
            onChange={(campaign) => onChange({ campaign })}
            onBlur={() => onBlur('campaign')}
            error={errors.campaign}
          />
          <TextInput
            label={messages.adGroupLabel}
            value={fields.adGroup}
            maxLength={nameMaxLength}
            required
            onChange={(event) => onChange({ adGroup: event.currentTarget.value })}
            onBlur={() => onBlur('adGroup')}
            error={errors.adGroup}
          />
          <FinalUrlInput
            value={fields.finalUrl}
            onChange={(finalUrl) => onChange({ finalUrl })}
            onBlur={() => onBlur('finalUrl')}
            error={errors.finalUrl}
            className={classes.wideField}
          />
          {pathField('path1', messages.path1Label)}
          {pathField('path2', messages.path2Label)}
          <MatchTypeRadioGroup value={fields.matchType} onChange={(matchType) => onChange({ matchType })} />
          <IncludeMaxCpcCheckbox
            checked={fields.includeMaxCpc}
            onChange={(includeMaxCpc) => onChange({ includeMaxCpc })}
            className={classes.maxCpc}
          />
          {fields.includeMaxCpc && (
            <IncludeMaxCpcCheckbox
              label={messages.useEstimatedBidsLabel}
              description={messages.useEstimatedBidsHint}
              checked={fields.useEstimatedBids}
              onChange={(useEstimatedBids) => onChange({ useEstimatedBids })}
              className={classes.maxCpc}
            />
          )}
        </SimpleGrid>
        <div className={classes.negativeLists}>
          <NegativeListsChoice choice={negativeLists} />
        </div>
        {isBlocked && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mt="md" role="alert">
            {messages.fixAdLinesBeforeExport}
          </Alert>
        )}
        {leftOut && (
          <div className={classes.leftOut}>
            <LeftOutSummary summary={leftOut} />
          </div>
        )}
        <Group justify="flex-end" mt="lg">
          <Button
            type="submit"
            leftSection={<IconFileSpreadsheet size={18} />}
            loading={isExporting}
            className={classes.exportButton}
          >
            {messages.downloadForAdsEditor}
          </Button>
        </Group>
      </form>
    </section>
  );
}
