import { messages, searchIntents, type SearchIntent } from '@keywright/contract';

/** The intents a person chose (a chip group answers strings), known ones only, in the contract's order. */
export function readIntentChoice(values: readonly string[]): SearchIntent[] {
  const chosen = new Set(values);
  return searchIntents.filter((intent) => chosen.has(intent));
}

/** `intent=commercial,transactional` for a page of keywords and its export; nothing when none are chosen. */
export function intentQuery(intents: readonly SearchIntent[]): { intent?: string } {
  return intents.length > 0 ? { intent: intents.join(',') } : {};
}

/** The chosen intents' names, for saying what the filter keeps. */
export function intentNames(intents: readonly SearchIntent[]): string[] {
  return intents.map((intent) => messages.intentLabels[intent]);
}
