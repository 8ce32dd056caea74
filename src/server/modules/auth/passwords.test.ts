import { describe, expect, it } from 'vitest';
import { passwordCostFor } from './passwords';

describe('the cost of password hashing', () => {
  it("is argon2's default (OWASP's minimum) unless the test runner lowers it", () => {
    expect(passwordCostFor({ NODE_ENV: 'production' })).toEqual({});
    expect(passwordCostFor({})).toEqual({});
    expect(passwordCostFor({ NODE_ENV: 'test', SPOTBOOK_TEST_PASSWORD_COST: 'low' })).toEqual({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  });

  it('refuses the test cost in production', () => {
    expect(() => passwordCostFor({ NODE_ENV: 'production', SPOTBOOK_TEST_PASSWORD_COST: 'low' })).toThrow('SPOTBOOK_TEST_PASSWORD_COST is for tests only');
  });
});
