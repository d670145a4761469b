/**
 * A project's site as a final URL: `https://` added to a bare domain; empty when there is none.
 * (The lists page's ad preview has the same rule in features/keyword-lists/ad-preview.ts.)
 */
export function finalUrlFromSite(siteUrl: string): string {
  const site = siteUrl.trim();
  if (site === '') return '';
  if (/^https?:\/\//i.test(site)) return site;
  return `https://${site.replace(/^\/+/, '')}`;
}
