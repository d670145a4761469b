import { constants } from '@keywright/contract';

/**
 * The answers the page came with: the server writes GET /api/config's and GET
 * /api/me's into it (apps/server/src/lib/web-app.ts), so the app starts
 * without asking over the network. Each is taken once, by the first fetch;
 * later ones ask the server. A page without them (the dev server) asks at once.
 */
type FirstAnswerKey = 'config' | 'me';

let answers: Partial<Record<FirstAnswerKey, unknown>> | undefined;

function read(): Partial<Record<FirstAnswerKey, unknown>> {
  const text = document.getElementById(constants.firstAnswersElementId)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Record<FirstAnswerKey, unknown>>) : {};
  } catch {
    return {};
  }
}

/** The page's answer for `key` (`{ value }`, null when signed out for `me`), once; else undefined. */
export function takeFirstAnswer(key: FirstAnswerKey): { value: unknown } | undefined {
  answers ??= read();
  if (!(key in answers)) return undefined;
  const value = answers[key];
  delete answers[key];
  return { value };
}
