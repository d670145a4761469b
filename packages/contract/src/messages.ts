/**
 * Every user-facing text, exactly as SPEC.md section 8 writes it, plus the
 * server's own texts. Nothing else in the code base types a message.
 */
export const messages = {
  // Projects and keywords
  failedToLoadProjects: 'Failed to load projects.',
  failedToLoadProjectsShort: 'Failed to load projects',
  failedToSaveProject: 'Failed to save project.',
  failedToDeleteProject: 'Failed to delete project.',
  failedToLoadProjectData: 'Failed to load project data.',
  failedToDeleteKeyword: 'Failed to delete keyword.',
  failedToStartGeneration: 'Failed to start keyword generation.',
  failedToAddKeyword: 'Failed to add keyword.',
  noKeywordSuggestions: 'No keyword suggestions found',
  failedToFetchKeywordSuggestions: 'Failed to fetch keyword suggestions',
  failedToFetchCpc: 'Failed to fetch CPC data',
  noKeywordsToExport: 'No keywords to export',
  failedToExportKeywords: 'Failed to export keywords',
  fillInAllFields: 'Please fill in all fields.',
  cpcLoaded: 'CPC data loaded successfully',
  minCpcAboveMax: 'Minimum CPC cannot be greater than maximum CPC',
  invalidCpcBound: 'Please enter a price such as 1.50',
  cpcTooHigh: 'Must be 1,000,000 or less',
  noNewKeywordsGenerated: 'No new keywords were found for these settings. Try a wider CPC range or another word count.',

  // Similar keywords
  failedToGetSimilarKeywords: 'Failed to get similar keywords',
  noActiveProject: 'No active project.',
  noSimilarKeywords: 'No similar keywords found.',
  estimatedLabel: 'Estimated',
  estimatedHint: 'Estimated by Keywright’s offline model, not measured by Google Ads.',
  projectNotFound: 'Project not found.',
  failedToSaveKeywordToList: 'Failed to save keyword to list',
  couldNotFetchLists: 'Could not fetch your lists.',
  couldNotCreateList: 'Could not create the list',
  couldNotAddKeywordToList: 'Could not add keyword to the list',
  keywordAlreadyInList: 'This keyword is already in the list.',
  noKeywordToAdd: 'No keyword to add.',
  selectOrCreateList: 'Please select a list or create a new one',

  // Lists
  failedToFetchKeywordLists: 'Failed to fetch keyword lists.',
  failedToFetchListDetails: 'Failed to fetch list details',
  failedToDeleteList: 'Failed to delete list',
  failedToRemoveKeywordFromList: 'Failed to remove keyword from list',
  failedToUpdateList: 'Failed to update list',
  listNeedsProject: 'List must be associated with a project to get suggestions',
  noSuggestionsFound: 'No suggestions found',
  noSuggestionsHint: 'Try more general seed keywords.',
  failedToFetchSuggestions: 'Failed to fetch suggestions',
  failedToAddKeywordToList: 'Failed to add keyword to list',
  projectNotFoundForList: 'Project not found for this list',
  noKeywordsInList: 'No keywords in this list',
  noListsAvailable: 'No keyword lists available. Please create a list first.',
  saveToListTitle: (keyword: string) => `Save ${keyword} to list`,
  addToExistingList: 'Add to existing list',
  createNewList: 'Create new list',
  addToKeywordListTitle: 'Add to Keyword List',
  addToKeywordListSubtitle: 'Select an existing list or create a new one.',
  showTeamLists: 'Show team keyword lists',
  noProject: 'No Project',
  listNameRequired: 'Please enter a list name',
  listNameTaken: 'You already have a list with this name.',
  listTextNeedsProject: 'Choose a project for this list before adding keywords to it by name.',
  keywordNotInProject: 'This keyword is not in the project.',
  deleteListTitle: 'Delete list',
  deleteListBody: (name: string) =>
    `Delete the list ${name}? Its keywords stay in their projects. This action cannot be undone.`,

  // Generator
  missingRequiredFields: (fields: string[]) => `Missing required fields: ${fields.join(', ')}`,
  fillInGeneratorFields: 'Please fill in Project Name and Product/Service Description fields.',
  generationProcessFailed: 'The keyword generation process failed. Please check server logs.',
  failedToFetchJobStatus: 'Failed to fetch job status.',
  generationFailedOffline: 'Keyword generation failed.',

  // Team
  failedToLoadTeamMembers: 'Failed to load team members',
  failedToAddTeamMember: 'Failed to add team member',
  failedToRemoveTeamMember: 'Failed to remove team member',
  failedToLeaveTeams: 'Failed to leave teams',
  invalidEmail: 'Please enter a valid email address',

  // Success
  projectUpdated: 'Project updated successfully!',
  projectCreated: 'Project created successfully!',
  projectDeleted: 'Project deleted successfully!',
  keywordDeleted: 'Keyword deleted successfully!',
  keywordAdded: (text: string) => `Keyword ${text} added successfully!`,
  exportedKeywords: (count: number) => `Exported ${count} keywords to CSV`,
  generatedKeywords: (count: number) => `Generated ${count} new keywords!`,
  invitedToTeam: (email: string) => `Invited ${email} to your team`,
  removedFromTeam: (email: string) => `Removed ${email} from your team`,
  leftAllTeams: 'Successfully left all teams',
  addedToList: (text: string) => `Added ${text} to list`,
  listCreated: (name: string) => `List ${name} created.`,
  addedToTheList: (text: string) => `${text} added to the list.`,
  keywordAddedToList: 'Keyword added to list!',
  listUpdated: 'List updated successfully',
  listDeleted: 'List deleted successfully',
  keywordRemovedFromList: 'Keyword removed from list',
  cacheRefreshed: 'Cache refreshed',

  // Confirmations and dialogs
  deleteProjectTitle: 'Delete Project',
  deleteProjectBody: 'Are you sure you want to delete this project and all its data? This action cannot be undone.',
  deleteKeywordConfirm: 'Are you sure you want to delete this keyword?',
  removeMemberTitle: 'Remove team member',
  removeMemberBody: (email: string) =>
    `Remove ${email} from your team? They will lose access to your projects and keyword lists.`,
  leaveTeamsTitle: 'Leave All Teams',
  leaveTeamsBody:
    'Leave every team you belong to? You will lose access to the projects and keyword lists shared with you.',
  earlyAlphaNotice:
    'Early alpha: no invitation e-mail is sent. Tell your teammate yourself; they need an account with this e-mail address.',

  // Server texts (errors that reach a person through a toast or inline)
  invalidRequest: 'The request is not valid.',
  invalidCharacters: 'Must not contain control characters or broken Unicode characters',
  signInRequired: 'Please sign in to continue.',
  notFound: 'Not found.',
  forbiddenDelete: 'Only the owner can delete this.',
  keywordExists: 'This keyword is already in the project.',
  noAccountForEmail: 'No account uses this e-mail address. Ask them to sign up first.',
  cannotAddSelf: 'You cannot add yourself to your own team.',
  alreadyTeamMember: 'This person is already on your team.',
  notTeamMember: 'This person is not on your team.',
  internalError: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  genericError: 'Error',
  metricsOff: 'Keyword metrics are turned off on this server.',
  upstreamFailed: (service: string, detail: string) => `${service} answered with an error: ${detail}`,
  upstreamUnreachable: (service: string) => `${service} could not be reached. Please try again later.`,
  upstreamUnreadable: (service: string) => `${service} sent an answer Keywright could not read.`,
  upstreamTimedOut: (service: string) => `${service} did not answer in time. Please try again later.`,
} as const;

export type MessageKey = keyof typeof messages;
