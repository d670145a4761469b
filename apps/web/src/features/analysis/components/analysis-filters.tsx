import { constants, currencySymbol, messages, type Competition } from '@keywright/contract';
import { Badge, Button, Chip, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { FilterButtons } from '@/components/filter-buttons';
import { IntentChips } from '@/components/intent-chips';
import {
  boundTextsOf,
  cleanBoundInput,
  hasAnalysisFilters,
  noAnalysisBounds,
  readBoundTexts,
  sameBounds,
  type AnalysisBounds,
  type AnalysisView,
  type BoundTexts,
} from '../analysis-view';
import type { ChangeView } from '../hooks/use-analysis-view';
import classes from './analysis.module.css';

const searchDelayMs = 300;

type FieldError = { field: keyof BoundTexts; message: string } | null;

const boundFields: ReadonlyArray<{ field: keyof BoundTexts; label: string; placeholder: string; isCpc: boolean }> = [
  { field: 'minVolume', label: 'Min searches', placeholder: '0', isCpc: false },
  { field: 'maxVolume', label: 'Max searches', placeholder: 'Any', isCpc: false },
  { field: 'minCpc', label: 'Min CPC', placeholder: '0.00', isCpc: true },
  { field: 'maxCpc', label: 'Max CPC', placeholder: 'Any', isCpc: true },
];

/** The filters besides the text that are set: competition, intent, searches bounds, CPC bounds. */
const countFoldedFilters = (view: AnalysisView) =>
  Number(view.competition.length > 0) +
  Number(view.intents.length > 0) +
  Number(view.minVolume !== null || view.maxVolume !== null) +
  Number(view.minCpc !== null || view.maxCpc !== null);

const boundsOf = (view: AnalysisView): AnalysisBounds => ({
  minVolume: view.minVolume,
  maxVolume: view.maxVolume,
  minCpc: view.minCpc,
  maxCpc: view.maxCpc,
});

/**
 * The filters the server applies: text (as typed, after a pause), competition levels and intents
 * (at once), and searches and CPC bounds (Apply, with SPEC's CPC input rules). Each change starts from page 1.
 */
export function AnalysisFilters({
  view,
  onChange,
  isCompact,
  currency,
}: {
  view: AnalysisView;
  onChange: ChangeView;
  /** The project's currency: the CPC bounds are in it. */
  currency?: string;
  /** Phones: the search shows; the other filters fold away behind Show filters (open while any is set). */
  isCompact: boolean;
}) {
  const competitionLabelId = useId();
  const intentLabelId = useId();
  const statusId = useId();
  const panelId = useId();
  const activeCount = countFoldedFilters(view);
  const [isOpen, setOpen] = useState(activeCount > 0);
  const [searchText, setSearchText] = useState(view.search);
  const [texts, setTexts] = useState<BoundTexts>(() => boundTextsOf(view));
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const symbol = currencySymbol(currency);

  // The address may change under the fields (Back, a shared link): they follow it.
  const [shownSearch, setShownSearch] = useState(view.search);
  if (view.search !== shownSearch) {
    setShownSearch(view.search);
    if (view.search !== searchText.trim()) setSearchText(view.search);
  }
  const applied = boundsOf(view);
  const [shownBounds, setShownBounds] = useState(applied);
  if (!sameBounds(applied, shownBounds)) {
    setShownBounds(applied);
    setTexts(boundTextsOf(applied));
    setFieldError(null);
  }

  const applySearch = useDebouncedCallback((value: string) => onChange({ search: value.trim() }, { replace: true }), {
    delay: searchDelayMs,
  });

  const handleApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reading = readBoundTexts(texts);
    if (!reading.ok) {
      setFieldError({ field: reading.field, message: reading.message });
      return;
    }
    setFieldError(null);
    if (!sameBounds(reading.bounds, applied)) onChange(reading.bounds);
  };

  const handleClear = () => {
    applySearch.cancel();
    setSearchText('');
    setTexts(boundTextsOf(noAnalysisBounds));
    setFieldError(null);
    if (hasAnalysisFilters(view)) onChange({ search: '', competition: [], intents: [], ...noAnalysisBounds });
  };

  const hasBoundTexts = Object.values(texts).some((text) => text !== '');
  const isFiltered = hasAnalysisFilters(view);

  const competitionGroup = (
    <div role="group" aria-labelledby={competitionLabelId} className={classes.competition}>
      <Text id={competitionLabelId} size="sm" fw={500} mb={6}>
        Competition
      </Text>
      <Chip.Group
        multiple
        value={view.competition}
        onChange={(value) => {
          const chosen = new Set(value);
          onChange({ competition: constants.competitionLevels.filter((level) => chosen.has(level)) });
        }}
      >
        <Group gap={6} wrap="nowrap">
          {constants.competitionLevels.map((level: Competition) => (
            <Chip key={level} value={level} size="sm" variant="outline">
              {level}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );

  const intentGroup = (
    <div role="group" aria-labelledby={intentLabelId} className={classes.intent}>
      <Text id={intentLabelId} size="sm" fw={500} mb={6}>
        {messages.intentHeading}
      </Text>
      <IntentChips value={view.intents} onChange={(intents) => onChange({ intents })} />
    </div>
  );

  return (
    <div className={classes.filters}>
      <Group gap="md" align="flex-end" wrap={isCompact ? 'nowrap' : 'wrap'} className={classes.filterRow}>
        <TextInput
          label="Search"
          placeholder="Search keywords"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            searchText ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onClick={() => {
                  applySearch.cancel();
                  setSearchText('');
                  if (view.search) onChange({ search: '' });
                }}
              />
            ) : null
          }
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          maxLength={constants.limits.keyword}
          className={classes.searchInput}
        />
        {isCompact ? (
          <Button
            variant={isOpen ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              activeCount > 0 ? (
                <Badge size="sm" circle variant="filled">
                  {activeCount}
                </Badge>
              ) : undefined
            }
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={() => setOpen((open) => !open)}
            className={classes.filtersToggle}
          >
            {isOpen ? 'Hide filters' : 'Show filters'}
          </Button>
        ) : (
          <>
            {competitionGroup}
            {intentGroup}
          </>
        )}
      </Group>
      {(!isCompact || isOpen) && (
        <div id={panelId} className={classes.filterPanel}>
          {isCompact && competitionGroup}
          {isCompact && intentGroup}
          <form onSubmit={handleApply} noValidate aria-label="Searches and CPC filter" className={classes.boundsForm}>
            <div className={classes.boundFields}>
              {boundFields.map(({ field, label, placeholder, isCpc }) => (
                <TextInput
                  key={field}
                  label={label}
                  value={texts[field]}
                  onChange={(event) => {
                    const value = cleanBoundInput(field, event.currentTarget.value);
                    setTexts((current) => ({ ...current, [field]: value }));
                    setFieldError(null);
                  }}
                  // The field is marked (aria-invalid); the message is said once, below, in a live region.
                  error={fieldError?.field === field}
                  aria-describedby={statusId}
                  inputMode={isCpc ? 'decimal' : 'numeric'}
                  autoComplete="off"
                  maxLength={isCpc ? 10 : 12}
                  placeholder={placeholder}
                  leftSection={isCpc ? <span aria-hidden>{symbol}</span> : undefined}
                  leftSectionWidth={isCpc ? (symbol.length > 1 ? 44 : 28) : undefined}
                  className={classes.boundInput}
                />
              ))}
            </div>
            <FilterButtons
              clearLabel="Clear filters"
              isClearDisabled={!isFiltered && !hasBoundTexts && !searchText && !fieldError}
              className={classes.filterButtons}
              onClear={handleClear}
            />
          </form>
          <Text
            id={statusId}
            size="sm"
            c={fieldError ? 'red.8' : 'dimmed'}
            aria-live="polite"
            className={classes.filterStatus}
          >
            {fieldError
              ? fieldError.message
              : `A keyword stays when its CPC range overlaps the CPC bounds. Keywords without figures are left out while a figure filter is set.${view.intents.length > 0 ? ` ${messages.intentFilterHint}` : ''}`}
          </Text>
        </div>
      )}
    </div>
  );
}
