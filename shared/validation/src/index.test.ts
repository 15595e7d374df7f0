import i18next from 'i18next';
import {
  bindI18n,
  formSchema,
  fieldSchema,
  matchesRule,
  PASSWORD_CEILING,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordRule,
  passwordSchema,
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
    expect(validate(fieldSchema(bad), 'abcd', 'en')).toEqual({
      success: false,
      errors: { _: validationMessages.en.patternUnavailable },
    });
  });

  test('the message per patternId substitutes min and max, or one value when both are equal', () => {
    expect(patternMessage(rule())({ lang: 'en' })).toBe('Letters and digits starting with a letter, 4 to 16 characters');
    expect(patternMessage(rule({ patternId: 'DIGITS', minLength: 6, maxLength: 6 }))({ lang: 'en' })).toBe(
      'Digits only, 6 digits',
    );
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
    rule({
      field: 'mobileNum',
      required: false,
      patternId: 'MOBILE',
      acceptedPattern: '^01[3-9]\\d{8}$',
      minLength: 11,
      maxLength: 11,
    }),
    rule({ field: 'email', enabled: false, patternId: 'EMAIL', acceptedPattern: '*', minLength: 5, maxLength: 100 }),
    rule({ field: 'captcha', patternId: 'LETTERS_DIGITS', acceptedPattern: '*', minLength: 4, maxLength: 4 }),
  ];
  const ctx = { tab: 'username' as const, smsCodeShown: false, captchaShown: false, termsShown: true };
  const good = { username: 'rahim01', password: 'secret12', confirmPassword: 'secret12', terms: true };

  test('a complete form passes; disabled and hidden fields are not asked for', () => {
    expect(validate(registrationSchema(rules, ctx), good, 'en')).toMatchObject({ success: true });
  });

  test('each field shows its own error', () => {
    const r = validate(
      registrationSchema(rules, ctx),
      { username: '1x', password: '', confirmPassword: 'nope', terms: false, mobileNum: '123' },
      'en',
    );
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
    const r = validate(
      registrationSchema(rules, { ...ctx, tab: 'mobile', smsCodeShown: true, captchaShown: true }),
      { ...good, mobileNum: '' },
      'en',
    );
    expect(r).toMatchObject({
      success: false,
      errors: {
        mobileNum: 'Input cannot be empty',
        smsCode: 'Please enter a valid verification code',
        captcha: 'Input cannot be empty',
      },
    });
  });
});

describe('simple forms', () => {
  const fields = [
    { name: 'password' },
    { name: 'confirm', equals: 'password' },
    { name: 'code', emptyKey: 'verificationCode', max: 6 },
  ];
  test('every field required, confirmation equal, lengths bounded', () => {
    expect(validate(formSchema(fields), {}, 'en')).toEqual({
      success: false,
      errors: {
        password: 'Input cannot be empty',
        confirm: 'Input cannot be empty',
        code: 'Please enter a valid verification code',
      },
    });
    expect(validate(formSchema(fields), { password: 'a', confirm: 'b', code: '1234567' }, 'en')).toEqual({
      success: false,
      errors: { code: 'At most 6 characters' },
    });
    expect(validate(formSchema(fields), { password: 'a', confirm: 'b', code: '1' }, 'en')).toEqual({
      success: false,
      errors: { confirm: 'The two entries are inconsistent' },
    });
    expect(validate(formSchema(fields), { password: 'a', confirm: 'a', code: '1' }, 'en')).toMatchObject({ success: true });
  });
});

describe('passwords', () => {
  const operator = rule({
    field: 'password',
    patternId: 'LETTERS_DIGITS',
    acceptedPattern: '^[A-Za-z0-9]+$',
    minLength: 6,
    maxLength: 20,
  });
  const common = new Set(['password', '12345678', 'iloveyou']);
  const isCommon = (pw: string) => common.has(pw.toLowerCase());

  test('the policy raises the bounds: at least 8 characters, 64 always allowed, never more than 128', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(64);
    expect(passwordRule(operator)).toMatchObject({
      field: 'password',
      patternId: 'LETTERS_DIGITS',
      minLength: 8,
      maxLength: 64,
      required: true,
    });
    expect(passwordRule(rule({ field: 'password', minLength: 12, maxLength: 100 }))).toMatchObject({
      minLength: 12,
      maxLength: 100,
    });
    expect(passwordRule(rule({ field: 'password', minLength: 4, maxLength: 500 }))).toMatchObject({
      minLength: 8,
      maxLength: PASSWORD_CEILING,
    });
    expect(passwordRule(rule({ field: 'password', minLength: 200, maxLength: 300 }))).toMatchObject({
      minLength: PASSWORD_CEILING,
      maxLength: PASSWORD_CEILING,
    });
    expect(passwordRule()).toMatchObject({ patternId: 'ANY', acceptedPattern: '*', minLength: 8, maxLength: 64 });
  });

  test('a 64-character password passes even when the operator allowed only 20', () => {
    expect(validate(passwordSchema(operator), 'a1'.repeat(32), 'en')).toMatchObject({ success: true });
    expect(validate(passwordSchema(operator), 'a1'.repeat(32) + 'x', 'en')).toEqual({
      success: false,
      errors: { _: 'Letters and digits only, 8 to 64 characters' },
    });
  });

  test.each([
    ['en', '', 'Input cannot be empty'],
    ['bn', '', validationMessages.bn.required],
    ['en', 'abc123', 'Letters and digits only, 8 to 64 characters'],
    ['bn', 'abc123', 'শুধু অক্ষর ও সংখ্যা, 8 থেকে 64 অক্ষর'],
    ['en', 'has space 123', 'Letters and digits only, 8 to 64 characters'],
    ['en', 'Password', 'This password is too common: choose another'],
    ['bn', '12345678', 'এই পাসওয়ার্ডটি খুব সাধারণ: অন্য একটি বেছে নিন'],
    ['en', 'RahimKhan1', 'This password is too common: choose another'], // the account itself
    ['bn', 'rahimkhan1', validationMessages.bn.passwordCommon],
  ])('%s: %j is refused with its message', (lang, pw, text) => {
    expect(validate(passwordSchema(operator, { isCommon, account: 'rahimkhan1' }), pw, lang)).toEqual({
      success: false,
      errors: { _: text },
    });
  });

  test('without the server list (the browser), only the rule applies; wrong types are refused', () => {
    expect(validate(passwordSchema(operator), 'password', 'en')).toMatchObject({ success: true });
    expect(validate(passwordSchema(null), 'correct horse battery', 'en')).toMatchObject({ success: true });
    expect(validate(passwordSchema(null), 'short', 'bn')).toEqual({ success: false, errors: { _: '8 থেকে 64 অক্ষর' } });
    expect(validate(passwordSchema(null), 12345678, 'en')).toEqual({ success: false, errors: { _: 'Input cannot be empty' } });
  });

  test('inside a form, the policy applies to the new password and the confirmation must match', () => {
    const schema = formSchema([
      { name: 'oldPassword' },
      { name: 'newPassword', rule: passwordRule(operator), required: true },
      { name: 'confirmNewPassword', equals: 'newPassword' },
    ]);
    expect(validate(schema, { oldPassword: 'x', newPassword: 'abc', confirmNewPassword: 'abc' }, 'en')).toEqual({
      success: false,
      errors: { newPassword: 'Letters and digits only, 8 to 64 characters' },
    });
    expect(validate(schema, { oldPassword: 'x', newPassword: 'abcdefgh1', confirmNewPassword: 'abcdefgh2' }, 'bn')).toEqual({
      success: false,
      errors: { confirmNewPassword: validationMessages.bn.confirm },
    });
  });
});

describe('every message, in BN and EN', () => {
  const patternIds = Object.keys(validationMessages.en.pattern).filter((k) => !k.endsWith('_exact'));
  test.each(patternIds.flatMap((id) => (['bn', 'en'] as const).map((lang) => [id, lang] as const)))(
    '%s in %s: bounds substituted, or the one value when equal',
    (patternId, lang) => {
      const range = patternMessage({ patternId, minLength: 3, maxLength: 9 })({ lang });
      const exact = patternMessage({ patternId, minLength: 7, maxLength: 7 })({ lang });
      expect(range).not.toMatch(/\{\{|\}\}/);
      expect(exact).not.toMatch(/\{\{|\}\}/);
      if (!patternId.startsWith('DATE')) {
        expect(range).toContain('3');
        expect(range).toContain('9');
        expect(exact).toContain('7');
      }
      expect(range).toBe(
        validationMessages[lang].pattern[patternId as keyof typeof validationMessages.en.pattern]
          .replace('{{min}}', '3')
          .replace('{{max}}', '9'),
      );
      // a rule with this patternId refuses a value that is too short with exactly this message
      const r = rule({ patternId, acceptedPattern: '*', minLength: 3, maxLength: 9 });
      expect(validate(fieldSchema(r), 'ab', lang)).toEqual({ success: false, errors: { _: range } });
    },
  );

  const plain = Object.keys(validationMessages.en).filter((k) => k !== 'pattern') as (keyof typeof validationMessages.en)[];
  test.each(plain)('%s has a BN and an EN text that differ', (key) => {
    const en = validationMessages.en[key] as string;
    const bn = validationMessages.bn[key] as string;
    expect(en).toBeTruthy();
    expect(bn).toBeTruthy();
    expect(bn).not.toBe(en);
    expect(bn).toMatch(/[\u0980-\u09FF]/); // Bengali script
  });
});
