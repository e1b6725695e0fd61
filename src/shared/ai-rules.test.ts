import { describe, expect, it } from 'vitest';
import * as contract from './contracts/ai';
import * as rules from './ai-rules';

describe('AI chat rules', () => {
  // The contract still spells these itself; until it re-exports them from ai-rules.ts, both must agree.
  it('agree with the contract the server validates with', () => {
    expect(rules.AI_QUESTION_MAX_LENGTH).toBe(contract.AI_QUESTION_MAX_LENGTH);
    expect(rules.AI_QUOTA_WINDOW_SECONDS).toBe(contract.AI_QUOTA_WINDOW_SECONDS);
    expect(rules.AI_RATE_LIMITED).toBe(contract.AI_RATE_LIMITED);
  });
});
