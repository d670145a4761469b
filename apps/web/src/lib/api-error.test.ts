import { describe, expect, it } from 'vitest';
import { errorMessage, isUnauthorized, toApiError } from './api-error';

describe('toApiError', () => {
  it('reads the contract error body, issues included', () => {
    const error = toApiError(400, {
      error: {
        code: 'validation_error',
        message: 'Please fill in all fields.',
        issues: [{ path: 'body.name', message: 'x' }],
      },
    });
    expect(error).toMatchObject({ status: 400, code: 'validation_error', message: 'Please fill in all fields.' });
    expect(error.issues).toEqual([{ path: 'body.name', message: 'x' }]);
    expect(error.isServerMessage).toBe(true);
  });

  it("reads better-auth's { code, message } body and derives the code from the status", () => {
    const error = toApiError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Invalid email or password' });
    expect(isUnauthorized(error)).toBe(true);
  });

  it('has no server message for a body it cannot read', () => {
    const error = toApiError(502, '<html>Bad gateway</html>');
    expect(error).toMatchObject({ status: 502, code: 'unknown', isServerMessage: false });
    expect(errorMessage(error, 'Failed to add team member')).toBe('Failed to add team member');
  });
});

describe('errorMessage', () => {
  it("prefers the server's text, else the screen's fallback", () => {
    const conflict = toApiError(409, {
      error: { code: 'conflict', message: 'This keyword is already in the project.' },
    });
    expect(errorMessage(conflict, 'Failed to add keyword.')).toBe('This keyword is already in the project.');
    expect(errorMessage(new Error('boom'), 'Failed to add keyword.')).toBe('Failed to add keyword.');
  });
});
