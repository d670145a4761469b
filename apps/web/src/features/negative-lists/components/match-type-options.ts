import { messages, negativeMatchTypes } from '@keywright/contract';

/** Exact and Phrase, for a segmented control. */
export const matchTypeOptions = negativeMatchTypes.map((value) => ({
  value,
  label: messages.negativeMatchTypeNames[value],
}));
