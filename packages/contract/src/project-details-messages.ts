/**
 * Texts of a project's full details (issue 24): its site, audience, competitors, brand and
 * currency in Edit Project, and the generator's question when a name is already a project's.
 * Spread into `messages`; nothing else types them.
 */
export const projectDetailsMessages = {
  siteUrlLabel: 'Site URL',
  siteUrlPlaceholder: 'https://example.com',
  invalidSiteUrl: 'Enter a web address such as https://example.com',
  targetAudienceLabel: 'Target audience',
  competitorsLabel: 'Competitors',
  competitorsDescription: 'Comma separated',
  brandLabel: 'Brand',
  brandDescription: 'The name people search for. Leave empty to use the project name.',
  currencyLabel: 'Currency',
  currencyDescription: 'Money figures of this project are shown in this currency.',
  currencyAutomatic: (code?: string) => (code ? `From the country (${code})` : 'From the country'),
  unknownCurrency: 'Choose a currency by its three-letter ISO 4217 code, such as GBP or EUR',
  moreDetails: 'Site, audience, competitors, brand and currency',
  competitorsPlaceholder: 'Rival One, Rival Two',
  noCurrencyFound: 'No currency found',
  /** An export's Source column: where a row's figures come from (issue 24). */
  figureSourceNames: { 'google-ads': 'Google Ads', 'keyword-planner': 'Keyword Planner file', estimate: 'Estimate' },
  useEstimatedBidsLabel: 'Use estimated bids as Max CPC',
  useEstimatedBidsHint:
    'Off: a keyword whose bid is only Keywright’s estimate gets no Max CPC, so the ad group’s default bid applies rather than a guess.',
  cpcBoundsHint: (currency: string) => `In ${currency}. Leave a bound empty for any price.`,
  targetAudiencePlaceholder: 'Who searches for what you offer?',
  sameNameTitle: 'You already have a project with this name',
  sameNameBody: (name: string) =>
    `"${name}" is already one of your projects. Add these keywords to it (its details are updated from this form), or make a new project with the same name?`,
  addToExistingProject: 'Add to existing project',
  createNewProject: 'Create a new project',
} as const;
