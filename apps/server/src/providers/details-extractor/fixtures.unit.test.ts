import type { ProjectDetails } from '@keywright/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocumentText } from '../../documents/extract';
import { extractDocumentDetails } from './offline';
import { sharedFixtures } from '../../../test/support/shared-fixtures';

// What the offline extractor reads from every fixture that yields text, through the real text
// extraction: reviewed by eye, field by field. A comment says what is wrong and why.

/** The shared fixture folder, as the text extraction's tests read it. */
const fixtures = sharedFixtures('documents');

const expected: Record<string, ProjectDetails> = {
  // All right; no audience is stated (the "developers" are the project's own), no place.
  'apache-httpd-server-readme.txt': {
    projectName: 'Apache HTTP Server',
    siteUrl: 'https://httpd.apache.org/',
    targetAudience: '',
    productService:
      'The Apache HTTP Server is a powerful and flexible HTTP/1.1 compliant web server. Originally designed as a replacement for the NCSA HTTP Server, it has grown to be the most popular web server on the Internet. As a project of the Apache Software Foundation, the developers aim to collaboratively develop and maintain a robust, commercial-grade, standards-based server with freely available source code.',
    competitors: 'NCSA HTTP Server',
    country: '',
    city: '',
    language: 'English',
  },
  // All right; the page names no audience.
  'apache-tika-project-page.pdf': {
    projectName: 'Apache Tika',
    siteUrl: 'https://incubator.apache.org/tika/',
    targetAudience: '',
    productService:
      'Apache Tika is a toolkit for detecting and extracting metadata and structured text content from various documents using existing parser libraries.',
    competitors: '',
    country: '',
    city: '',
    language: 'English',
  },
  // A legal deck with no product: "Grundlagen" (Basics) is its first slide title; the site is the employment agency it links.
  'betriebsbedingte-kuendigung-de.ppt': {
    projectName: 'Grundlagen',
    siteUrl: 'https://arbeitsagentur.de/',
    targetAudience: '',
    productService:
      'Zu einer Verringerung des Personalbedarfs aus innerbetrieblichen Gründen (Gestaltende Unternehmerentscheidung) kommt es, wenn sich der Arbeitgeber zu einer organisatorischen Maßnahme entschließt, bei deren innerbetrieblicher Umsetzung das Bedürfnis für die Weiterbeschäftigung eines oder mehrerer Arbeitnehmer entfällt. Der Entschluss, eine bestimmte organisatorische Maßnahme durchzuführen, stellt die Unternehmerentscheidung und damit das betriebliche Erfordernis iSd § 1 Abs. 2 Satz 1 KSchG dar .',
    competitors: '',
    country: '',
    city: '',
    language: 'German',
  },
  // A news article: the description is its lede, not an offer; BMW names no competitor.
  'bmw-hybrid-sports-car-news-leipzig.txt': {
    projectName: 'BMW',
    siteUrl: '',
    targetAudience: '',
    productService:
      "LEIPZIG, Germany—German car maker BMW AG said Friday it will start series production of a new plug-in hybrid sports car in 2013, to be based on the Vision EfficientDynamics Concept car shown at the Frankfurt auto show in September last year. Chief Executive Norbert Reithofer said the car will be produced in Germany but didn't provide details on the price.",
    competitors: '',
    country: 'Germany',
    city: 'Leipzig',
    language: 'English',
  },
  // Wrong audience: "for diagnosed people to lead normal lives" is not the offer's audience (people with Down syndrome who are deaf).
  'capstone-music-sound-interpreter-project.pptx': {
    projectName: 'Music Sound Interpreter',
    siteUrl: '',
    targetAudience: 'diagnosed people',
    productService:
      "Lap pad that senses audio signals then activates visual effects on one side and vibrational effects on the other. Contains recorded responses such as: ”That's awesome!” Using the Music Sound Interpreter, she will able to join her groups extensively.",
    competitors: 'Interactive Fanlight',
    country: 'United States',
    city: 'Lynn',
    language: 'English',
  },
  // City: Montréal is where the 2012 conference meets, not where CNIA is.
  'cnia-nursing-informatics-agm-canada.pptx': {
    projectName: 'CNIA',
    siteUrl: '',
    targetAudience: 'nurses',
    productService: 'To be the voice for Nursing Informatics in Canada.',
    competitors: '',
    country: 'Canada',
    city: 'Montréal',
    language: 'English',
  },
  // All right (seat: Almancil, Loulé); no audience phrase in Portuguese.
  'cnig-golf-industry-association-statutes-pt.docx': {
    projectName: 'CNIG',
    siteUrl: '',
    targetAudience: '',
    productService: 'O CNIG é uma associação de direito privado sem fins lucrativos.',
    competitors: '',
    country: 'Portugal',
    city: 'Loulé',
    language: 'Portuguese',
  },
  // "Hello, world!" is too short for anything.
  'corrupt-xref-helloworld.pdf': {
    projectName: '',
    siteUrl: '',
    targetAudience: '',
    productService: '',
    competitors: '',
    country: '',
    city: '',
    language: '',
  },
  // A damaged deck in capitals: the name is a shouted word, the description a line of capitals.
  'corrupted-decathlon-store-review-it.ppt': {
    projectName: 'AUMENTO',
    siteUrl: '',
    targetAudience: '',
    productService: 'BACHE GRIGE SU TUTTO IL LINEARE ELETTRONICA',
    competitors: '',
    country: '',
    city: '',
    language: 'Italian',
  },
  // Description: the deck has no sentence saying what COUNTER is; city: Oxford is where a member sits.
  'counter-usage-statistics-org-overview.ppt': {
    projectName: 'COUNTER',
    siteUrl: 'https://projectcounter.org/',
    targetAudience: 'libraries and consortia, publishers',
    productService: 'Via feedback to COUNTER via the website, International Advisory Board, etc.',
    competitors: '',
    country: 'United Kingdom',
    city: 'Oxford',
    language: 'English',
  },
  // A letter template: nothing to name; the description is the letter's sentence.
  'employment-letter-template-mailmerge-da.docx': {
    projectName: '',
    siteUrl: '',
    targetAudience: '',
    productService: 'Du, , tiltræder pr. 1/1-2011 virksomheden I stillingen 1. Assistent.',
    competitors: '',
    country: '',
    city: '',
    language: 'Danish',
  },
  // A test deck: "Single byte" is its first line.
  'japanese-text-ja.ppt': {
    projectName: 'Single byte',
    siteUrl: '',
    targetAudience: '',
    productService: '',
    competitors: '',
    country: '',
    city: '',
    language: 'Japanese',
  },
  // All right: the alternatives are the one-word names under "Influental Profiler" and the tools slide.
  'jboss-profiler-product-overview.ppt': {
    projectName: 'JBOSS Profiler',
    siteUrl: 'https://jboss.org/',
    targetAudience: '',
    productService: 'A program that helps you figure out where a program is spending most of its time.',
    competitors: 'JProbe, OptimizeIT, HpJMeter, HPROF',
    country: '',
    city: '',
    language: 'English',
  },
  // A research note: the description is its guidance; Finland is never named (Sweden once, in passing).
  'kreate-equity-research-note-finland.pdf': {
    projectName: 'Kreate',
    siteUrl: '',
    targetAudience: '',
    productService:
      'Kreate estimates that its revenue in 2025 will increase and be in the range of 290-310 MEUR (2024: 275.5 MEUR) and EBITA will increase and be in the range of 9-11 MEUR (2024: 8.8 MEUR).',
    competitors: '',
    country: '',
    city: '',
    language: 'English',
  },
  // All right; the audience (clinical researchers) is not stated as a phrase.
  'labkey-itn-rnaseq-case-study.docx': {
    projectName: 'LabKey',
    siteUrl: '',
    targetAudience: '',
    productService:
      'LabKey has begun work with long-time partner the Immune Tolerance Network (ITN) to further clinical trial transparency by providing public and internal access to RNA sequencing (RNA-Seq) and Next Gen Sequencing data related to clinical trials being conducted by the network.',
    competitors: '',
    country: '',
    city: '',
    language: 'English',
  },
  // A Markdown sampler: "Title" is generic, so no name.
  'markdown-feature-sampler.md': {
    projectName: '',
    siteUrl: '',
    targetAudience: '',
    productService: 'Some bold and italic and struck text with inline code.',
    competitors: '',
    country: '',
    city: '',
    language: 'English',
  },
  // The heading is all the text once the script and data URI are gone.
  'markdown-with-script-and-data-uri.md': {
    projectName: 'Embedded resources',
    siteUrl: '',
    targetAudience: '',
    productService: '',
    competitors: '',
    country: '',
    city: '',
    language: '',
  },
  // Four languages, none the majority: no language.
  'multilingual-quick-brown-fox-utf8.txt': {
    projectName: '',
    siteUrl: '',
    targetAudience: '',
    productService: 'The quick brown fox jumps over the lazy dog',
    competitors: '',
    country: '',
    city: '',
    language: '',
  },
  // The name is the study's title (no product); city: New York City is where it was presented.
  'online-advertising-decay-effects-starcom-dynamiclogic.ppt': {
    projectName: 'Decay Effects in Online Advertising',
    siteUrl: '',
    targetAudience: '',
    productService:
      'For every day since last OTS, aggregate aided online advertising awareness decreases 0.8 percentage points.',
    competitors: '',
    country: 'United States',
    city: 'New York City',
    language: 'English',
  },
  // All right; the article links nothing (mozilla.github.io/pdf.js is not in its text).
  'pdfjs-wikipedia-article.pdf': {
    projectName: 'PDF.js',
    siteUrl: '',
    targetAudience: '',
    productService:
      'PDF.js is a JavaScript library that renders Portable Document Format (PDF) files using the web standards-compliant HTML5 Canvas. The project is led by the Mozilla Corporation after Andreas Gal launched it (initially as an experiment) in 2011. PDF.js was originally created as an extension for Firefox and is included in Firefox since 2012. (version 15), and enabled by default since 2013 (version 19).',
    competitors: '',
    country: '',
    city: '',
    language: 'English',
  },
  // The site from the README's documentation link (docs.serpbear.com), its docs. prefix dropped.
  'serpbear-readme.md': {
    projectName: 'SerpBear',
    siteUrl: 'https://serpbear.com/',
    targetAudience: '',
    productService:
      "SerpBear is an Open Source Search Engine Position Tracking and Keyword Research App. It allows you to track your website's keyword positions in Google and get notified of their position change.",
    competitors: '',
    country: '',
    city: '',
    language: 'English',
  },
  // One sentence about encodings.
  'smart-quotes-windows-1252.txt': {
    projectName: '',
    siteUrl: '',
    targetAudience: '',
    productService: 'These smart quotes are the trigger for CharsetRecog_sbcs to think this is a “windows” encoding',
    competitors: '',
    country: '',
    city: '',
    language: 'English',
  },
  // All right.
  'supabase-readme-de.md': {
    projectName: 'Supabase',
    siteUrl: 'https://supabase.io/',
    targetAudience: 'Entwickler',
    productService:
      'Supabase ist eine Open-Source Alternative zu Firebase. Wir bauen die Features von Firebase mithilfe von Enterprise-tauglichen Open-Source Tools.',
    competitors: 'Firebase',
    country: '',
    city: '',
    language: 'German',
  },
  // A template: placeholders only, its notes in Chinese.
  'val-d-europe-marketing-study-template-fr-zh.ppt': {
    projectName: '',
    siteUrl: '',
    targetAudience: '',
    productService: '',
    competitors: '',
    country: '',
    city: '',
    language: 'Chinese',
  },
};

describe('offline details over the document fixtures', () => {
  it('reads every fixture that yields text, and only those', async () => {
    const readable: string[] = [];
    for (const name of readdirSync(fixtures).sort()) {
      const result = await extractDocumentText(new Uint8Array(readFileSync(join(fixtures, name))), name);
      if ('text' in result) readable.push(name);
    }
    expect(readable).toEqual(Object.keys(expected));
  });

  it.each(Object.entries(expected))('%s', async (name, details) => {
    const result = await extractDocumentText(new Uint8Array(readFileSync(join(fixtures, name))), name);
    if (!('text' in result)) throw new Error(`${name}: ${result.problem}`);
    expect(extractDocumentDetails({ name, text: result.text })).toEqual(details);
  });
});
