import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items';

const activeLabels = (pathname: string) => navItems.filter((item) => item.isActive(pathname)).map((item) => item.label);

describe('navItems', () => {
  it('are the five SPEC links in order', () => {
    expect(navItems.map((item) => [item.label, item.to])).toEqual([
      ['Keyword Generation', '/'],
      ['Projects', '/projects'],
      ['Keyword Lists', '/keyword-lists'],
      ['Google Ads Analysis', '/google-ads-analysis'],
      ['Team', '/team'],
    ]);
  });

  it('highlight exactly one link, the generator for its three paths', () => {
    expect(activeLabels('/')).toEqual(['Keyword Generation']);
    expect(activeLabels('/keyword-generation')).toEqual(['Keyword Generation']);
    expect(activeLabels('/keyword-generator')).toEqual(['Keyword Generation']);
    expect(activeLabels('/projects/12/keywords')).toEqual(['Projects']);
    expect(activeLabels('/projects-archive')).toEqual([]);
    expect(activeLabels('/team')).toEqual(['Team']);
  });
});
