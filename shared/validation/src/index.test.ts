import i18next from 'i18next';
import {
  bindI18n,
  formSchema,
  fieldSchema,
  matchesRule,
  patternMessage,
  registrationSchema,
  setValidatorLocale,
  validate,
  validatorLocale,
  validationMessages,
  type FieldRule,
} from './index';

const rule = (over: Partial<FieldRule> = {}): FieldRule => ({
  field: 'username',
  enabled: true,
  required: true,
  patternId: 'LETTERS_DIGITS_FIRST_LETTER',
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  minLength: 4,
  maxLength: 16,
  ...over,
});

beforeEach(() => setValidatorLocale('bn'));

describe('field rules', () => {
  test('a value passes only when it matches the pattern and lies within both bounds', () => {
    expect(matchesRule(rule(), 'abc1')).toBe(true);
    expect(matchesRule(rule(), '1abc')).toBe(false); // first character must be a letter
    expect(matchesRule(rule(), 'abc')).toBe(false); // below min
    expect(matchesRule(rule(), 'a'.repeat(17))).toBe(false); // above max
  });

  test("the pattern '*' matches anything (within the bounds)", () => {
    const any = rule({ acceptedPattern: '*', patternId: 'NO_SPACES', minLength: 1, maxLength: 5 });
    expect(matchesRule(any, 'a b!')).toBe(true);
    expect(matchesRule(any, 'abcdef')).toBe(false);
  });

  test('a pattern that does not compile fails closed with its own message', () => {
    const bad = rule({ acceptedPattern: '([' });
    expect(matchesRule(bad, 'abcd')).toBe('unavailable');
    expect(validate(fieldSchema(bad), 'abcd', 'en')).toEqual({ success: false, errors: { _: validationMessages.en.patternUnavailable } });
  });

  test('the message per patternId substitutes min and max, or one value when both are equal', () => {
    expect(patternMessage(rule())({ lang: 'en' })).toBe('Letters and digits starting with a letter, 4 to 16 characters');
    expect(patternMessage(rule({ patternId: 'DIGITS', minLength: 6, maxLength: 6 }))({ lang: 'en' })).toBe('Digits only, 6 digits');
    expect(patternMessage(rule({ patternId: 'DIGITS', minLength: 6, maxLength: 6 }))({ lang: 'bn' })).toBe('শুধু সংখ্যা, 6 অঙ্ক');
    // an unknown patternId still says the bounds
    expect(patternMessage(rule({ patternId: 'NEW_RULE', minLength: 2, maxLength: 9 }))({ lang: 'en' })).toBe('2 to 9 characters');
  });

  test('every pattern family has BN and EN texts, with and without equal bounds', () => {
    for (const lang of ['bn', 'en'] as const) {
      const keys = Object.keys(validationMessages[lang].pattern);
      expect(keys.sort()).toEqual(Object.keys(validationMessages.en.pattern).sort());
      for (const k of keys.filter((x) => !x.endsWith('_exact'))) expect(keys).toContain(`${k}_exact`);
    }
  });

  test('empty: required gives "cannot be empty", optional passes; wrong types are refused', () => {
    expect(validate(fieldSchema(rule()), '', 'en')).toEqual({ success: false, errors: { _: 'Input cannot be empty' } });
    expect(validate(fieldSchema(rule({ required: false })), '', 'en').success).toBe(true);
    expect(validate(fieldSchema(rule({ required: false })), undefined, 'en').success).toBe(true);
    expect(validate(fieldSchema(rule()), 42, 'en')).toEqual({ success: false, errors: { _: 'Input cannot be empty' } });
  });
});

describe('the validator locale', () => {
  test('messages come in the validator locale unless a call names its own', () => {
    setValidatorLocale('EN');
    expect(validatorLocale()).toBe('en');
    expect(validate(fieldSchema(rule()), '')).toEqual({ success: false, errors: { _: 'Input cannot be empty' } });
    setValidatorLocale('BN');
    expect(validate(fieldSchema(rule()), '')).toEqual({ success: false, errors: { _: validationMessages.bn.required } });
    expect(validate(fieldSchema(rule()), '', 'EN')).toEqual({ success: false, errors: { _: 'Input cannot be empty' } });
  });

  test('bound to the page i18next, a language change sets the validator locale and the texts come through i18next', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'bn', resources: {}, initAsync: false });
    bindI18n(i18n);
    expect(validatorLocale()).toBe('bn');
    expect(i18n.t('required', { ns: 'validation', lng: 'en' })).toBe('Input cannot be empty');
    await i18n.changeLanguage('en');
    expect(validatorLocale()).toBe('en');
    expect(validate(fieldSchema(rule()), 'ab')).toEqual({
      success: false,
      errors: { _: 'Letters and digits starting with a letter, 4 to 16 characters' },
    });
    await i18n.changeLanguage('bn');
    expect(validatorLocale()).toBe('bn');
  });
});

describe('registration', () => {
  const rules: FieldRule[] = [
    rule(),
    rule({ field: 'password', patternId: 'LETTERS_DIGITS', acceptedPattern: '^[A-Za-z0-9]+$', minLength: 6, maxLength: 20 }),
    rule({ field: 'mobileNum', required: false, patternId: 'MOBILE', acceptedPattern: '^01[3-9]\\d{8}$', minLength: 11, maxLength: 11 }),
    rule({ field: 'email', enabled: false, patternId: 'EMAIL', acceptedPattern: '*', minLength: 5, maxLength: 100 }),
    rule({ field: 'captcha', patternId: 'LETTERS_DIGITS', acceptedPattern: '*', minLength: 4, maxLength: 4 }),
  ];
  const ctx = { tab: 'username' as const, smsCodeShown: false, captchaShown: false, termsShown: true };
  const good = { username: 'rahim01', password: 'secret12', confirmPassword: 'secret12', terms: true };

  test('a complete form passes; disabled and hidden fields are not asked for', () => {
    expect(validate(registrationSchema(rules, ctx), good, 'en')).toMatchObject({ success: true });
  });

  test('each field shows its own error', () => {
    const r = validate(registrationSchema(rules, ctx), { username: '1x', password: '', confirmPassword: 'nope', terms: false, mobileNum: '123' }, 'en');
    expect(r).toEqual({
      success: false,
      errors: {
        username: 'Letters and digits starting with a letter, 4 to 16 characters',
        password: 'Input cannot be empty',
        mobileNum: 'Enter a valid mobile number (11 digits)',
        terms: 'Please agree to the terms',
      },
    });
  });

  test("a confirmation that differs from a valid password is 'inconsistent twice'", () => {
    expect(validate(registrationSchema(rules, ctx), { ...good, confirmPassword: 'secret13' }, 'en')).toEqual({
      success: false,
      errors: { confirmPassword: 'The two entries are inconsistent' },
    });
  });

  test('the mobile tab requires the mobile number; a shown SMS code and captcha are required', () => {
    const r = validate(registrationSchema(rules, { ...ctx, tab: 'mobile', smsCodeShown: true, captchaShown: true }), { ...good, mobileNum: '' }, 'en');
    expect(r).toMatchObject({ success: false, errors: { mobileNum: 'Input cannot be empty', smsCode: 'Please enter a valid verification code', captcha: 'Input cannot be empty' } });
  });
});

describe('simple forms', () => {
  const fields = [{ name: 'password' }, { name: 'confirm', equals: 'password' }, { name: 'code', emptyKey: 'verificationCode', max: 6 }];
  test('every field required, confirmation equal, lengths bounded', () => {
    expect(validate(formSchema(fields), {}, 'en')).toEqual({
      success: false,
      errors: { password: 'Input cannot be empty', confirm: 'Input cannot be empty', code: 'Please enter a valid verification code' },
    });
    expect(validate(formSchema(fields), { password: 'a', confirm: 'b', code: '1234567' }, 'en')).toEqual({
      success: false,
      errors: { code: 'At most 6 characters' },
    });
    expect(validate(formSchema(fields), { password: 'a', confirm: 'b', code: '1' }, 'en')).toEqual({ success: false, errors: { confirm: 'The two entries are inconsistent' } });
    expect(validate(formSchema(fields), { password: 'a', confirm: 'a', code: '1' }, 'en')).toMatchObject({ success: true });
  });
});
