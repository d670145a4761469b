/** A project's site as a final URL: `https://` added to a bare domain; empty when there is none. */
export function finalUrlFromSite(siteUrl: string): string {
  const site = siteUrl.trim();
  if (site === '') return '';
  if (/^https?:\/\//i.test(site)) return site;
  return `https://${site.replace(/^\/+/, '')}`;
}
