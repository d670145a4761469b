// What a project offers: its key phrases, scored, with the facts the phrase gate needs.

import { expandList, fieldWeights, matterWords, nounLists, spreadAdjective, taughtSubjects } from './read-description';
import { type PhraseContext, phraseProblem } from './phrase-quality';
import { type PhraseKind, goodsSellers, hospitality, isQualifier, kindOfPhrase, standsAlone } from './kinds';
import { type ProjectFacts } from './keyword-generator';
import { readName } from './read-name';
import { bookingHeads } from './template-conditions';
import { fillerWords } from './words';
import { tagText, tokenize, type Nlp, type Token } from './tag-words';
import {
  clean,
  isEatery,
  competitorNames,
  amenityPhrases,
  isAdjectiveWord,
  isDescriptive,
  makers,
  namesWork,
  personQualifiers,
  tradeAdjectives,
  workPlaces,
  isOfferedThing,
  isShopWord,
  cuisineForms,
  countrySearched,
} from './business-words';
import { audienceHeads } from './kinds';
import { waysOfferedIn } from './said-templates';
import { agentsOf, lexicalForms, practisedWork, subPhrases, tiers, tradeOfPerson, type Tier } from './offer-forms';

export interface Phrase {
  text: string;
  words: string[];
  score: number;
  /** How far from the description the phrase is (see `tiers`). */
  tier: Tier;
}

/** What the project's text says: its key phrases and the facts the phrase gate needs. */
export interface ProjectReading {
  phrases: Phrase[];
  context: PhraseContext;
  /** A hotel or restaurant: its food and drink are had there, not bought to take home. */
  isHospitality: boolean;
  /** People come to it or it comes to them (a clinic, a cleaner): its work is searched "near me". */
  isVisitedOrVisiting: boolean;
  /** A bakery or roastery sells what it makes: its goods have no brands to compare. */
  makesOwnGoods: boolean;
  /** What the business is ("handmade leather wallets", "yoga studio"), and its last word. */
  businessPhrase: string;
  businessHead: string;
}

export function readProject(nlp: Nlp, project: ProjectFacts): ProjectReading {
  const sources: Array<[text: string, weight: number]> = [
    [project.productService, fieldWeights.productService],
    [(project.documentText ?? '').slice(0, 5_000), fieldWeights.documentText],
  ];
  const verbs = new Set<string>();
  const heads = new Set<string>();
  const before = new Set<string>();
  const droppable = new Set<string>();
  const adjectives = new Set<string>();
  const described = new Set<string>();
  const wordWeight = new Map<string, number>();
  const phraseWeight = new Map<string, number>();
  const nounPhrases: Array<[words: string[], weight: number]> = [];
  const offerPhrases: string[][] = [];
  let business: Token[] | undefined;
  let firstExpanded: string[] | undefined;
  /** How many phrases the description's first list gave: the trade itself. */
  let firstListSize = 0;
  const wholePhrases = new Set<string>();

  const nameWords = tokenize(project.name);
  // A phrase is the name when it is made of the name's words, its first one among them: "Swift Pest Control"
  // offers "pest control".
  const isTheName = (words: readonly string[]) =>
    words.length >= Math.min(2, nameWords.length) &&
    words.includes(nameWords[0]!) &&
    words.every((word) => nameWords.includes(word));
  for (const [text, weight] of sources) {
    if (!text.trim()) continue;
    const tokens = tagText(nlp, text);
    // "roasted" or "handmade" also qualify a search ("freshly roasted coffee"); "offering" never does.
    for (const token of tokens) if (token.isVerb && !token.word.endsWith('ed')) verbs.add(token.word);
    for (const token of tokens) if (token.isHead) heads.add(token.word);
    for (const token of tokens) {
      if (token.isAdjective || isQualifier(token.word) || isAdjectiveWord(token.word)) droppable.add(token.word);
    }
    for (const token of tokens) if (token.isAdjective) adjectives.add(token.word);
    for (const token of tokens) described.add(token.word.replace(/s$/, ''));
    const lists = nounLists(tokens);
    // "Portland bakery": the city comes with the templates ("portland bakery", "bakery portland").
    const cityWords = clean(project.city).split(' ').filter(Boolean);
    for (const list of lists) {
      for (const item of list.items) {
        const startsWithCity = cityWords.length && cityWords.every((word, i) => item[i]?.word === word);
        if (startsWithCity && item.length > cityWords.length) item.splice(0, cityWords.length);
      }
    }
    // "Motion Physio is a physiotherapy clinic": the business is what the name is said to be.
    const namesItself = (item: Token[]) => isTheName(item.map((token) => token.word));
    const businessList = business ? undefined : lists.find((list) => list.items.some((item) => !namesItself(item)));
    if (businessList) {
      firstListSize = businessList.items.length;
      business = businessList.items.find((item) => !namesItself(item));
    }
    const businessWords = business?.map((token) => token.word) ?? [];
    const isSoftware = kindOfPhrase(businessWords.join(' ')) === 'software';
    const businessKindNow = kindOfPhrase(businessWords.join(' '));
    const businessIsPlace = businessKindNow === 'place';
    const businessNamesWho = businessIsPlace || businessKindNow === 'person';
    const businessIsWork = businessKindNow === 'service';
    for (const [listIndex, list] of lists.entries()) {
      // "for small businesses", "in small batches": how or for whom, not what is offered.
      const listWeight = list.isPrepositional ? 0 : list.isWith ? weight * 0.8 : weight;
      // "care for back pain and headaches", "to adults, evening classes and IELTS preparation": what is
      // treated or taught after a preposition is offered too; the people it is for are not.
      // "for beginners and nervous drivers, intensive courses and test preparation": once the people it is
      // for are named, what follows in the list is offered again.
      // "for plumbers and electricians, scheduling, quotes and invoicing": people, then what is offered.
      const isPeople = (item: Token[]) =>
        audienceHeads.has(item.at(-1)!.word) || kindOfPhrase(item.map((token) => token.word).join(' ')) === 'person';
      const firstAudience = list.items.findIndex(isPeople);
      const afterAudience = new Set(
        list.items.slice(firstAudience < 0 ? list.items.length : firstAudience + 1).map((item) => item.at(-1)!.word),
      );
      // "for women over 40, strength training and weight loss coaching": the people's own phrase ("over
      // 40") ends at the comma, and the work that follows is offered.
      const previous = lists[listIndex - 1];
      const followsPeople = !!previous?.isPrepositional && previous.items.length > 0 && previous.items.every(isPeople);
      const itemWeight = (words: readonly string[]) => {
        if (listWeight > 0) return listWeight;
        if ((afterAudience.has(words.at(-1)!) || followsPeople) && kindOfPhrase(words.join(' ')) === 'service') {
          return weight * 0.8;
        }
        const kind = kindOfPhrase(words.join(' '));
        if (audienceHeads.has(words.at(-1)!) || kind === 'person') return 0;
        // "specialising in Caribbean cruises", "supplier of kitchen equipment", "salon for cuts": after a
        // linking verb, or after a place or person, what follows is what the business offers.
        if (list.afterLinkingVerb || (listIndex === 1 && list.preposition === 'of' && businessNamesWho)) {
          return weight * 0.9;
        }
        if (!['at', 'for', 'to', 'with', 'of'].includes(list.preposition ?? '')) return 0;
        if (kind === 'problem' || (kind === 'service' && list.preposition !== 'for')) return weight * 0.9;
        // An adviser "for pensions" advises on them; a salon "for cuts" does them, a locksmith "for lockouts"
        // and "key cutting" does that work.
        if (list.preposition !== 'for') return 0;
        // One word alone ("pensions", "relaxation") is a subject, not the work.
        const isNamedWork = kind === 'service' && words.length > 1 && (businessNamesWho || businessIsWork);
        const doesIt = businessIsPlace ? kind !== 'thing' : isNamedWork;
        return doesIt || (businessNamesWho && isOfferedThing(words)) ? weight * 0.9 : 0;
      };
      const businessHead = businessWords[businessWords.length - 1] ?? '';
      // "near the beach": a hotel near the beach is searched as a "beach hotel".
      if (list.preposition === 'near' && hospitality.has(businessHead) && kindOfPhrase(businessHead) === 'place') {
        for (const item of list.items) {
          const place = item.map((token) => token.word);
          if (place.length === 1) nounPhrases.push([[...place, businessHead], weight * 0.7]);
        }
        continue;
      }
      // A hotel's "rooftop bar", a gym's "free weights", a campsite's "swimming lake": what a place has.
      const isStayOrMeal = hospitality.has(businessHead) || /\bbed and breakfast$/.test(businessWords.join(' '));
      if (list.isWith && isStayOrMeal) {
        const items = list.items.map((item) => item.map((token) => token.word));
        for (const [words, factor] of amenityPhrases(businessWords, items, droppable)) {
          nounPhrases.push([words, listWeight * factor]);
        }
        continue;
      }
      const expanded = expandList(list, business, isSoftware);
      // "web development bootcamp" is never cut to a "development bootcamp".
      if (list.isTaught) for (const words of expanded) wholePhrases.add(words.join(' '));
      const businessAt = business ? list.items.indexOf(business) : -1;
      if (businessAt >= 0 && !firstExpanded) firstExpanded = expanded[businessAt];
      for (const words of expanded) {
        words.forEach((word, i) => (i < words.length - 1 ? before : heads).add(word));
        for (const word of words) wordWeight.set(word, (wordWeight.get(word) ?? 0) + weight);
        // "vegan and cruelty free": a word that is mostly said of a thing is no offer on its own.
        const isOnlyAQuality = words.length === 1 && isDescriptive(words[0]!);
        // "four rooms", "150 guests": how much of something, not what is offered.
        const isCounted = /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|hundred)$/.test(
          words[0]!,
        );
        const isName = isTheName(words);
        // "12-month warranty", "24-hour delivery": a term of the offer; "24-hour locksmith" is the offer.
        const isTerm =
          /^\d+-/.test(words[0]!) && !['person', 'place', 'service'].includes(kindOfPhrase(words.join(' ')));
        // A campsite's "swimming lake" is searched with the place: "campsite with swimming lake".
        const isFeature = list.isWith && businessIsPlace && kindOfPhrase(words.join(' '), 'thing') === 'thing';
        if (isFeature && !isCounted) {
          nounPhrases.push([[...businessWords.slice(-2), 'with', ...words], listWeight * 0.8]);
        } else if (itemWeight(words) > 0 && !isOnlyAQuality && !isCounted && !isName && !isTerm) {
          nounPhrases.push([words, itemWeight(words)]);
        }
        // What the business says it is and sells, not what comes with it ("with lighting and a photo booth").
        if (!list.isWith && itemWeight(words) > 0) offerPhrases.push(words);
      }
      if (listWeight > 0)
        for (const words of spreadAdjective(list, expanded)) nounPhrases.push([words, listWeight * 0.6]);
    }
    for (const words of taughtSubjects(tokens)) nounPhrases.push([words, weight * 0.9]);
  }
  const businessWords = business?.map((token) => token.word) ?? [];
  for (const [words, weight] of readName(nlp, project.name, { nounPhrases, described, adjectives, businessWords })) {
    if (weight === fieldWeights.name) heads.add(words[0]!);
    nounPhrases.push([words, weight]);
  }

  // "meditation and sleep app": the first phrase as the list shares its head ("meditation app").
  const businessPhrase = (firstExpanded ?? business?.map((token) => token.word) ?? []).join(' ');
  const isLegal = /\b(?:law|legal|lawyers?|attorneys?)\b/.test(businessPhrase);
  // "emergency plumbing repairs" is searched as "emergency plumber" too, "family dental clinic" as
  // "family dentist": who does the trade, with the qualifier the text gives it.
  const agents: string[] = [];
  for (const [index, [words, weight]] of nounPhrases.slice(0, firstListSize).entries()) {
    const kind = kindOfPhrase(words.join(' '));
    // A "travel agent" is no traveller, but a local "domestic electrician" is searched as an "electrician" too.
    const trade = kind === 'person' && project.city ? tradeOfPerson(words) : undefined;
    if (trade) nounPhrases.push([[trade], weight * 0.8]);
    // A "design school" teaches design: it is no designer to hire.
    const isSchool = /^(?:school|academy|college|institute|bootcamp)s?$/.test(words.at(-1)!);
    if (kind === 'software' || kind === 'person' || isSchool) continue;
    for (const agent of agentsOf(words.join(' '))) agents.push(agent);
    // The trade is the head ("plumbing") or names the business, or its work ("physiotherapy clinic",
    // "plumbing repairs"); the "driving" of "driving lessons" (a format) is not, nor the "run" of
    // "family run thai restaurant" and the "driving" of "driving lessons" are not.
    // "wholesale bakery" names no wholesaler to search: a word that says how the trade sells names no trade.
    const namesTrade = (word: string, i: number) =>
      (i === words.length - 1 || namesWork(words[i + 1]!)) &&
      (tradeAdjectives.has(word) || (!isQualifier(word) && !droppable.has(word) && agentsOf(word).length > 0));
    // The trade is the business's first offer's: a mover's "packing services" make it no packer.
    const at = index === 0 ? words.findIndex(namesTrade) : -1;
    // "dog walking" is searched as "dog walker" (the lexical forms), never as "walking" or "walker".
    if (at < 0 || !words.slice(0, at).every((word) => droppable.has(word) || personQualifiers.has(word))) continue;
    const person = tradeAdjectives.get(words[at]!) ?? agentsOf(words[at]!)[0]!;
    agents.push(person);
    // The trade itself is searched with "services" and the city: "landscaping services", "plumbing phoenix".
    // So is a discipline practised there: "physiotherapy leeds", "podiatry adelaide" (not the "law" of a law firm).
    if (/(?:ing|y|ics?)$/.test(words[at]!)) nounPhrases.push([[words[at]!], weight * 0.6]);
    const qualifier = words[at - 1];
    // "family dentist", "emergency plumber": what the person is; not "residential landscaper".
    if (qualifier && personQualifiers.has(qualifier)) nounPhrases.push([[qualifier, person], weight * 0.9]);
    nounPhrases.push([[person], weight * 0.8]);
  }
  for (const [words, weight] of nounPhrases.slice(0, firstListSize)) {
    const work = practisedWork(words);
    if (work) nounPhrases.push([work, weight * 0.9]);
  }
  // An agency or firm is searched by what it does: "seo agency" -> "seo services", "content marketing".
  for (const [words, weight] of nounPhrases.slice(0, firstListSize)) {
    const head = words[words.length - 1]!;
    // A program too: "inventory management software" -> "inventory management" (software, app, tool).
    const isProgram = kindOfPhrase(head, 'thing', false) === 'software';
    if ((!workPlaces.has(head) && !isProgram) || words.length < 2 || isLegal) continue;
    const work = words.slice(0, -1);
    while (work.length > 1 && isQualifier(work[0]!)) work.shift();
    // A program's one word ("accounting") is searched with the program; "inventory management" alone too.
    if (isProgram && work.length < 2) continue;
    if (!work.every((word) => droppable.has(word))) nounPhrases.push([work, weight * 0.7]);
  }
  // "pizza" in "neapolitan pizza restaurant", "coffee" in "single-origin coffee beans": what the
  // business is about, searched with a modifier ("best pizza", "buy coffee"), never alone (the gate).
  const businessWordsAll = business?.map((token) => token.word) ?? [];
  const sellsItsThings = kindOfPhrase(businessPhrase) !== 'service';
  for (const word of sellsItsThings ? businessWordsAll.slice(0, -1) : []) {
    if (kindOfPhrase(word, 'thing', false) === 'goods') nounPhrases.push([[word], fieldWeights.productService * 0.5]);
  }
  for (const words of cuisineForms(businessWordsAll, project.productService)) {
    nounPhrases.push([words, fieldWeights.productService * 0.6]);
  }
  // A law practice's matters are searched by their last word too: "car accident" -> "accident lawyer".
  if (isLegal) nounPhrases.push(...matterWords(nounPhrases));
  const phraseTier = new Map<string, Tier>();
  for (const form of lexicalForms(nounPhrases, firstListSize)) {
    const key = form.words.join(' ');
    if (form.tier < (phraseTier.get(key) ?? tiers.broader + 1)) phraseTier.set(key, form.tier);
    nounPhrases.push([form.words, form.weight]);
  }
  const lastWords = new Set(nounPhrases.map(([words]) => words[words.length - 1]!));
  const modifierWords = new Set([...before].filter((word) => !lastWords.has(word)));
  for (const word of modifierWords) if (standsAlone(word)) modifierWords.delete(word);

  for (const [words, weight] of nounPhrases) {
    const runs = wholePhrases.has(words.join(' '))
      ? [[words, 1] as const]
      : subPhrases(words, new Set([...heads, ...lastWords]), droppable);
    for (const [phrase, factor] of runs) {
      const key = phrase.join(' ');
      phraseWeight.set(key, (phraseWeight.get(key) ?? 0) + weight * factor);
      // A run of a form is as far from the description as the form.
      const tier = phraseTier.get(words.join(' ')) ?? tiers.own;
      if (tier < (phraseTier.get(key) ?? tiers.broader + 1)) phraseTier.set(key, tier);
    }
  }

  const businessKind = businessPhrase ? kindOfPhrase(businessPhrase) : 'thing';
  const businessHead = business?.[business.length - 1]?.word ?? '';
  // A chip shop or a coffee shop serves food to eat there or take away: its fish are not bought raw.
  const servesFood = /\b(?:takeaway|takeout|take-away|dine in|eat in)\b/i.test(project.productService);
  const isStay = /\bbed and breakfast$/.test(businessPhrase);
  // "craft brewery and taproom": a place named with a bar or a cafe is had there too.
  const namesEatery = offerPhrases.slice(0, firstListSize).some((words) => isEatery(words.join(' ')));
  const isHospitality =
    isEatery(businessPhrase) || namesEatery || isStay || (servesFood && kindOfPhrase(businessPhrase) === 'place');
  // A "phone repair shop" sells its work, not phones.
  const shopsWork = kindOfPhrase(businessPhrase.split(' ').slice(0, -1).join(' '), 'thing', false) === 'service';
  const defaultKind: PhraseKind = isHospitality
    ? 'thing'
    : isLegal
      ? 'matter'
      : businessKind === 'software'
        ? 'feature'
        : (goodsSellers.has(businessHead) && !shopsWork) || businessKind === 'goods'
          ? 'goods'
          : businessKind === 'thing'
            ? 'thing'
            : 'service';

  // A roaster or a maker that lists beans and blends sells goods; a repair shop that names phones does not.
  const offerKinds = offerPhrases.slice(1).map((words) => kindOfPhrase(words.join(' ')));
  const listsGoods =
    offerKinds.filter((kind) => kind === 'goods').length >
    offerKinds.filter((kind) => kind === 'service' || kind === 'problem').length;
  // A person sells the things listed only when the text says so ("roaster selling beans"): a
  // photographer's photos and a DJ's photo booth come with the work.
  const saysSells = /\b(?:sell|sells|selling|stock|stocks|stocking)\b/i.test(project.productService);
  // A clinic's "cracked heels" are treated, not sold: a place sells what it lists when it is a shop or says so.
  const isShop = goodsSellers.has(businessHead) || isShopWord(businessHead);
  const listsForSale = listsGoods && ((businessKind === 'place' && isShop) || saysSells);
  const sellsGoods =
    defaultKind === 'goods' ||
    makers.has(businessHead) ||
    (!isHospitality && (kindOfPhrase(businessPhrase) === 'goods' || listsForSale));
  const audiences = nounLists(tagText(nlp, project.targetAudience))
    .flatMap((list) => list.items.map((item) => item.map((token) => token.word).join(' ')))
    .filter((audience) => audience.split(' ').length <= 3)
    .slice(0, 2);
  // Brand searches are for the brand when the project has one ("Motion Physio"), not a working name.
  const brandWords = project.brand?.trim() ? tokenize(project.brand) : nameWords;
  const context: PhraseContext = {
    modifierWords,
    heads: lastWords,
    business: businessPhrase,
    verbs,
    city: clean(project.city),
    country: sellsGoods && !clean(project.city) ? countrySearched(project.country) : undefined,
    audiences,
    brand: brandWords.length && brandWords.length <= 4 ? brandWords.join(' ') : '',
    competitors: competitorNames(project.competitors),
    agents: [...new Set(agents)],
    sellsGoods,
    // "wholesale supplier", "in bulk", "trade prices"; "fair trade" is how coffee is grown.
    sellsInBulk: /\b(?:wholesale|wholesalers?|bulk|b2b|(?<!fair[ -])trade)\b/i.test(
      `${project.productService} ${project.targetAudience}`,
    ),
    defaultKind,
    waysOffered: waysOfferedIn(`${project.productService} ${project.targetAudience}`),
  };

  const phrases: Phrase[] = [];
  for (const [text, occurrences] of phraseWeight) {
    const words = text.split(' ');
    if (words.every((word) => fillerWords.has(word))) continue;
    if (phraseProblem(text, context)) continue;
    // "emergency dentist visits" says no more than "emergency dentist"; "puppy visits" are the offer.
    const booked = words.slice(0, -1).join(' ');
    const isBooking = words.length > 1 && bookingHeads.has(words[words.length - 1]!);
    if (isBooking && phraseWeight.has(booked) && kindOfPhrase(booked) !== 'thing') continue;
    const meanWord =
      words.reduce((sum, word) => sum + (wordWeight.get(word) ?? 0) * (fillerWords.has(word) ? 0.3 : 1), 0) /
      words.length;
    const lengthFactor = words.length === 2 ? 1.25 : words.length === 3 ? 1.1 : words.length > 3 ? 0.8 : 1;
    const tier = phraseTier.get(text) ?? tiers.own;
    phrases.push({ text, words, tier, score: (occurrences + meanWord) * lengthFactor });
  }
  phrases.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  // An agency, a program, an online service or one for companies sells farther than "near me".
  const isFar =
    /\b(?:online|nationwide|worldwide|shipped|companies|businesses|startups|b2b)\b/i.test(
      `${project.productService} ${project.targetAudience}`,
    ) ||
    workPlaces.has(businessHead) ||
    isLegal ||
    businessKind === 'software';
  const isVisitedOrVisiting = !isFar && ['place', 'person', 'service'].includes(businessKind);
  return {
    phrases,
    context,
    isHospitality,
    isVisitedOrVisiting,
    makesOwnGoods: makers.has(businessHead),
    businessPhrase,
    businessHead,
  };
}
