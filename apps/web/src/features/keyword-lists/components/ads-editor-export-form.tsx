import { adMatchTypes, constants, messages, type AdMatchType } from '@keywright/contract';
import { Alert, Button, Checkbox, Group, Radio, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useId, type FormEvent } from 'react';
import { lineLength, type AdsEditorErrors, type AdsEditorFields } from '../ad-preview';
import classes from './ad-copy.module.css';

const { pathMaxLength, nameMaxLength } = constants.adsEditor;

/**
 * The Google Ads Editor export: campaign, ad group, match type, final URL, paths and Max CPC.
 * The kept lines come from the lists above; `errors` are the ones to show now.
 */
export function AdsEditorExportForm({
  fields,
  errors,
  isBlocked,
  isExporting,
  onChange,
  onBlur,
  onSubmit,
}: {
  fields: AdsEditorFields;
  errors: AdsEditorErrors;
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
          <TextInput
            label={messages.campaignLabel}
            value={fields.campaign}
            maxLength={nameMaxLength}
            required
            onChange={(event) => onChange({ campaign: event.currentTarget.value })}
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
          <TextInput
            label={messages.finalUrlLabel}
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            value={fields.finalUrl}
            maxLength={constants.limits.finalUrl}
            required
            onChange={(event) => onChange({ finalUrl: event.currentTarget.value })}
            onBlur={() => onBlur('finalUrl')}
            error={errors.finalUrl}
            className={classes.wideField}
          />
          {pathField('path1', messages.path1Label)}
          {pathField('path2', messages.path2Label)}
          <Radio.Group
            label={messages.matchTypeLabel}
            value={fields.matchType}
            onChange={(value) => onChange({ matchType: value as AdMatchType })}
          >
            <Group gap="lg" mt={8}>
              {adMatchTypes.map((type) => (
                <Radio key={type} value={type} label={type} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox
            label={messages.includeMaxCpcLabel}
            description={messages.includeMaxCpcHint}
            checked={fields.includeMaxCpc}
            onChange={(event) => onChange({ includeMaxCpc: event.currentTarget.checked })}
            className={classes.maxCpc}
          />
        </SimpleGrid>
        {isBlocked && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mt="md" role="alert">
            {messages.fixAdLinesBeforeExport}
          </Alert>
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
