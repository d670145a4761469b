/**
 * Reading uploaded documents within bounds (issue 28): a few are read at once, a few more wait, and
 * an upload beyond those is asked to come back.
 */
export const documentReadingMessages = {
  documentsBusy: 'Many documents are being read right now. Try again in a minute.',
} as const;
