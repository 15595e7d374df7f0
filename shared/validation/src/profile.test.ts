import fc from 'fast-check';
import { ageOn, DEFAULT_PROFILE_SETTINGS, PROFILE_FIELDS, profileSchema, validate, type ProfileSettings } from './index';

const all: ProfileSettings = { fields: [...PROFILE_FIELDS], required: [], minAge: 18 };

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2007-02-29', '2026-03-01')).toBeNull(); // no such day
    expect(ageOn('2007-13-01', '2026-03-01')).toBeNull();
    expect(ageOn('15-06-2008', '2026-03-01')).toBeNull();
  });

  it('agrees with adding the years to the birthday (property)', () => {
    const day = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    fc.assert(
      fc.property(day, day, (x, z) => {
        const [b, t] = x <= z ? [x, z] : [z, x];
        const y = Number(b.slice(0, 4));
        const md = b.slice(4);
        // the day of the n-th birthday (a 29 February birthday falls on 1 March in other years)
        const nth = (n: number) => `${y + n}${md === '-02-29' && !leap(y + n) ? '-03-01' : md}`;
        const age = ageOn(b, t)!;
        return age >= 0 && nth(age) <= t && nth(age + 1) > t;
      }),
    );
  });
});

describe('profileSchema', () => {
  const check = (input: object, settings = all, today = '2026-06-15', lang = 'en') =>
    validate(profileSchema(settings, today), input, lang);

  it('takes good values and empty ones (clearing a field)', () => {
    const good = {
      nickname: 'Rahim ভাই',
      payeeName: 'Rahim Uddin',
      fullname: 'Rahim Uddin',
      birthday: '2008-06-15',
      address: '12 Road 5, Dhanmondi, Dhaka',
      nationality: 'Bangladeshi',
      occupation: 'Engineer',
      sourceOfIncome: 'Salary',
      whatsapp: '8801712345678',
      telegram: '@rahim_01',
      facebook: 'rahim.uddin',
      line: 'rahim01',
      zalo: '84901234567',
    };
    expect(check(good)).toMatchObject({ success: true });
    expect(check({ fullname: '', birthday: '' })).toMatchObject({ success: true });
  });

  it.each([
    [{ fullname: 'Rahim' }, 'fullname', 'First and last name'],
    [{ payeeName: 'R' }, 'payeeName', 'First and last name'],
    [{ whatsapp: '01712-345' }, 'whatsapp', 'Digits only'],
    [{ zalo: '123' }, 'zalo', 'Digits only'],
    [{ telegram: 'ra him' }, 'telegram', 'No spaces'],
    [{ nickname: '<b>x</b>' }, 'nickname', 'characters'],
    [{ birthday: '2008-06-16' }, 'birthday', 'at least 18'],
    [{ birthday: '2008-02-30' }, 'birthday', 'yyyy-MM-dd'],
    [{ birthday: '16/06/2000' }, 'birthday', 'yyyy-MM-dd'],
    [{ birthday: '1890-01-01' }, 'birthday', 'yyyy-MM-dd'],
    [{ email: 'x@y.z' }, 'email', 'not available'],
  ])('refuses %j with a message under the field', (input, field, text) => {
    const r = check(input);
    expect(r.success).toBe(false);
    if (!r.success) expect(r.errors[field]).toContain(text);
  });

  it('applies the 21 rule, in Bengali too', () => {
    const s21: ProfileSettings = { ...all, minAge: 21 };
    expect(check({ birthday: '2005-06-15' }, s21)).toMatchObject({ success: true });
    const r = check({ birthday: '2005-06-16' }, s21, '2026-06-15', 'bn');
    expect(r.success).toBe(false);
    if (!r.success) expect(r.errors.birthday).toContain('২১');
  });

  it('refuses a field the operator has not enabled, and an empty required one', () => {
    const r = check({ zalo: '84901234567' }, DEFAULT_PROFILE_SETTINGS);
    expect(r).toMatchObject({ success: false, errors: { zalo: 'This field is not available' } });
    const required = check({ fullname: '' }, { ...DEFAULT_PROFILE_SETTINGS, required: ['fullname'] });
    expect(required).toMatchObject({ success: false, errors: { fullname: 'Input cannot be empty' } });
    // the whole form must carry a required field; a change of other fields need not
    const reqSettings = { ...DEFAULT_PROFILE_SETTINGS, required: ['fullname' as const] };
    expect(validate(profileSchema(reqSettings, '2026-01-01'), { nickname: 'Rahim' })).toMatchObject({ success: false });
    expect(validate(profileSchema(reqSettings, '2026-01-01', ['nickname']), { nickname: 'Rahim' })).toMatchObject({
      success: true,
    });
    expect(validate(profileSchema(reqSettings, '2026-01-01', ['zalo']), { zalo: '84901234567' })).toMatchObject({
      success: false,
    });
  });
});
