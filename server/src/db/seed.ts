import type { Db } from './db';
import { seedLobby } from '../domains/game/lobby.seed';

export const MERCHANT_CODE = 'KHELA';

/** Default system settings; seeding never overwrites a value an operator has changed. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  maintenance: false,
  regionRestriction: false,
  regionAllowList: [] as string[],
  customerService: [
    { csType: 'whatsapp', path: 'https://wa.me/8801700000001' },
    { csType: 'livechat', path: 'https://chat.khela.example/widget?room=support' },
    { csType: 'telegram', path: 'https://t.me/khela_support_example' },
    { csType: 'link', path: 'https://help.khela.example/contact' },
  ],
  resources: [
    { resourceType: 'social', labelNameEn: 'Facebook', url: 'https://facebook.com/khela.example' },
    { resourceType: 'social', labelNameEn: 'Instagram', url: 'https://instagram.com/khela.example' },
    { resourceType: 'social', labelNameEn: 'Telegram', url: 'https://t.me/khela_news_example' },
    { resourceType: 'app', labelNameEn: 'Android', url: 'https://khela.example/download/android' },
    { resourceType: 'app', labelNameEn: 'iOS', url: 'https://khela.example/download/ios' },
    { resourceType: 'app', labelNameEn: 'Mobile Config', url: '/wps/static/khela.mobileconfig' },
  ],
  mainDomain: 'khela.example',
  domains: ['khela.example', 'www.khela.example'],
  gtagId: null,
  imageCDNs: ['https://img1.khela.example', 'https://img2.khela.example'],
  launchGameCDNs: ['https://play1.khela.example'],
  supportHours: '24/7',
  // sign-in (issue 4)
  loginIpVerification: true,
  // no forced rotation by default (ASVS 5.0, NIST 800-63B): an operator may still turn expiry on
  passwordPolicy: false,
  passwordMaxAgeDays: 90,
  smsCodeExpiredMinutes: 2,
  authLimits: {},
};

/** [modId, parentModId, enabled]; parents first. Group nodes make the flags a real tree. */
export const WHITELABEL_FLAGS: readonly [string, string | null, boolean][] = [
  ['REG3', null, true],
  ['USERNAMEREG3', 'REG3', true],
  ['MOBILENUMREG3', 'REG3', true],
  ['MOBILENUMPASSREG3', 'REG3', true],
  ['REGMOBVERF3', 'REG3', false],
  ['COUNTRYCODE3', 'REG3', true],
  ['COMM3', null, true],
  ['FREEPLAY3', 'COMM3', false],
  ['SMSLOGIN3', 'COMM3', false],
  ['SOCIALLOGIN3', 'COMM3', false],
  ['SECURITY3', null, true],
  ['CHNGPASSVERIF3', 'SECURITY3', false],
  ['PWDPOLICY3', 'SECURITY3', true],
  ['PHONERESET3', 'SECURITY3', false],
  ['AGENT3', null, true],
  ['AGENTPOLICY3', 'AGENT3', true],
  ['REFERRAL3', 'AGENT3', true],
];

/** [field, enabled, required, patternId, acceptedPattern, minLength, maxLength]; '*' accepts anything. */
export const REGISTRATION_FIELD_RULES: readonly [string, boolean, boolean, string, string, number, number][] = [
  ['username', true, true, 'LETTERS_DIGITS_FIRST_LETTER', '^[A-Za-z][A-Za-z0-9]*$', 4, 16],
  // any characters (symbols, spaces, passphrases), 8 to 64: the password policy's own bounds
  ['password', true, true, 'ANY', '*', 8, 64],
  ['payeeName', false, false, 'FULL_NAME', '*', 2, 50],
  ['paymentPassword', false, false, 'DIGITS', '^[0-9]+$', 6, 6],
  ['qqNum', false, false, 'DIGITS', '^[0-9]+$', 5, 12],
  ['line', false, false, 'NO_SPACES', '^\\S+$', 1, 50],
  ['whatsapp', false, false, 'DIGITS', '^[0-9]+$', 8, 15],
  ['facebook', false, false, 'NO_SPACES', '*', 1, 100],
  ['wechat', false, false, 'NO_SPACES', '^\\S+$', 1, 50],
  ['idNumber', false, false, 'LETTERS_DIGITS', '^[A-Za-z0-9]+$', 6, 20],
  ['email', false, false, 'EMAIL', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 5, 100],
  ['mobileNum', true, false, 'MOBILE', '^01[3-9]\\d{8}$', 11, 11],
  ['recommenderId', false, false, 'LETTERS_DIGITS', '^[A-Za-z0-9]+$', 1, 32],
  ['affiliateCode', true, false, 'LETTERS_DIGITS', '^[A-Za-z0-9]+$', 4, 16],
  ['captcha', true, true, 'LETTERS_DIGITS', '*', 4, 4],
];

/** Inserts what is missing and leaves everything else as it is: safe to run on every start. */
export async function seed(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO merchants (code, name, default_language) VALUES ($1, 'Khela', 'BN') ON CONFLICT (code) DO NOTHING`,
      [MERCHANT_CODE],
    );
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      await q.query(`INSERT INTO system_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`, [
        key,
        JSON.stringify(value),
      ]);
    }
    for (const [sort, [modId, parent, enabled]] of WHITELABEL_FLAGS.entries()) {
      await q.query(
        `INSERT INTO whitelabel_flags (mod_id, parent_mod_id, enabled, sort) VALUES ($1, $2, $3, $4)
         ON CONFLICT (mod_id) DO NOTHING`,
        [modId, parent, enabled, sort],
      );
    }
    for (const [sort, rule] of REGISTRATION_FIELD_RULES.entries()) {
      await q.query(
        `INSERT INTO registration_field_rules
           (field, enabled, required, pattern_id, accepted_pattern, min_length, max_length, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (field) DO NOTHING`,
        [...rule, sort],
      );
    }
  });
  await seedLobby(db);
}
