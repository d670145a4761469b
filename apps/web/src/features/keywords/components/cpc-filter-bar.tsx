import { cleanCpcInput, currencySymbol } from '@keywright/contract';
import { Badge, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FilterButtons } from '@/components/filter-buttons';
import { cpcBoundParam, describeCpcBounds, hasCpcBounds, readCpcFilter, type CpcBounds } from '@/lib/cpc-filter';
import classes from './keywords.module.css';

type FieldError = { field: keyof CpcBounds; message: string } | null;

/**
 * Min CPC and Max CPC (digits and the dot only), Apply and Clear. Shown once CPC is loaded.
 * Mount it with a key naming the bounds: other bounds (Back, a link) fill the fields afresh.
 */
export function CpcFilterBar({
  bounds,
  currency,
  onApply,
  onClear,
}: {
  bounds: CpcBounds;
  /** The project's currency: the bounds are in it. */
  currency?: string;
  onApply: (bounds: CpcBounds) => void;
  onClear: () => void;
}) {
  // The applied bounds (from the address) fill the fields.
  const [minText, setMinText] = useState(bounds.minCpc === null ? '' : cpcBoundParam(bounds.minCpc));
  const [maxText, setMaxText] = useState(bounds.maxCpc === null ? '' : cpcBoundParam(bounds.maxCpc));
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const isApplied = hasCpcBounds(bounds);
  const symbol = currencySymbol(currency);

  const handleApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reading = readCpcFilter(minText, maxText);
    if (!reading.ok) {
      setFieldError({ field: reading.field, message: reading.message });
      return;
    }
    setFieldError(null);
    if (hasCpcBounds(reading.bounds)) onApply(reading.bounds);
    else if (isApplied) onClear();
  };

  const handleClear = () => {
    setMinText('');
    setMaxText('');
    setFieldError(null);
    onClear();
  };

  const inputProps = (field: keyof CpcBounds, value: string, setValue: (value: string) => void) => ({
    value,
    onChange: (event: { currentTarget: { value: string } }) => {
      setValue(cleanCpcInput(event.currentTarget.value));
      setFieldError(null);
    },
    // The field is marked (aria-invalid); the message is said once, across the bar, in a live region.
    error: fieldError?.field === field,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    maxLength: 10,
    placeholder: field === 'minCpc' ? '0.00' : 'Any',
    leftSection: <span aria-hidden>{symbol}</span>,
    leftSectionWidth: symbol.length > 1 ? 44 : 28,
    className: classes.cpcInput,
  });

  return (
    <form onSubmit={handleApply} noValidate aria-label="CPC filter" className={classes.filterBar}>
      <Group gap="sm" align="flex-start" className={classes.filterFields}>
        <TextInput label="Min CPC" {...inputProps('minCpc', minText, setMinText)} />
        <TextInput label="Max CPC" {...inputProps('maxCpc', maxText, setMaxText)} />
        <FilterButtons
          clearLabel="Clear"
          isClearDisabled={!isApplied && !minText && !maxText && !fieldError}
          className={classes.filterButtons}
          onClear={handleClear}
        />
      </Group>
      <Text size="sm" c={fieldError ? 'red.8' : 'dimmed'} aria-live="polite" className={classes.filterStatus}>
        {fieldError ? (
          fieldError.message
        ) : isApplied ? (
          <>
            Filtered by CPC{' '}
            <Badge variant="light" radius="sm" tt="none" fw={600}>
              {describeCpcBounds(bounds)}
            </Badge>
          </>
        ) : (
          'A keyword stays when its CPC range overlaps the bounds.'
        )}
      </Text>
    </form>
  );
}
