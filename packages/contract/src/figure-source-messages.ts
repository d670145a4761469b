/**
 * Where the figures come from, named beside SPEC's "Google Ads" screen and menu names, and money in
 * several currencies, which is never averaged or converted (issue 24).
 */
export const figureSourceMessages = {
  estimatesLabel: 'Estimates',
  estimatesSourceHint:
    'No Google Ads account is connected: the figures on this screen are Keywright’s offline estimates, not Google Ads data.',
  mixedCurrencies: 'Mixed currencies',
  mixedCurrenciesHint: 'These bids are in more than one currency. They are not converted, so no average is shown.',
} as const;
