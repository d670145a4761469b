import type { KeywordLengthRule } from './generation';
import { bulkMessages } from './bulk-messages';
import { documentReadingMessages } from './document-reading-messages';
import { figureSourceMessages } from './figure-source-messages';
import { projectDetailsMessages } from './project-details-messages';
import { searchConsoleConnectionMessages } from './search-console-connection-messages';
import { searchConsoleMessages } from './search-console-messages';
import { searchConsoleViewMessages } from './search-console-view-messages';
import { searchTermsMessages } from './search-terms-messages';
import { negativeListsMessages } from './negative-lists-messages';
import { negativeSuggestionsMessages } from './negative-suggestions-messages';
import { searchTermsViewMessages } from './search-terms-view-messages';
import { adsEditorExportMessages } from './ads-editor-export-messages';

/** A length rule in words, as a shortfall notice names it; 'any' names none. */
const lengthRuleWords: Record<KeywordLengthRule, string | null> = {
  '1-2': '1-2 words',
  '2': '2 words',
  '2-3': '2-3 words',
  '3+': '3 or more words',
  '4+': '4 or more words',
  '3-4': '3-4 words',
  any: null,
};

/**
 * The wider rule a shortfall notice suggests, per dialog: only one its length choice offers.
 * The generator has nothing wider than 2-3; Generate More and the analysis dialog offer Any.
 */
const widerLengthRule: Record<'generator' | 'more', Record<KeywordLengthRule, KeywordLengthRule | null>> = {
  generator: { '1-2': '2-3', '2': '2-3', '2-3': null, '3+': '2-3', '4+': '3+', '3-4': '3+', any: null },
  more: { '1-2': 'any', '2': 'any', '2-3': 'any', '3+': 'any', '4+': 'any', '3-4': 'any', any: null },
};

export interface KeywordsShortfallOptions {
  /** Which dialog asked: the generator, or Generate More and the analysis page's (new keywords only). */
  dialog?: 'generator' | 'more';
  /** The CPC bounds, not the word count, left keywords out. */
  byCpcRange?: boolean;
}

function keywordsShortfall(
  delivered: number,
  rule: KeywordLengthRule,
  { dialog = 'generator', byCpcRange = false }: KeywordsShortfallOptions = {},
): string {
  const noun = `${dialog === 'more' ? 'new ' : ''}keyword${delivered === 1 ? '' : 's'}`;
  const words = lengthRuleWords[rule];
  const limit = byCpcRange ? ' in this CPC range' : words ? ` of ${words}` : '';
  const amount = delivered === 0 ? 'No' : `Only ${delivered}`;
  const verb = delivered === 1 ? 'fits' : 'fit';
  const wider = widerLengthRule[dialog][rule];
  const hint = byCpcRange
    ? 'Widen the CPC range for more.'
    : wider === 'any'
      ? 'Choose any number of words for more.'
      : wider
        ? `Choose ${lengthRuleWords[wider]} for more.`
        : 'Add more about what you offer to the description for more.';
  return `${amount} ${noun}${limit} ${verb} this description. ${hint}`;
}

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
  estimatedHint:
    'Estimated by Keywright’s offline model, not measured by Google Ads. Bids are modelled in US dollars and shown in the place’s currency at a rough exchange rate.',
  // The 0-100 figure (issue 24): one name and one value on every screen (the keywords CSV keeps SPEC's Difficulty).
  competitionIndexLabel: 'Competition Index',
  competitionIndexHint:
    'How much advertisers compete for this keyword, from 0 (few bid on it) to 100 (the most): Google Ads’ competition index, or the estimate of it. The keywords CSV calls it Difficulty.',
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

  // Ad copy
  failedToGenerateHeadlines: 'Failed to generate headlines',
  failedToGenerateDescriptions: 'Failed to generate descriptions',
  listNeedsProjectForAds: 'List must be associated with a project to generate headlines and descriptions',
  adKeywordsRequired: 'Add at least one keyword to write the ad from.',
  adKeywordBlank: 'A keyword must not be blank.',
  adTooManyKeywords: 'Ads are written from at most 1,000 keywords.',
  adProjectNameRequired: 'The project name is required.',
  adLineBlank: 'A line must not be blank.',
  campaignNameRequired: 'Please enter a campaign name',
  adGroupNameRequired: 'Please enter an ad group name',
  finalUrlInvalid: 'Enter the full address of the landing page, such as https://example.com',
  path2NeedsPath1: 'Path 2 needs Path 1',
  adsEditorHeadlineCount: 'Keep between 3 and 15 headlines.',
  adsEditorDescriptionCount: 'Keep between 2 and 4 descriptions.',
  // Ad copy on the lists page: the buttons, the ad preview and its export
  generateHeadlines: 'Generate Headlines',
  generateDescriptions: 'Generate Descriptions',
  adPreview: 'Ad preview',
  adCopyFor: (listName: string) => `Ad copy for ${listName}`,
  adPreviewTitle: (listName: string) => `Ad preview: ${listName}`,
  adCopyWriting: 'Writing headlines and descriptions…',
  failedToWriteAdCopy: 'Failed to write the ad copy',
  regenerateAdCopy: 'Regenerate',
  sponsored: 'Sponsored',
  showAnotherCombination: 'Show another combination',
  adPreviewNoSite: 'yoursite.com',
  adHeadlinesTitle: 'Headlines',
  adDescriptionsTitle: 'Descriptions',
  headlinesKept: (kept: number, max: number) => `${kept} of ${max} headlines kept`,
  descriptionsKept: (kept: number, max: number) => `${kept} of ${max} descriptions kept`,
  keepLimitReached: 'Untick a line to keep another.',
  keepHeadline: (index: number) => `Keep headline ${index}`,
  keepDescription: (index: number) => `Keep description ${index}`,
  headlineLabel: (index: number) => `Headline ${index}`,
  descriptionLabel: (index: number) => `Description ${index}`,
  characterCount: (length: number, max: number) => `${length}/${max}`,
  adLineTooLong: (max: number) => `Too long: at most ${max} characters`,
  adsEditorTitle: 'Export for Google Ads Editor',
  adsEditorHint: 'One ad group with the list’s keywords and one responsive search ad of the kept lines.',
  campaignLabel: 'Campaign',
  adGroupLabel: 'Ad group',
  matchTypeLabel: 'Match type',
  finalUrlLabel: 'Final URL',
  path1Label: 'Path 1',
  path2Label: 'Path 2',
  includeMaxCpcLabel: 'Include Max CPC',
  includeMaxCpcHint: 'Each keyword’s high top-of-page bid, where its figures are loaded.',
  downloadForAdsEditor: 'Download for Google Ads Editor',
  fixAdLinesBeforeExport: 'Fix the lines and fields marked above, then download again.',
  failedToExportAdsEditor: 'Failed to export for Google Ads Editor',
  adWrittenFromKeywords: (used: number, total: number) =>
    used === total
      ? `Written from the list’s ${total} keywords.`
      : `Written from ${used} of the list’s ${total} keywords.`,

  // Documents and Google Drive (SPEC section 8, plus the per-file reasons)
  failedToAnalyzeDocument: 'Failed to analyze document.',
  failedToImportAnyFiles: 'Failed to import any files',
  failedToImportFromDrive: 'Failed to import files from Google Drive',
  failedToConnectDrive: 'Failed to connect to Google Drive',
  connectedToDrive: 'Connected to Google Drive!',
  noFilesSelected: 'No files selected',
  tooManyFilesTitle: 'Too many files',
  tooManyFiles: 'You can upload a maximum of 10 files.',
  // Set-up notices (issue 24): the settings are named to an administrator only (and in the README).
  driveNotConfigured: 'Google Drive is not set up on this server. Ask your administrator to turn it on.',
  driveSetupForAdministrator: (settings: readonly string[]) =>
    `Google Drive is not set up on this server. As its administrator, set ${settings.join(' and ')} (see the README), then restart Keywright.`,
  driveNotConnected: 'Connect Google Drive first.',
  driveDisconnected: 'Google Drive disconnected',
  /** Disconnected here, but Google's revoke failed (issue 28): where the person removes the grant themselves. */
  googleGrantMayRemain: (service: string) =>
    `${service} is disconnected from Keywright, but Google could not be reached to revoke its access, so Keywright may still be listed in your Google account. Remove it at https://myaccount.google.com/permissions.`,
  failedToDisconnectDrive: 'Failed to disconnect Google Drive',
  failedToLoadDriveFiles: 'Failed to load your Google Drive files',
  noDocuments: 'Add at least one document.',
  unsupportedDocumentType: (name: string) =>
    `${name} is not a supported document. Use .docx, .txt, .pdf, .ppt, .pptx or .md files.`,
  documentTooLarge: (name: string) => `${name} is larger than 20 MB.`,
  documentPasswordProtected: (name: string) => `${name} is password-protected.`,
  documentUnreadable: (name: string) => `${name} could not be read. It may be damaged.`,
  documentHasNoText: (name: string) => `${name} has no text to read (it may be a scanned image).`,
  documentEmpty: (name: string) => `${name} is empty.`,

  // Generator
  missingRequiredFields: (fields: string[]) => `Missing required fields: ${fields.join(', ')}`,
  fillInGeneratorFields: 'Please fill in Project Name and Product/Service Description fields.',
  generationProcessFailed: 'The keyword generation process failed. Please check server logs.',
  failedToFetchJobStatus: 'Failed to fetch job status.',
  generationFailedOffline: 'Keyword generation failed.',
  llmNoUsableKeywords: (tries: number) => `The language model gave no usable keywords in ${tries} tries.`,
  /** A run that added fewer keywords than asked: how many, what limited them, and what gives more. */
  keywordsShortfall,

  // Google Ads analysis page (SPEC section 8 "Analysis page") and the Keyword Planner import
  failedToFetchKeywordMetrics: 'Failed to fetch keyword metrics',
  notJsonAnswer: (status: number) => `The server sent an answer that is not JSON (status ${status}).`,
  analysisFailedToAddKeyword: 'Failed to add keyword',
  analysisFailedToDeleteKeyword: 'Failed to delete keyword',
  failedToGenerateKeywords: 'Failed to generate keywords',
  noProjectSelected: 'No project selected',
  minVolumeAboveMax: 'Minimum searches cannot be greater than maximum searches',
  deleteKeywordsTitle: 'Delete keywords',
  deleteKeywordsBody: (count: number) =>
    `Delete ${count === 1 ? 'this keyword' : `these ${count} keywords`} from the project? They are also removed from its lists. This action cannot be undone.`,
  keywordsDeleted: (count: number) => (count === 1 ? '1 keyword deleted' : `${count} keywords deleted`),
  keywordsAddedToList: (added: number, name: string) =>
    added === 1 ? `Added 1 keyword to ${name}` : `Added ${added} keywords to ${name}`,
  keywordIdsRequired: 'Choose at least one keyword.',
  tooManyKeywordIds: 'Choose at most 1,000 keywords at a time.',
  keywordPlannerSource: 'Keyword Planner',
  keywordPlannerSourceHint: 'Imported from a Google Keyword Planner file.',
  importFromKeywordPlanner: 'Import from Keyword Planner',
  keywordPlannerFileRequired: 'Choose a Keyword Planner file (.csv).',
  keywordPlannerOneFile: 'Import one Keyword Planner file at a time.',
  keywordPlannerTooLarge: 'The file is larger than 40 MB. Download fewer keyword ideas at a time.',
  keywordPlannerTooManyRows: 'The file has more than 100,000 keywords. Split it and import each part.',
  keywordPlannerNotText: 'The file is not a Keyword Planner export: it is not a text file.',
  keywordPlannerMissingColumns: (columns: string[]) =>
    `The file is not a Keyword Planner export: it has no ${columns.join(', ')} column${columns.length === 1 ? '' : 's'}.`,
  keywordPlannerNoRows: 'The file has no keywords.',
  keywordPlannerBadLine: (line: number) => `The file is not a Keyword Planner export: line ${line} cannot be read.`,
  failedToImportKeywordPlanner: 'Failed to import the Keyword Planner file',
  keywordPlannerImported: (read: number, added: number, merged: number, skipped: number) =>
    `Read ${read} rows: ${added} keywords added, ${merged} already in the project, ${skipped} skipped.`,
  keywordPlannerSkipBlank: 'No keyword',
  keywordPlannerSkipTooLong: (max: number) => `Keyword longer than ${max} characters`,
  keywordPlannerSkipInvalid: 'Keyword with control characters',
  keywordPlannerSkipDuplicate: 'Repeated in the file',
  keywordPlannerSkipBadNumber: (column: string) => `Unreadable number in ${column}`,

  // Intent and clusters (issue 14)
  intentLabels: {
    informational: 'Informational',
    navigational: 'Navigational',
    commercial: 'Commercial',
    transactional: 'Transactional',
  } as const,
  // The web's intent badges (one letter, the full name in a tooltip) and its intent filter.
  intentShortLabels: { informational: 'I', navigational: 'N', commercial: 'C', transactional: 'T' } as const,
  intentHeading: 'Intent',
  intentNotKnown: 'Intent not known yet',
  intentFilterHint: 'Keywords whose intent is not known yet are left out.',
  clearIntentFilter: 'Clear intent filter',
  noKeywordsMatchFilters: (search: string) => `No keywords match “${search}” within the filters`,
  noKeywordsWithIntents: (labels: string[], cpcBounds: string | null) =>
    `No ${labels.join(' or ')} keywords${cpcBounds ? ` have a CPC within ${cpcBounds}` : ''}`,
  clusterNameRequired: 'Please enter a group name',
  moveNeedsOneTarget: 'Choose a group to move the keyword to, or name a new one.',
  mergeNeedsTwo: 'Choose at least two groups to merge.',
  clusterNotFound: 'This group no longer exists. The groups were worked out again.',
  clustersSavedAsLists: (count: number) => (count === 1 ? 'Saved 1 group as a list' : `Saved ${count} groups as lists`),
  failedToLoadClusters: 'Failed to load keyword groups',
  failedToSaveClusters: 'Failed to save groups as lists',
  failedToExportCampaign: 'Failed to export the campaign',
  noGroupsToExport: 'No groups to export: the project has no keywords.',
  noListsToExport: 'No lists to export: save groups as lists or create lists for this project first.',
  // The project page's groups view (issue 14)
  keywordMovedToGroup: (keyword: string, group: string) => `Moved ${keyword} to ${group}`,
  clusterRenamed: 'Group renamed',
  clustersMerged: (count: number) => `Merged ${count} groups`,
  clustersRecomputed: 'Groups worked out again',
  failedToUpdateClusters: 'Failed to update the groups',
  recomputeClustersConfirm:
    'Your moves, merges and renames at this tightness are dropped, and the groups are worked out again from the keywords.',
  saveAllClustersConfirm: (count: number) =>
    count === 1
      ? 'Save the group as a keyword list? It becomes a new list linked to this project.'
      : `Save all ${count} groups as keyword lists? Each group becomes a new list linked to this project.`,
  noKeywordsToGroup: 'No keywords to group yet',
  noKeywordsToGroupHint: 'Generate or add keywords to this project, and they are grouped into ad groups here.',
  noGroupsMatch: (search: string) => `No groups match “${search}”`,
  // Export campaign (the project keywords page's More Actions)
  exportCampaign: 'Export campaign',
  exportCampaignHint:
    'One campaign for Google Ads Editor: an ad group per keyword group or list, with its keywords and a responsive search ad written for it.',
  campaignAdGroupsFrom: 'Ad groups from',
  campaignAdGroupsFromClusters: 'Keyword groups',
  campaignAdGroupsFromLists: 'Keyword lists',
  campaignListsHint: 'Each keyword list of this project you can see becomes an ad group named after it.',
  campaignGrouping: 'Grouping',
  campaignGroupingLabels: { loose: 'Loose', balanced: 'Balanced', tight: 'Tight' } as const,
  campaignGroupingHints: {
    loose: 'Fewer, larger ad groups: one per main theme.',
    balanced: 'Ad-group sized: one per theme and modifier.',
    tight: 'More, smaller ad groups: one per theme and two modifiers.',
  } as const,
  campaignNameLabel: 'Campaign name',
  campaignNameHint: 'Left empty, the campaign is named after the project.',
  includeMaxCpcFromHighBid: 'Include Max CPC from the high bid',
  includeMaxCpcFromHighBidHint: 'Where a keyword’s figures are loaded; otherwise the ad group’s default bid applies.',
  downloadCampaign: 'Download',
  preparingCampaign: 'Preparing…',
  preparingCampaignHint: 'Writing an ad for each ad group. With many groups this can take a minute.',
  campaignExported: 'Campaign downloaded: import it in Google Ads Editor with File > Import.',

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

  // Bulk work (issue 24)
  ...bulkMessages,

  // Server texts (errors that reach a person through a toast or inline)
  invalidRequest: 'The request is not valid.',
  atMostCharacters: (max: number) => `Must be at most ${max} characters`,
  invalidCharacters: 'Must not contain control characters or broken Unicode characters',
  signInRequired: 'Please sign in to continue.',
  notFound: 'Not found.',
  forbiddenDelete: 'Only the owner can delete this.',
  crossSiteRequest:
    'This request came from another site and was refused. Open Keywright at its own address and try again.',
  keywordExists: 'This keyword is already in the project.',
  noAccountForEmail: 'No account uses this e-mail address. Ask them to sign up first.',
  cannotAddSelf: 'You cannot add yourself to your own team.',
  alreadyTeamMember: 'This person is already on your team.',
  notTeamMember: 'This person is not on your team.',
  internalError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'Keywright cannot reach its database right now. Please try again in a moment.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  genericError: 'Error',
  metricsOff: 'Keyword metrics are turned off on this server.',
  upstreamFailed: (service: string, detail: string) => `${service} answered with an error: ${detail}`,
  upstreamUnreachable: (service: string) => `${service} could not be reached. Please try again later.`,
  upstreamUnreadable: (service: string) => `${service} sent an answer Keywright could not read.`,
  upstreamTimedOut: (service: string) => `${service} did not answer in time. Please try again later.`,

  // A project's full details and currency (issue 24)
  ...projectDetailsMessages,
  // Where figures come from, beside the "Google Ads" names; money in several currencies (issue 24)
  ...figureSourceMessages,
  // Search Console's Performance export (issue 26)
  ...searchConsoleMessages,
  // Google Ads' search terms report (issue 27)
  ...searchTermsMessages,
  // Search Console's connection, a project's property and its imports (issue 26)
  ...searchConsoleConnectionMessages,
  // A project's negative keyword lists (issue 27)
  ...negativeListsMessages,
  // Reading documents within bounds (issue 28)
  ...documentReadingMessages,
  // The Search terms screen (issue 27)
  ...searchTermsViewMessages,
  // The Search Console view and the keyword page's columns (issue 26)
  ...searchConsoleViewMessages,
  // Negative keyword suggestions from the search terms report (issue 27)
  ...negativeSuggestionsMessages,
  // Negative lists and left-out keywords in the Ads Editor exports; the analysis page's report import (issue 27)
  ...adsEditorExportMessages,
} as const;

export type MessageKey = keyof typeof messages;
