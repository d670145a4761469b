import { queryIntentFilter } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { intentNames, intentQuery, readIntentChoice } from './intent-filter';

describe('readIntentChoice', () => {
  it('keeps known intents once, in the contract order, whatever order they were chosen in', () => {
    expect(readIntentChoice(['transactional', 'informational'])).toEqual(['informational', 'transactional']);
    expect(readIntentChoice(['commercial', 'commercial', 'shopping', ''])).toEqual(['commercial']);
    expect(readIntentChoice([])).toEqual([]);
  });
});

describe('intentQuery', () => {
  it('joins the intents with commas, and leaves the parameter out when none are chosen', () => {
    expect(intentQuery(['commercial', 'transactional'])).toEqual({ intent: 'commercial,transactional' });
    expect(intentQuery(['navigational'])).toEqual({ intent: 'navigational' });
    expect(intentQuery([])).toEqual({});
  });

  it('is read back by the server as the same intents', () => {
    const intents = readIntentChoice(['transactional', 'navigational', 'informational']);
    expect(queryIntentFilter.parse(intentQuery(intents).intent)).toEqual(intents);
    expect(queryIntentFilter.parse(intentQuery([]).intent)).toEqual([]);
  });
});

describe('intentNames', () => {
  it('names the intents as the badges do', () => {
    expect(intentNames(['informational', 'commercial'])).toEqual(['Informational', 'Commercial']);
  });
});
