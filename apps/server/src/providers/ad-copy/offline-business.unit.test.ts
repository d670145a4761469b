import { describe, expect, it } from 'vitest';
import type { AdCopyBrief } from './ad-copy-writer';
import { writeOfflineAdLines } from './offline';

// The offline writer reads a business as the keyword generator does: what it sells, what it
// does, and what its description says it is, however the owner starts the sentence.

const project: AdCopyBrief['project'] = {
  name: '',
  description: '',
  country: 'United States',
  city: '',
  language: 'English',
  siteUrl: '',
  targetAudience: '',
};

async function adOf(brief: AdCopyBrief): Promise<string[]> {
  return [...(await writeOfflineAdLines('headlines', brief)), ...(await writeOfflineAdLines('descriptions', brief))];
}

describe('offline ad copy: what the business sells', () => {
  const phoneKeywords = [
    'phone repair austin',
    'mobile phones',
    'buy phones',
    'phone screen repair',
    'battery replacement',
  ];
  /** Lines that sell the phones a repair shop works on. */
  const selling =
    /^(?:Shop|Buy|Order) |\b(?:shop|buy|order|find) (?:mobile )?phones\b|Browse the Collection|Order Yours/i;

  it.each([
    'Mobile phone screen repair, battery replacement and water damage repair while you wait',
    'Phone repair shop in Austin: screen repair, battery replacement and water damage repair while you wait',
  ])('never asks a phone repair shop’s customers to buy or shop phones: %s', async (description) => {
    const lines = await adOf({
      keywords: phoneKeywords,
      project: { ...project, name: 'FixPoint Phone Repair', description, city: 'Austin' },
    });
    expect(lines.filter((line) => selling.test(line))).toEqual([]);
    expect(lines).toEqual(expect.arrayContaining(['Phone Repair in Austin', 'Request a Quote Today']));
  });

  it('still asks a shop’s customers to shop its goods', async () => {
    const lines = await adOf({
      keywords: ['leather wallets', 'leather belts'],
      project: { ...project, name: 'Oak and Hide', description: 'Handmade leather wallets, belts and bags' },
    });
    expect(lines).toEqual(expect.arrayContaining(['Shop Leather Wallets', 'Shop leather wallets from Oak and Hide.']));
  });
});

describe('offline ad copy: what the business is', () => {
  const keywords = ['physiotherapy clinic', 'sports massage leeds', 'back pain treatment', 'physiotherapist leeds'];
  const clinic = { ...project, name: 'Motion Physio', country: 'United Kingdom', city: 'Leeds' };
  const treats = 'treating sports injuries, back pain and post-surgery rehabilitation, with sports massage.';

  it.each([
    `Motion Physio is a physiotherapy clinic in Leeds ${treats}`,
    `Motion Physio: physiotherapy clinic in Leeds ${treats}`,
    `We are a physiotherapy clinic in Leeds ${treats}`,
  ])('says the business’s name once when its description starts with it: %s', async (description) => {
    const lines = await writeOfflineAdLines('descriptions', { keywords, project: { ...clinic, description } });
    expect(lines).toContain('Motion Physio is a physiotherapy clinic in Leeds.');
    expect(lines.filter((line) => /is an? (?:motion physio|we)\b|Motion Physio.*Motion Physio/i.test(line))).toEqual(
      [],
    );
  });

  it('says a clinic treats problems and offers its services, never that it offers back pain', async () => {
    const description =
      'Physiotherapy clinic treating sports injuries, back pain and post-surgery rehabilitation, with sports massage';
    const lines = await writeOfflineAdLines('descriptions', { keywords, project: { ...clinic, description } });
    expect(lines).toEqual(
      expect.arrayContaining([
        'Motion Physio treats sports injuries and back pain.',
        'Motion Physio offers post-surgery rehabilitation and a sports massage.',
      ]),
    );
    expect(lines.filter((line) => /offers [^.]*(?:sports injuries|back pain)/.test(line))).toEqual([]);
  });
});
