import {
  constants,
  generationInputSchema,
  generatorLengthOptions,
  messages,
  type GenerationInput,
  type Project,
  type ProjectDetails,
} from '@keywright/contract';
import {
  Box,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconFolder, IconSparkles } from '@tabler/icons-react';
import { useEffect, useImperativeHandle, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { chosenProjectPlaces, fillFromDocuments, isPlaceField, type FillOutcome, type PlaceField } from '../documents';
import {
  clampKeywordCount,
  defaultGeneratorValues,
  generatorFieldLabels as labels,
  isGeneratorLength,
  keepDigits,
  missingRequiredFields,
  requiredGeneratorFields,
  toGenerationInput,
  valuesFromProject,
  type GeneratorField,
  type GeneratorFormValues,
  type RequiredGeneratorField,
} from '../generator-form';
import classes from './generator.module.css';

const { limits } = constants;
type FieldErrors = Partial<Record<GeneratorField, string>>;

/** What the upload area may do to the form. */
export interface GeneratorFormHandle {
  /** Fills the form from documents' details (the rule: `fillFromDocuments`); answers what changed. */
  fill: (details: ProjectDetails) => FillOutcome;
}

/** The project form and Start. `project` (from ?projectId) fills it and receives the keywords. */
export function GeneratorForm({
  project,
  isPending,
  onStart,
  ref,
}: {
  project: Project | null;
  isPending: boolean;
  onStart: (input: GenerationInput) => void;
  ref?: Ref<GeneratorFormHandle>;
}) {
  const [values, setValues] = useState<GeneratorFormValues>(() =>
    project ? valuesFromProject(project) : defaultGeneratorValues,
  );
  const [touched, setTouched] = useState<Record<RequiredGeneratorField, boolean>>({
    projectName: false,
    productService: false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  // Country, city and language the person chose (a project's own count as chosen), which
  // documents never overwrite; the form's untouched defaults are no one's choice.
  const [chosenPlaces, setChosenPlaces] = useState<ReadonlySet<PlaceField>>(
    () => new Set(project ? chosenProjectPlaces(project) : []),
  );
  const latestChosen = useRef(chosenPlaces);
  useEffect(() => {
    latestChosen.current = chosenPlaces;
  }, [chosenPlaces]);
  // The latest values for `fill`, which runs when an upload finishes (after more typing, maybe).
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  useImperativeHandle(
    ref,
    () => ({
      fill: (details) => {
        const outcome = fillFromDocuments(latest.current, details, latestChosen.current);
        latest.current = outcome.values;
        setValues(outcome.values);
        setErrors({});
        return outcome;
      },
    }),
    [],
  );

  const missing = missingRequiredFields(values);
  const isEmptyAfterTouch = (field: RequiredGeneratorField) => touched[field] && !values[field].trim();
  const showRequiredHint = requiredGeneratorFields.some(isEmptyAfterTouch);

  const setField = <F extends GeneratorField>(field: F, value: GeneratorFormValues[F]) => {
    if (isPlaceField(field)) setChosenPlaces((chosen) => (chosen.has(field) ? chosen : new Set(chosen).add(field)));
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const touch = (field: RequiredGeneratorField) => setTouched((current) => ({ ...current, [field]: true }));

  const textField = (field: Exclude<GeneratorField, 'keywordLength'>) => ({
    label: labels[field],
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setField(field, event.currentTarget.value),
    error: errors[field],
    disabled: isPending,
  });
  const requiredField = (field: RequiredGeneratorField) => ({
    ...textField(field),
    required: true,
    // The asterisk comes from CSS: as text inside the label it would become part of the field's name.
    withAsterisk: false,
    classNames: { label: classes.requiredLabel },
    onBlur: () => touch(field),
    error: errors[field] ?? isEmptyAfterTouch(field),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    if (missing.length > 0) {
      setTouched({ projectName: true, productService: true });
      return;
    }
    const input = toGenerationInput(values, project?.id);
    const parsed = generationInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && field in labels && !found[field as GeneratorField]) {
          found[field as GeneratorField] = issue.message;
        }
      }
      setErrors(found);
      return;
    }
    setValues((current) => ({ ...current, keywordCount: String(input.keywordCount) }));
    onStart(input);
  };

  const isStartDisabled = isPending || missing.length > 0;

  return (
    <Card component="section" aria-labelledby="generator-form-title">
      <Stack gap={4} mb="md">
        <Title order={2} id="generator-form-title">
          Project details
        </Title>
        {project ? (
          <Group gap={6} wrap="nowrap" className={classes.projectNote}>
            <IconFolder size={16} aria-hidden />
            <Text size="sm" fw={500} truncate="end">
              Adding keywords to {project.name}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            A new project is created with the keywords.
          </Text>
        )}
      </Stack>

      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...requiredField('projectName')}
            placeholder="e.g. Riverside Coffee Roasters"
            maxLength={limits.projectName}
          />
          <TextInput {...textField('siteUrl')} placeholder="https://example.com" inputMode="url" maxLength={500} />
          <TextInput
            {...textField('targetAudience')}
            placeholder="e.g. home baristas in the Bay Area"
            maxLength={1000}
          />
          <Textarea
            {...requiredField('productService')}
            placeholder="What do you sell or offer, and what makes it different?"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={limits.projectDescription}
          />
          <TextInput
            {...textField('competitors')}
            description="Comma separated"
            placeholder="e.g. Blue Bottle, Stumptown"
            maxLength={1000}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput {...textField('country')} maxLength={limits.place} />
            <TextInput {...textField('city')} maxLength={limits.place} />
            <TextInput {...textField('language')} maxLength={limits.place} />
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              {...textField('keywordCount')}
              inputMode="numeric"
              maxLength={3}
              description={`${constants.generatorKeywordCount.min} to ${constants.generatorKeywordCount.max}`}
              onChange={(event) => setField('keywordCount', keepDigits(event.currentTarget.value))}
              onBlur={() => setField('keywordCount', String(clampKeywordCount(values.keywordCount)))}
            />
            <Select
              label={labels.keywordLength}
              description="Words per keyword"
              data={generatorLengthOptions}
              value={values.keywordLength}
              onChange={(value) => {
                if (isGeneratorLength(value)) setField('keywordLength', value);
              }}
              allowDeselect={false}
              disabled={isPending}
              // Closed, the options leave the page: a hidden listbox would share the field's label.
              comboboxProps={{ keepMounted: false }}
            />
          </SimpleGrid>

          {showRequiredHint && (
            <Text role="alert" size="sm" c="red.8">
              {messages.fillInGeneratorFields}
            </Text>
          )}

          {/* A disabled button gets no hover: the tooltip sits on a wrapper. */}
          <Tooltip
            label={messages.missingRequiredFields(missing)}
            disabled={isPending || missing.length === 0}
            // Wraps on phones instead of running off the screen.
            multiline
            maw="min(360px, calc(100vw - 32px))"
            ta="center"
          >
            <Box className={classes.startWrapper} mt="xs">
              <Button
                type="submit"
                size="md"
                fullWidth
                leftSection={<IconSparkles size={18} />}
                disabled={isStartDisabled}
                loading={isPending}
              >
                Start
              </Button>
            </Box>
          </Tooltip>
        </Stack>
      </form>
    </Card>
  );
}
