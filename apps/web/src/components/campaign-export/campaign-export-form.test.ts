import { messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { campaignExportBody, initialCampaignFields, type CampaignExportFields } from './campaign-export-form';

const project = { name: 'Bright Smile Dental', site_url: '' };

const fields = (change: Partial<CampaignExportFields> = {}): CampaignExportFields => ({
  ...initialCampaignFields(project),
  finalUrl: 'https://brightsmile.example/book',
  ...change,
});

describe('initialCampaignFields', () => {
  it('starts from keyword groups, the project name, phrase match and Max CPC, with no final URL without a site', () => {
    expect(initialCampaignFields(project)).toEqual({
      groupBy: 'clusters',
      tightness: 'balanced',
      campaign: 'Bright Smile Dental',
      matchType: 'Phrase',
      includeMaxCpc: true,
      // Estimated bids are no Max CPC unless asked for.
      useEstimatedBids: false,
      finalUrl: '',
    });
  });

  it("takes a generated project's site as the final URL, https added to a bare domain", () => {
    expect(initialCampaignFields({ ...project, site_url: 'brightsmile.example' }).finalUrl).toBe(
      'https://brightsmile.example',
    );
    expect(initialCampaignFields({ ...project, site_url: ' http://brightsmile.example/dentist ' }).finalUrl).toBe(
      'http://brightsmile.example/dentist',
    );
  });
});

describe('campaignExportBody', () => {
  it('sends keyword groups with their tightness', () => {
    expect(campaignExportBody(fields({ tightness: 'tight', matchType: 'Exact', includeMaxCpc: false }))).toEqual({
      body: {
        groupBy: 'clusters',
        tightness: 'tight',
        campaign: 'Bright Smile Dental',
        matchType: 'Exact',
        includeMaxCpc: false,
        useEstimatedBids: false,
        finalUrl: 'https://brightsmile.example/book',
      },
    });
  });

  it('sends lists without a tightness, and the texts trimmed', () => {
    expect(
      campaignExportBody(
        fields({ groupBy: 'lists', tightness: 'loose', campaign: '  Denver search ', finalUrl: ' https://a.example ' }),
      ),
    ).toEqual({
      body: {
        groupBy: 'lists',
        campaign: 'Denver search',
        matchType: 'Phrase',
        includeMaxCpc: true,
        useEstimatedBids: false,
        finalUrl: 'https://a.example',
      },
    });
  });

  it('lets the campaign name be empty: the server names the campaign after the project', () => {
    expect(campaignExportBody(fields({ campaign: '   ' })).body?.campaign).toBe('');
  });

  it("refuses a missing or partial final URL with the contract's text", () => {
    for (const finalUrl of ['', 'brightsmile', 'brightsmile.example', 'ftp://brightsmile.example']) {
      expect(campaignExportBody(fields({ finalUrl })), finalUrl).toEqual({
        errors: { finalUrl: messages.finalUrlInvalid },
      });
    }
  });
});
