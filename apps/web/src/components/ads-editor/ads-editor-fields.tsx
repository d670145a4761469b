import { adMatchTypes, constants, messages, type AdMatchType } from '@keywright/contract';
import { Checkbox, Group, Radio, TextInput } from '@mantine/core';
import type { Ref } from 'react';

const { nameMaxLength } = constants.adsEditor;

/**
 * The fields every Google Ads Editor export asks for (a list's ad group, a project's campaign):
 * the campaign's name, the landing page, the keywords' match type and their Max CPC.
 */
export function CampaignNameInput({
  value,
  error,
  label = messages.campaignLabel,
  description,
  isRequired = false,
  onChange,
  onBlur,
}: {
  value: string;
  error?: string;
  label?: string;
  description?: string;
  isRequired?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      maxLength={nameMaxLength}
      required={isRequired}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

export function FinalUrlInput({
  value,
  error,
  className,
  inputRef,
  onChange,
  onBlur,
}: {
  value: string;
  error?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  return (
    <TextInput
      ref={inputRef}
      label={messages.finalUrlLabel}
      type="url"
      inputMode="url"
      placeholder="https://example.com"
      value={value}
      maxLength={constants.limits.finalUrl}
      required
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      className={className}
    />
  );
}

export function MatchTypeRadioGroup({
  value,
  onChange,
}: {
  value: AdMatchType;
  onChange: (value: AdMatchType) => void;
}) {
  return (
    <Radio.Group label={messages.matchTypeLabel} value={value} onChange={(next) => onChange(next as AdMatchType)}>
      <Group gap="lg" mt={8}>
        {adMatchTypes.map((type) => (
          <Radio key={type} value={type} label={type} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function IncludeMaxCpcCheckbox({
  checked,
  label = messages.includeMaxCpcLabel,
  description = messages.includeMaxCpcHint,
  className,
  onChange,
}: {
  checked: boolean;
  label?: string;
  description?: string;
  className?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      label={label}
      description={description}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      className={className}
    />
  );
}
