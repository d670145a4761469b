export interface NavItem {
  label: string;
  to: string;
  isActive: (pathname: string) => boolean;
  /** The link names Google Ads' figures: an Estimates badge goes beside it while they are the offline estimate. */
  namesFiguresSource?: boolean;
}

const startsWith = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The shell's five links, in order. */
export const navItems: readonly NavItem[] = [
  {
    label: 'Keyword Generation',
    to: '/',
    isActive: (pathname) => pathname === '/' || pathname === '/keyword-generation' || pathname === '/keyword-generator',
  },
  { label: 'Projects', to: '/projects', isActive: startsWith('/projects') },
  { label: 'Keyword Lists', to: '/keyword-lists', isActive: startsWith('/keyword-lists') },
  {
    label: 'Google Ads Analysis',
    to: '/google-ads-analysis',
    isActive: startsWith('/google-ads-analysis'),
    namesFiguresSource: true,
  },
  { label: 'Team', to: '/team', isActive: startsWith('/team') },
];
