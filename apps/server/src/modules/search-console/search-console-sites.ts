import type { SearchConsoleSite } from '@keywright/contract';
import type { SearchConsoleSite as GoogleSite } from '../../providers/search-console/search-console-client';

/** A project's site URL as a URL: `greenleaf.example` is read as `https://greenleaf.example/`; null when it is none. */
function projectUrl(siteUrl: string): URL | null {
  const trimmed = siteUrl.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether a project's site falls under a property: a domain property (`sc-domain:example.com`)
 * covers the domain and its subdomains; a URL-prefix property covers the URLs that begin with it
 * (a site written without its scheme is taken for either).
 */
export function siteMatchesProject(property: string, projectSiteUrl: string): boolean {
  const url = projectUrl(projectSiteUrl);
  if (!url) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (property.startsWith('sc-domain:')) {
    const domain = property.slice('sc-domain:'.length).toLowerCase().replace(/\.$/, '');
    return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
  }
  let prefix: URL;
  try {
    prefix = new URL(property);
  } catch {
    return false;
  }
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(projectSiteUrl.trim());
  if (hasScheme && prefix.protocol !== url.protocol) return false;
  if (prefix.host.toLowerCase() !== url.host.toLowerCase()) return false;
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return path.startsWith(prefix.pathname) || url.pathname.startsWith(prefix.pathname);
}

/** The caller's properties as the contract answers them: the project's own first, each group in Google's order. */
export function sitesAnswer(sites: readonly GoogleSite[], projectSiteUrl: string | null): SearchConsoleSite[] {
  const answered = sites.map((site) => ({
    siteUrl: site.siteUrl,
    permissionLevel: site.permissionLevel,
    matchesProject: projectSiteUrl !== null && siteMatchesProject(site.siteUrl, projectSiteUrl),
  }));
  return [...answered.filter((site) => site.matchesProject), ...answered.filter((site) => !site.matchesProject)];
}
