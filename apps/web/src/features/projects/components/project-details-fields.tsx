import { currencyCodes, messages } from '@keywright/contract';
import { Divider, Select, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';

/** The details beyond SPEC's form, as the dialog edits them. */
export interface ProjectDetailsValues {
  site_url: string;
  target_audience: string;
  competitors: string;
  brand: string;
  /** '' follows the country. */
  currency: string;
}

type Field = keyof ProjectDetailsValues;

/** The Select's value for "from the country": Mantine reads '' as no choice. */
const AUTOMATIC = 'auto';

function currencyOptions(automaticLabel: string) {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return [
    { value: AUTOMATIC, label: automaticLabel },
    ...currencyCodes.map((code) => ({ value: code, label: `${code} - ${names.of(code) ?? code}` })),
  ];
}

/**
 * Site, audience, competitors, brand and currency. The brand's placeholder is the project's
 * name (empty means the name); the currency's first choice follows the country.
 */
export function ProjectDetailsFields({
  values,
  errors,
  projectName,
  countryCurrency,
  onChange,
}: {
  values: ProjectDetailsValues;
  errors: Partial<Record<Field, string>>;
  projectName: string;
  /** The currency the saved country gives, when the country is unchanged; undefined otherwise. */
  countryCurrency: string | undefined;
  onChange: (field: Field, value: string) => void;
}) {
  const automaticLabel = messages.currencyAutomatic(countryCurrency);
  const options = useMemo(() => currencyOptions(automaticLabel), [automaticLabel]);
  const text = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
  });

  return (
    <>
      <Divider label={messages.moreDetails} labelPosition="left" mt="xs" />
      <TextInput label={messages.siteUrlLabel} placeholder={messages.siteUrlPlaceholder} {...text('site_url')} />
      <TextInput
        label={messages.brandLabel}
        description={messages.brandDescription}
        placeholder={projectName.trim() || undefined}
        {...text('brand')}
      />
      <TextInput
        label={messages.competitorsLabel}
        description={messages.competitorsDescription}
        placeholder={messages.competitorsPlaceholder}
        {...text('competitors')}
      />
      <Textarea
        label={messages.targetAudienceLabel}
        placeholder={messages.targetAudiencePlaceholder}
        autosize
        minRows={2}
        maxRows={5}
        {...text('target_audience')}
      />
      <Select
        label={messages.currencyLabel}
        description={messages.currencyDescription}
        data={options}
        value={values.currency || AUTOMATIC}
        onChange={(value) => onChange('currency', !value || value === AUTOMATIC ? '' : value)}
        error={errors.currency}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage={messages.noCurrencyFound}
      />
    </>
  );
}
