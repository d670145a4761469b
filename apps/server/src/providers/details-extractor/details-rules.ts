// The word lists and patterns the offline extractor reads a document with: what is never a
// project's name or homepage, and how a text names its audience and its competitors. The code
// that applies them is in find-name.ts, find-site.ts and offline.ts.

// ---------------------------------------------------------------------------------------------
// Name

/** Headings that name the kind of page, not the project. */
export const genericTitles = new Set([
  'title',
  'readme',
  'read me',
  'introduction',
  'intro',
  'overview',
  'agenda',
  'contents',
  'table of contents',
  'untitled',
  'presentation',
  'powerpoint presentation',
  'document',
  'about',
  'about us',
  'home',
  'summary',
  'abstract',
  'projects',
  'project',
  'features',
  'welcome',
  'slide',
  'folie',
  'aucun titre de diapositive',
]);

/** Sentence openers that are not names. */
export const notNames = new Set(
  (
    'it this that there we our you your they he she here what who why how where which these those the a an if when ' +
    'der die das es wir sie ein eine il elle ce nous on o um uma os as le la les un une el los en'
  ).split(' '),
);

/** Acronyms and words every technical text repeats; never a project's name on their count alone. */
export const commonTerms = new Set(
  (
    'api apis http https html css pdf ssl tls url urls seo serp json xml sql smtp faq ceo cto pwa rss ai ui ux ' +
    'it ok tv usa us uk eu ag gmbh inc ltd llc sa co corp i ii iii iv v mr mrs ms dr no nr new google ' +
    'eur meur usd musd gbp ebit ebita ebitda eps cagr roi kpi q1 q2 q3 q4 h1 h2 pmc asf ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday'
  ).split(' '),
);

/** Small words a name may hold between its capitalised ones ("Bank of America"). */
export const connectors = new Set([
  'of',
  'the',
  'and',
  'for',
  'de',
  'da',
  'do',
  'du',
  'des',
  'der',
  'die',
  '&',
  'on',
  'in',
]);

/** Words that name the document, not the project: "CNIA Annual General Meeting" -> "CNIA". */
export const documentKindWords =
  /^(?:annual|general|meeting|generalmeeting|agm|report|presentation|conference|minutes|overview|review|study|analysis|proposal|plan|update|newsletter|introduction|quarterly|statutes|estatutos|slides|deck|whitepaper|brochure|handbook|manual)$/i;

// ---------------------------------------------------------------------------------------------
// Site

/** Hosts that are never a project's homepage: code hosting, badges, CDNs, licences, social and video. */
export const foreignHosts =
  /(?:^|\.)(?:github\.com|githubusercontent\.com|github\.io|gitlab\.com|bitbucket\.org|shields\.io|imgur\.com|codacy\.com|youtube\.com|youtu\.be|docker\.com|npmjs\.com|npmjs\.org|jsdelivr\.net|unpkg\.com|cloudflare\.com|b-cdn\.net|gitcdn\.link|cdn\.\w+|opensource\.org|creativecommons\.org|gnu\.org|spdx\.org|twitter\.com|x\.com|facebook\.com|linkedin\.com|instagram\.com|discord\.gg|discord\.com|reddit\.com|medium\.com|wikipedia\.org|example\.com|example\.org|example\.net|localhost|googleapis\.com|gstatic\.com|w3\.org|schema\.org|apple\.com|play\.google\.com)$/i;

/** Subdomains that are a part of the site, not the site ("docs.serpbear.com" -> "serpbear.com"). */
export const partSubdomains = /^(?:www|docs|doc|app|blog|help|support|api|status|cdn|static|assets|images|img|m)\./i;

// ---------------------------------------------------------------------------------------------
// Audience

/** Who an offer is for: people and organisations, plural (and a few singular) heads. */
const audienceNouns =
  '(?:small businesses|businesses|business owners|owners|companies|enterprises|organi[sz]ations|startups|start-ups|' +
  'teams|agencies|developers|programmers|engineers|designers|marketers|advertisers|publishers|bloggers|writers|' +
  'creators|freelancers|consultants|professionals|researchers|scientists|analysts|students|teachers|schools|' +
  'universities|libraries|librarians|hospitals|clinicians|nurses|doctors|physicians|patients|families|parents|' +
  'consortia|children|kids|seniors|beginners|athletes|runners|homeowners|landlords|tenants|retailers|merchants|shops|' +
  'stores|restaurants|consumers|customers|clients|users|people|investors|members|webmasters|administrators|' +
  'admins|sellers|buyers|travell?ers|tourists|musicians|artists|photographers|individuals|' +
  'entwickler(?:n)?|unternehmen|firmen|kunden|familien|agenturen|développeurs|entreprises|clients|particuliers|' +
  'empresas|desenvolvedores|programadores|clientes|famílias|profissionais|proprietários|exploradores)';
const modifier = "(?:[\\p{L}][\\p{L}'’-]*\\s+){0,3}?";
const audiencePhrase = `(${modifier}${audienceNouns}(?:\\s*(?:,|and|or|&|und|et|e|y)\\s+${modifier}${audienceNouns})*)`;
export const audiencePatterns: RegExp[] = [
  new RegExp(
    `\\b(?:designed|built|made|created|intended|developed|tailored|perfect|ideal|great|aimed|targeted|geared|meant|suited|written|optimi[sz]ed)\\s+(?:especially\\s+|specifically\\s+)?(?:for|at|to|towards?)\\s+(?:the\\s+|all\\s+)?${audiencePhrase}`,
    'giu',
  ),
  new RegExp(`\\bhelps?\\s+${audiencePhrase}\\s+(?:to\\s+)?\\p{L}+`, 'giu'),
  new RegExp(
    `\\b(?:for|für|pour|para)\\s+(?:the\\s+|all\\s+|die\\s+|les\\s+|as\\s+|os\\s+)?${audiencePhrase}\\b`,
    'giu',
  ),
  new RegExp(`\\b(?:den|aux)\\s+(${audienceNouns})\\b`, 'giu'),
  // "Libraries and consortia need online usage statistics": who needs the offer, at a line's start.
  new RegExp(`(?:^|\\n|\\bwhy\\s+)${audiencePhrase}\\s+needs?\\b`, 'giu'),
];

// ---------------------------------------------------------------------------------------------
// Competitors

const nameWord = "(?:[\\p{Lu}\\p{N}][\\p{L}\\p{N}+'’-]*(?:\\.[\\p{L}\\p{N}]+)*|\\p{Ll}+\\p{Lu}[\\p{L}\\p{N}]*)";
export const namePattern = `(${nameWord}(?:\\s+${nameWord}){0,3})`;
const namesPattern = `(${nameWord}(?:\\s+${nameWord}){0,3}(?:\\s*(?:,|,?\\s+and|,?\\s+or|&|und|oder|et|ou|e|y)\\s+${nameWord}(?:\\s+${nameWord}){0,3})*)`;

/** A keyword alternation whose words may start a sentence: "alternative" or "Alternative". */
function keywords(words: string): string {
  return `(?:${words
    .split('|')
    .map((word) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`)
    .join('|')})`;
}

// No `i` flag here: with it \p{Lu} matches any letter, and a name must start with a capital.
export const competitorPatterns: RegExp[] = [
  new RegExp(
    `\\b${keywords('alternatives?')}\\s+(?:to|for|zu|à|a|ao|para|di|de)\\s+(?:the\\s+|der\\s+|den\\s+|o\\s+|a\\s+)?${namesPattern}`,
    'gu',
  ),
  new RegExp(`\\b${keywords('replacement|substitute|successor')}\\s+(?:for|of|to)\\s+(?:the\\s+)?${namePattern}`, 'gu'),
  new RegExp(
    `\\b${keywords('compared\\s+(?:with|to)|in\\s+comparison\\s+(?:with|to)|unlike|rather\\s+than|instead\\s+of|better\\s+than|cheaper\\s+than|faster\\s+than|im\\s+Vergleich\\s+zu|statt|anstelle\\s+von')}\\s+(?:the\\s+)?${namesPattern}`,
    'gu',
  ),
  new RegExp(
    `\\b${keywords('competitors?|competition|rivals?|competing\\s+(?:products?|tools?|services?|solutions?)|alternatives|konkurrenten|wettbewerber|mitbewerber|concurrents?|concorrentes?|competidores')}\\b[^.\\n]{0,40}?(?:such\\s+as|like|include|including|are|:|sind|wie|comme|como|incluem)\\s+(?:the\\s+)?${namesPattern}`,
    'gu',
  ),
];
export const versusPattern = new RegExp(`${namePattern}\\s+(?:vs\\.?|versus)\\s+${namePattern}`, 'gu');
export const competitorHeading =
  /^(?:main\s+)?(?:competitors?|competition|competing\s+products?|alternatives|rivals|konkurrenz|wettbewerber|concurrents|concorrentes)\s*:?\s*$/i;
