import { messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './api-error';
import { readJsonBody } from './read-json-body';

describe('readJsonBody', () => {
  it('reads JSON, and an empty body as null', () => {
    expect(readJsonBody(200, '{"a":1}')).toEqual({ a: 1 });
    expect(readJsonBody(204, '')).toBeNull();
  });

  it('says an answer is not JSON, with its status, as a text fit to show', () => {
    for (const status of [200, 502]) {
      let caught: unknown;
      try {
        readJsonBody(status, '<html>Bad gateway</html>');
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ status, code: 'invalid_response', isServerMessage: true });
      expect(errorMessage(caught, messages.failedToFetchKeywordMetrics)).toBe(messages.notJsonAnswer(status));
    }
  });
});
