// Word lists of the offline generator (English).

export const stopwords = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each either every few for from further get gets had has have having he
  her here hers him his how i if in into is it its itself just let lets like made make makes many may me might more most
  much must my no nor not now of off on once one only or other our ours out over own per same she should since so some
  such than that the their theirs them then there these they this those through to too under until up upon us use used
  using very via was we well were what when where which while who whom why will with within without would yet you your
  yours etc eg ie inc ltd llc co com www http https html org net`.split(/\s+/),
);

/** Words too generic to carry a project's topic on their own. */
export const fillerWords = new Set(
  `offer offers offering provide provides providing help helps helping need needs want wants new great good high quality
  based top leading world class solution solutions way ways thing things people everyone anyone someone company companies
  business businesses product products service services customer customers client clients team site website page home
  welcome first best better including include includes various several range wide full free simple easy`.split(/\s+/),
);
