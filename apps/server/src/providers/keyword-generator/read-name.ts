// What a business's name says it offers: "Green Leaf Coffee" sells coffee, "Volt Electrical" is an electrician.

import { fieldWeights } from './read-description';
import { genericHeads, goodsSellers, kindOfPhrase, singularPhrase, standsAlone } from './kinds';
import { bookingHeads } from './template-conditions';
import { isContentWord, tagText, type Nlp } from './tag-words';
import { isContainer, tradeAdjectives } from './business-words';
import { agentsOf } from './offer-forms';

interface TextSoFar {
  /** The phrases read from the description, with their weights. */
  nounPhrases: ReadonlyArray<readonly [words: string[], weight: number]>;
  /** The description's words, singular. */
  described: ReadonlySet<string>;
  /** The words the description uses as adjectives. */
  adjectives: ReadonlySet<string>;
  /** What the description says the business is ("physiotherapy clinic"). */
  businessWords: readonly string[];
}

/** The one-word phrases a name adds to the description's, with their weights. */
export function readName(nlp: Nlp, name: string, text: TextSoFar): Array<[words: string[], weight: number]> {
  const found: Array<[string[], number]> = [];
  // A name says what the business is about by its last word: "Green Leaf Coffee", "Rose City Bakery".
  const nameTokens = tagText(nlp, name);
  const nameHead = nameTokens.length > 1 ? nameTokens[nameTokens.length - 1]! : undefined;
  // Only when the description says it too, as a noun: "Forno Rosso" is a name, "Bright Smile Dental" an adjective.
  const nameWord = nameHead?.word ?? '';
  // "Summit Trail" names no trail: the word must end a phrase of the text, or name goods on its own.
  const endsAPhrase =
    text.nounPhrases.some(([words]) => words[words.length - 1] === nameWord) ||
    standsAlone(nameWord) ||
    (kindOfPhrase(nameWord, 'thing', false) === 'service' && nameWord.endsWith('ing'));
  // "Clear View Eye Care" names no "care" to search alone: a broad head word is not the offer.
  // Nor does "Green Thumb Box" sell boxes: a container holds the goods.
  const isBroadHead = genericHeads.has(nameWord) || bookingHeads.has(nameWord) || isContainer(nameWord);
  const isNamedThing =
    !isBroadHead &&
    nameHead?.isHead &&
    isContentWord(nameWord) &&
    text.described.has(nameWord.replace(/s$/, '')) &&
    !text.adjectives.has(nameWord) &&
    endsAPhrase;
  // "FixIt Phones" repairs phones: a service business's name names the object of its work.
  const businessKind = kindOfPhrase(text.businessWords.join(' '));
  const businessHead = text.businessWords.at(-1) ?? '';
  const nameKind = kindOfPhrase(nameWord);
  if (
    isNamedThing &&
    nameKind !== 'place' &&
    (businessKind !== 'service' || nameKind === 'person' || nameKind === 'service')
  ) {
    found.push([[nameKind === 'person' ? singularPhrase(nameWord) : nameWord], fieldWeights.name]);
  }
  // "Volt Electrical", "Spotless Home Cleaning": the trade a name says has its people ("electrician").
  // A program's or a named person's business has no other ("Hush Help" has no helper, a travel agent no traveller);
  // a shop or a maker's place is searched as the place ("Blue Ridge Brewing" is a brewery, not a brewer).
  // Only a trade's word ("Roofing"), not any noun ("Zip Ride" has no rider).
  const namesTrade = tradeAdjectives.has(nameWord) || nameWord.endsWith('ing') || text.described.has(nameWord);
  const nameTrade =
    nameHead && namesTrade && !['software', 'person'].includes(businessKind) && !goodsSellers.has(businessHead)
      ? (tradeAdjectives.get(nameWord) ?? agentsOf(nameWord)[0])
      : undefined;
  if (nameTrade && !nameWord.endsWith('s')) found.push([[nameTrade], fieldWeights.name * 0.6]);
  return found;
}
