import { messages, projectInputSchema, type Project, type ProjectInput } from '@keywright/contract';
import { Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useCreateProject } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';
import { ProjectDetailsFields } from './project-details-fields';

type FormValues = Required<ProjectInput>;
type FieldErrors = Partial<Record<keyof FormValues, string>>;

const emptyValues: FormValues = {
  name: '',
  description: '',
  country: '',
  city: '',
  language: '',
  site_url: '',
  target_audience: '',
  competitors: '',
  brand: '',
  currency: '',
};

function valuesOf(project: Project | null): FormValues {
  if (!project) return emptyValues;
  const { name, description, country, city, language, site_url, target_audience, competitors, brand } = project;
  const currency = project.currency_auto ? '' : project.currency;
  return { name, description, country, city, language, site_url, target_audience, competitors, brand, currency };
}

/**
 * Create (no project) or edit (a project) dialog. Mount it with a `key` per
 * project so the fields start from that project.
 */
export function ProjectFormModal({
  opened,
  project,
  onClose,
}: {
  opened: boolean;
  project: Project | null;
  onClose: () => void;
}) {
  const isEdit = project !== null;
  const [values, setValues] = useState<FormValues>(() => valuesOf(project));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const isSaving = createProject.isPending || updateProject.isPending;

  const changeField = (field: keyof FormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };
  const setField = (field: keyof FormValues) => (event: { currentTarget: { value: string } }) =>
    changeField(field, event.currentTarget.value);
  // The country's currency is known for the saved country only: another one is the server's to read.
  const countryCurrency =
    project?.currency_auto && values.country.trim() === project.country.trim() ? project.currency : undefined;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.name.trim() || !values.description.trim()) {
      notifyError(messages.fillInAllFields);
      return;
    }
    const parsed = projectInputSchema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FormValues | undefined;
        if (field && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    const options = {
      onSuccess: () => {
        notifySuccess(isEdit ? messages.projectUpdated : messages.projectCreated);
        onClose();
      },
      onError: (error: unknown) => notifyApiError(error, messages.failedToSaveProject),
    };
    if (project) updateProject.mutate({ projectId: project.id, input: parsed.data }, options);
    else createProject.mutate(parsed.data, options);
  };

  return (
    <Modal
      opened={opened}
      onClose={isSaving ? () => undefined : onClose}
      title={isEdit ? 'Edit Project' : 'Create Project'}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="Spring campaign"
            value={values.name}
            onChange={setField('name')}
            error={fieldErrors.name}
            data-autofocus
          />
          <Textarea
            label="Description"
            placeholder="What do you sell, and to whom?"
            autosize
            minRows={3}
            maxRows={8}
            value={values.description}
            onChange={setField('description')}
            error={fieldErrors.description}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Country"
              placeholder="United States"
              value={values.country}
              onChange={setField('country')}
              error={fieldErrors.country}
            />
            <TextInput
              label="City"
              placeholder="New York"
              value={values.city}
              onChange={setField('city')}
              error={fieldErrors.city}
            />
            <TextInput
              label="Language"
              placeholder="English"
              value={values.language}
              onChange={setField('language')}
              error={fieldErrors.language}
            />
          </SimpleGrid>
          {/* Create stays SPEC's short form; a project's details are edited once it exists. */}
          {isEdit && (
            <ProjectDetailsFields
              values={values}
              errors={fieldErrors}
              projectName={values.name}
              countryCurrency={countryCurrency}
              onChange={changeField}
            />
          )}
          <FormDialogActions submitLabel="Save" isSaving={isSaving} mt="sm" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
