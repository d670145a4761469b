import { messages, type Project } from '@keywright/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useDeleteProject } from '../api/delete-project';

/** Open while a project is pending deletion. */
export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const deleteProject = useDeleteProject();

  const handleConfirm = () => {
    if (!project) return;
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        notifySuccess(messages.projectDeleted);
        onClose();
      },
      onError: (error) => {
        notifyApiError(error, messages.failedToDeleteProject);
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      opened={project !== null}
      title={messages.deleteProjectTitle}
      body={messages.deleteProjectBody}
      confirmLabel="Delete"
      isLoading={deleteProject.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  );
}
