import type { AdLineKind } from '@keywright/contract';
import type { AdCopyBrief, AdCopyWriter } from './ad-copy-writer';
import { readAdFacts } from './ad-facts';
import { descriptionGroups } from './ad-descriptions';
import type { Group, Groups } from './ad-groups';
import { headlineGroups } from './ad-headlines';
import { adInputText, adLineCount, keepAdLines } from './ad-lines';

/**
 * Ad lines from templates over the brief's keywords and the project's facts, with no network.
 * Each template is written for the kinds of phrase and business it reads right for; a line that
 * breaks a rule (too long, a claim the project does not make) is dropped whole and the next
 * template takes its place. The same brief always gives the same lines.
 */
export function createOfflineAdCopyWriter(): AdCopyWriter {
  return {
    name: 'offline',
    write: (kind, brief) => writeOfflineAdLines(kind, brief),
  };
}

export async function writeOfflineAdLines(kind: AdLineKind, brief: AdCopyBrief): Promise<string[]> {
  const facts = await readAdFacts(brief);
  const groups = kind === 'headlines' ? headlineGroups(facts) : descriptionGroups(facts);
  const lines = keepAdLines(kind, interleave(groups, order[kind]), adInputText(brief));
  // Every generic line keeps the rules for any input, so twenty are always there.
  return keepAdLines(kind, generic[kind], adInputText(brief), lines, adLineCount[kind]);
}

/**
 * The order the groups take turns in: keyword lines first and most often (Google matches them to
 * searches), and at least five of other kinds, so an ad does not say the keyword twenty times.
 */
const order: Record<AdLineKind, readonly Group[]> = {
  headlines: ['keyword', 'keyword', 'brand', 'keyword', 'offer', 'action', 'keyword', 'place', 'audience', 'keyword'],
  descriptions: ['offer', 'keyword', 'action', 'audience', 'keyword', 'place', 'offer', 'keyword', 'action'],
};

/** Lines of each group in the given order of turns, until every group runs out. */
function* interleave(groups: Groups, turns: readonly Group[]): Generator<string> {
  const next: Record<Group, number> = { keyword: 0, offer: 0, brand: 0, place: 0, audience: 0, action: 0 };
  for (;;) {
    let isAny = false;
    for (const group of turns) {
      const lines = groups[group];
      // A template that did not apply (null) gives its turn to the group's next line.
      while (next[group] < lines.length) {
        const line = lines[next[group]++];
        if (line) {
          isAny = true;
          yield line;
          break;
        }
      }
    }
    if (!isAny) return;
  }
}

/** Lines that keep every rule whatever the input: the last resort when a brief gives too few. */
const generic: Record<AdLineKind, readonly string[]> = {
  headlines: [
    'Get in Touch Today',
    'Learn More Today',
    'Contact Us Today',
    'Find Out More',
    'See What We Offer',
    'Here to Help',
    'Talk to Us Today',
    'Ask Us a Question',
    'Get Started Today',
    'Discover More',
    'Find What You Need',
    'Visit Our Website',
    'Questions? Ask Us',
    'Learn About Us',
    'How We Can Help',
    'See How We Can Help',
    'Explore What We Offer',
    'Plan Your Next Step',
    'Get the Details',
    'Read More About Us',
    'Take a Closer Look',
    'Start Here',
  ],
  descriptions: [
    'Get in touch today to find out more about what we offer.',
    'Learn more about what we do and how we can help you.',
    'Have a question? Get in touch and ask us today.',
    'See what we offer and find the right choice for you.',
    'Find out more about us and what we do.',
    'Contact us today to learn more.',
    'We are happy to answer your questions.',
    'Take a look at what we offer today.',
    'Find the right option for your needs.',
    'Visit our website to learn more.',
    'Tell us what you need and we will get back to you.',
    'Read more about us and what we can do for you.',
    'Explore what we offer and see what fits.',
    'Talk to us today about what you need.',
    'See how we can help you today.',
    'Ask us anything: we are here to help.',
    'Get the details you need before you decide.',
    'Start here to learn what we offer.',
    'Take a closer look at what we do.',
    'Send us a message and we will reply.',
    'Find out how we work and what we offer.',
    'Plan your next step with us today.',
  ],
};
