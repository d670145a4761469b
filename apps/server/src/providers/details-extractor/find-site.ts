import { wordsOf } from './document-text';
import { foreignHosts, partSubdomains } from './details-rules';

// The project's homepage, among the links the text gives.

function hostOf(url: string): string {
  try {
    const host = new URL(url).hostname.toLowerCase();
    if (/^\d+(?:\.\d+){3}$/.test(host) || !host.includes('.')) return '';
    return host;
  } catch {
    return '';
  }
}

/** The project's homepage as `https://host/`: the host most like its name, else one the text gives more than once. */
export function findSiteUrl(urls: readonly string[], projectName: string): string {
  const nameWords = wordsOf(projectName.toLowerCase()).filter((word) => word.length >= 3);
  const nameKey = nameWords.join('');
  const candidates = new Map<string, { count: number; first: number; score: number }>();
  urls.forEach((url, index) => {
    let host = hostOf(url);
    // A project's page on a shared host ("incubator.apache.org/tika/") keeps its folder.
    const folder = /^https?:\/\/[^/]+\/([\w.-]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
    if (
      host &&
      nameWords.some((word) => folder === word) &&
      !nameWords.some((word) => host.includes(word) && word === nameWords.at(-1))
    ) {
      host = `${host}/${folder}`;
    }
    if (!host || foreignHosts.test(host)) return;
    while (partSubdomains.test(host) && host.split('.').length > 2) host = host.replace(partSubdomains, '');
    const label = host.replace(/\/.*$/, '').split('.').slice(0, -1).join('.') + host.replace(/^[^/]*/, '');
    const relation =
      nameKey && label.replace(/[^a-z0-9]/g, '').includes(nameKey) && !label.includes('/')
        ? 3
        : nameWords.some((word) => label.split(/[./-]/).some((part) => part === word || part.startsWith(word)))
          ? 2
          : 0;
    const known = candidates.get(host);
    if (known) known.count++;
    else candidates.set(host, { count: 1, first: index, score: relation });
  });
  let best: [string, { count: number; first: number; score: number }] | undefined;
  for (const entry of candidates) {
    const [, value] = entry;
    if (!best) best = entry;
    else if (
      value.score > best[1].score ||
      (value.score === best[1].score && value.count > best[1].count) ||
      (value.score === best[1].score && value.count === best[1].count && value.first < best[1].first)
    ) {
      best = entry;
    }
  }
  if (!best) return '';
  // A host unrelated to the name is only the project's when the text keeps coming back to it.
  if (best[1].score === 0 && best[1].count < 2) return '';
  return `https://${best[0]}/`;
}
