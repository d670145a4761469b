import { messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  clusterCpcRange,
  describeIntentMix,
  groupCountLabel,
  intentShares,
  keywordCountLabel,
  moveTargets,
  readProjectView,
  readTightness,
  writeProjectView,
} from './clusters-view';

const params = (text: string) => new URLSearchParams(text);
const mix = (counts: Partial<Record<'informational' | 'navigational' | 'commercial' | 'transactional', number>>) => ({
  informational: 0,
  navigational: 0,
  commercial: 0,
  transactional: 0,
  ...counts,
});

describe('the project view in the address', () => {
  it('reads ?view=groups as the groups and anything else as the keyword table', () => {
    expect(readProjectView(params('view=groups'))).toBe('groups');
    expect(readProjectView(params(''))).toBe('keywords');
    expect(readProjectView(params('view=keywords'))).toBe('keywords');
    expect(readProjectView(params('view=GROUPS'))).toBe('keywords');
    expect(readProjectView(params('view=clusters&page=2'))).toBe('keywords');
  });

  it('reads the tightness, balanced when missing or unreadable', () => {
    expect(readTightness(params('tightness=tight'))).toBe('tight');
    expect(readTightness(params('tightness=loose'))).toBe('loose');
    expect(readTightness(params(''))).toBe('balanced');
    expect(readTightness(params('tightness=medium'))).toBe('balanced');
  });

  it('writes the groups view with a tightness other than the default, and drops the keyword page on a switch', () => {
    expect(writeProjectView(params('page=3'), { view: 'groups' }).toString()).toBe('view=groups');
    expect(writeProjectView(params('view=groups'), { tightness: 'tight' }).toString()).toBe(
      'view=groups&tightness=tight',
    );
    expect(writeProjectView(params('view=groups&tightness=tight'), { tightness: 'balanced' }).toString()).toBe(
      'view=groups',
    );
    // Back to the keyword table: a clean address.
    expect(writeProjectView(params('view=groups&tightness=loose'), { view: 'keywords' }).toString()).toBe('');
    // The same view again keeps the keyword table's page.
    expect(writeProjectView(params('page=3'), { view: 'keywords' }).toString()).toBe('page=3');
    // Other parameters stay.
    expect(writeProjectView(params('utm=x'), { view: 'groups' }).toString()).toBe('utm=x&view=groups');
  });

  it('reads back what it writes', () => {
    for (const view of ['keywords', 'groups'] as const) {
      for (const tightness of ['loose', 'balanced', 'tight'] as const) {
        const written = writeProjectView(params(''), { view, tightness });
        expect(readProjectView(written)).toBe(view);
        expect(readTightness(written)).toBe(view === 'groups' ? tightness : 'balanced');
      }
    }
  });
});

describe('the intent mix', () => {
  it('lists the intents carried, most common first, with full names and shares of the group', () => {
    expect(intentShares(mix({ commercial: 2, transactional: 5, informational: 2 }), 6)).toEqual([
      { intent: 'transactional', label: 'Transactional', count: 5, percent: 83 },
      { intent: 'informational', label: 'Informational', count: 2, percent: 33 },
      { intent: 'commercial', label: 'Commercial', count: 2, percent: 33 },
    ]);
  });

  it('says it in words, or that no intent is known yet', () => {
    expect(describeIntentMix(mix({ navigational: 3 }), 3)).toBe('Navigational 3 of 3');
    expect(describeIntentMix(mix({ commercial: 4, transactional: 2 }), 6)).toBe(
      'Commercial 4 of 6, Transactional 2 of 6',
    );
    expect(describeIntentMix(mix({}), 4)).toBe(messages.intentNotKnown);
    expect(intentShares(mix({}), 0)).toEqual([]);
  });
});

describe('group figures and labels', () => {
  it('shows the CPC range in its currency, N/A while an end is unknown, no range of mixed currencies', () => {
    const group = { cpcLow: 1_200_000, cpcHigh: 3_450_000, currency: 'USD', mixedCurrencies: false };
    expect(clusterCpcRange(group)).toBe('$1.20 - $3.45');
    expect(clusterCpcRange({ ...group, currency: 'GBP' })).toBe('£1.20 - £3.45');
    expect(clusterCpcRange({ ...group, cpcLow: null })).toBe('N/A');
    expect(clusterCpcRange({ cpcLow: null, cpcHigh: null, currency: null, mixedCurrencies: true })).toBe(
      'Mixed currencies',
    );
  });

  it('counts in words', () => {
    expect(keywordCountLabel(1)).toBe('1 keyword');
    expect(keywordCountLabel(1200)).toBe('1,200 keywords');
    expect(groupCountLabel(1)).toBe('1 group');
    expect(groupCountLabel(0)).toBe('0 groups');
  });

  it('offers every other group as a move target, with its size', () => {
    const groups = [
      { id: 1, name: 'dental implants', keywordCount: 6 },
      { id: 2, name: 'teeth whitening', keywordCount: 7 },
      { id: 3, name: 'root canal', keywordCount: 3 },
    ];
    expect(moveTargets(groups, 2)).toEqual([
      { value: '1', label: 'dental implants (6)' },
      { value: '3', label: 'root canal (3)' },
    ]);
  });
});
