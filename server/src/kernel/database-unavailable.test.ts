import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { ConnectionException, DriverException } from '@mikro-orm/core';
import { databaseFailureReason, formatError, isDatabaseUnavailable } from './errors.js';

/** Which errors mean "the database is away, try again" (a failover), and what a client and the log see of them. */
describe('isDatabaseUnavailable', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('knows a broken or refused connection, a server going or starting, and a standby reached by mistake', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('cannot execute INSERT in a read-only transaction', '25006'),
      withCode('connection failure', '08006'),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('sees through MikroORM and GraphQL wrappers', () => {
    const driver = new DriverException(
      withCode('insert into "x" … - Connection terminated unexpectedly', 'ECONNRESET'),
    );
    expect(isDatabaseUnavailable(driver)).toBe(true);
    expect(isDatabaseUnavailable(new ConnectionException(new Error('anything')))).toBe(true);
    const wrapped = new GraphQLError('x', { originalError: new Error('Connection terminated unexpectedly') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves other database errors and faults alone', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('could not serialize access', '40001'),
      new Error('Cannot read properties of undefined'),
      null,
      'Connection terminated',
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('logs the code and the known phrase, never the statement', () => {
    const driver = new DriverException(
      withCode(`select * from person where bsn_hash = 'geheim' - Connection terminated unexpectedly`, 'ECONNRESET'),
    );
    expect(databaseFailureReason(driver)).toBe('ECONNRESET Connection terminated');
    expect(databaseFailureReason(driver)).not.toContain('geheim');
  });

  it('answers the client DATABASE_UNAVAILABLE in Dutch, retryable, without the original message', () => {
    const original = new Error('Connection terminated unexpectedly');
    const error = new GraphQLError(original.message, { originalError: original, path: ['checkout'] });
    expect(formatError({ message: original.message, path: ['checkout'] }, error)).toEqual({
      message: 'De database is even niet bereikbaar. Probeer het over enkele seconden opnieuw.',
      path: ['checkout'],
      extensions: { code: 'DATABASE_UNAVAILABLE', retryable: true },
    });
  });
});
