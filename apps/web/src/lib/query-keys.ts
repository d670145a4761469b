/** Query keys shared across features, so one feature can refresh what another shows. */
export const queryKeys = {
  projects: ['projects'] as const,
  project: (projectId: number) => ['projects', projectId] as const,
  projectKeywords: (projectId: number) => ['projects', projectId, 'keywords'] as const,
  teamMembers: ['team', 'members'] as const,
};
