import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseUnreachableCause, isDatabaseUnreachable } from './availability';

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('databaseUnreachableCause', () => {
  it('finds the driver error under drizzle and better-auth wrappers, and pg-boss copies', () => {
    const refused = systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    const wrapped = new DrizzleQueryError('select 1', [], refused);
    expect(databaseUnreachableCause(wrapped)).toEqual({ message: refused.message });
    expect(databaseUnreachableCause(new Error('sign-in failed', { cause: wrapped }))?.message).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(isDatabaseUnreachable({ ...refused, message: refused.message, queue: 'keyword-generation' })).toBe(true);
    const both = Object.assign(new AggregateError([refused, systemError('ECONNREFUSED', 'connect ::1')]), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnreachable(both)).toBe(true);
  });

  it('knows PostgreSQL shutting down, starting up, and the pool giving up', () => {
    expect(isDatabaseUnreachable(systemError('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(systemError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnreachable(systemError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnreachable(systemError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnreachable(new DrizzleQueryError('select x', [], systemError('42703', 'no column x')))).toBe(
      false,
    );
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
