import { constants } from '@keywright/contract';

/**
 * The answers the page came with (apps/server/src/lib/web-app.ts): GET
 * /api/config's and GET /api/me's, and for a signed-in screen the answers of
 * the GET calls it asks first, by address. The app starts without asking over
 * the network: each is taken once, by the first fetch; later ones ask the
 * server. The screen's answers are for the page's first screen only: those not
 * taken by the time it is shown are dropped (`dropFirstData`), so no later
 * fetch gets an answer older than the page. A page without them (the dev
 * server) asks at once.
 */
type FirstAnswerKey = 'config' | 'me';

/** A GET call's answer as the server gave it: its status and its JSON body. */
export interface FirstData {
  status: number;
  body: unknown;
}

interface FirstAnswers {
  config?: unknown;
  me?: unknown;
  data: Map<string, FirstData>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The page's data script, read as far as it is well formed. */
export function readFirstAnswers(text: string | null | undefined): FirstAnswers {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const answers: FirstAnswers = { data: new Map() };
  if (!isRecord(parsed)) return answers;
  if ('config' in parsed) answers.config = parsed.config;
  if ('me' in parsed) answers.me = parsed.me;
  if (isRecord(parsed.data)) {
    for (const [url, answer] of Object.entries(parsed.data)) {
      if (isRecord(answer) && typeof answer.status === 'number' && 'body' in answer) {
        answers.data.set(url, { status: answer.status, body: answer.body });
      }
    }
  }
  return answers;
}

let answers: FirstAnswers | undefined;

function pageAnswers(): FirstAnswers {
  answers ??= readFirstAnswers(
    typeof document === 'undefined' ? undefined : document.getElementById(constants.firstAnswersElementId)?.textContent,
  );
  return answers;
}

/** The page's answer for `key` (`{ value }`, null when signed out for `me`), once; else undefined. */
export function takeFirstAnswer(key: FirstAnswerKey): { value: unknown } | undefined {
  const page = pageAnswers();
  if (!(key in page)) return undefined;
  const value = page[key];
  delete page[key];
  return { value };
}

/** The page's answer to GET `url`, once, until the first screen is shown; else undefined. */
export function takeFirstData(url: string): FirstData | undefined {
  const { data } = pageAnswers();
  const answer = data.get(url);
  data.delete(url);
  return answer;
}

/** The first screen is shown: the answers it did not ask for would only grow old. */
export function dropFirstData(): void {
  pageAnswers().data.clear();
}
