import { beforeAll, describe, expect, it } from 'vitest';
import { NICKNAME_MAX_LENGTH } from '#shared/account-rules';
import { i18n, initI18n } from '../../lib/i18n';
import en from '../../locales/en/account.json';
import { nicknameProblem } from './validation';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('account');
});

describe('nicknameProblem', () => {
  it("uses the spec's messages for a missing or short nickname", () => {
    expect(nicknameProblem('   ')).toBe(en.validation.nicknameRequired);
    expect(nicknameProblem(' a ')).toBe(en.validation.nicknameTooShort);
    expect(nicknameProblem('ab')).toBeNull();
  });

  it('counts characters as the server does, so an emoji is one character, not two', () => {
    // One character in two UTF-16 units: too short for the server, so too short here too.
    expect(nicknameProblem('🎣')).toBe(en.validation.nicknameTooShort);
    expect(nicknameProblem('🎣🐟')).toBeNull();
    expect(nicknameProblem('🐟'.repeat(NICKNAME_MAX_LENGTH))).toBeNull();
    expect(nicknameProblem('🐟'.repeat(NICKNAME_MAX_LENGTH + 1))).toBe(
      i18n.t('account:validation.nicknameTooLong', { max: NICKNAME_MAX_LENGTH }),
    );
  });
});
