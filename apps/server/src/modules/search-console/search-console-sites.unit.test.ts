import { describe, expect, it } from 'vitest';
import { siteMatchesProject, sitesAnswer } from './search-console-sites';

describe('a property and a project site', () => {
  it('matches a URL prefix the site begins with', () => {
    expect(siteMatchesProject('https://greenleaf.example/', 'https://greenleaf.example')).toBe(true);
    expect(siteMatchesProject('https://greenleaf.example/', 'https://GreenLeaf.example/shop/')).toBe(true);
    expect(siteMatchesProject('https://greenleaf.example/blog/', 'https://greenleaf.example/blog')).toBe(true);
    expect(siteMatchesProject('https://greenleaf.example/blog/', 'https://greenleaf.example/')).toBe(false);
    expect(siteMatchesProject('https://greenleaf.example/', 'https://www.greenleaf.example/')).toBe(false);
    expect(siteMatchesProject('http://greenleaf.example/', 'https://greenleaf.example/')).toBe(false);
    // Written without a scheme: either.
    expect(siteMatchesProject('http://greenleaf.example/', 'greenleaf.example')).toBe(true);
    expect(siteMatchesProject('https://greenleaf.example/', 'greenleaf.example/shop')).toBe(true);
  });

  it('matches a domain property for the domain and its subdomains only', () => {
    expect(siteMatchesProject('sc-domain:greenleaf.example', 'https://greenleaf.example')).toBe(true);
    expect(siteMatchesProject('sc-domain:greenleaf.example', 'http://shop.greenleaf.example/x')).toBe(true);
    expect(siteMatchesProject('sc-domain:greenleaf.example', 'www.greenleaf.example')).toBe(true);
    expect(siteMatchesProject('sc-domain:greenleaf.example', 'https://notgreenleaf.example')).toBe(false);
    expect(siteMatchesProject('sc-domain:leaf.example', 'https://greenleaf.example')).toBe(false);
  });

  it('matches nothing for a project without a site', () => {
    expect(siteMatchesProject('sc-domain:greenleaf.example', '')).toBe(false);
    expect(siteMatchesProject('https://greenleaf.example/', 'not a url at all')).toBe(false);
  });

  it('lists the matching properties first, each group in the order given', () => {
    const sites = [
      { siteUrl: 'https://other.example/', permissionLevel: 'siteOwner' as const },
      { siteUrl: 'https://greenleaf.example/', permissionLevel: 'siteOwner' as const },
      { siteUrl: 'https://more.example/', permissionLevel: 'siteFullUser' as const },
      { siteUrl: 'sc-domain:greenleaf.example', permissionLevel: 'siteFullUser' as const },
    ];
    expect(sitesAnswer(sites, 'https://greenleaf.example/').map((site) => [site.siteUrl, site.matchesProject])).toEqual(
      [
        ['https://greenleaf.example/', true],
        ['sc-domain:greenleaf.example', true],
        ['https://other.example/', false],
        ['https://more.example/', false],
      ],
    );
    expect(sitesAnswer(sites, null).every((site) => !site.matchesProject)).toBe(true);
  });
});
