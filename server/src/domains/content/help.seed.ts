import type { Db } from '../../db/db';
import { sanitizeRichText } from './sanitize';

/** [section, English title, English text, Bengali title, Bengali text]: rich text, sanitised on the way in like any other. */
type Article = [string, string, string, string, string];

/** The help centre's starting articles; operators edit them (/ops/content/help), a removed one stays removed. */
export const HELP_ARTICLES: readonly Article[] = [
  [
    'faq',
    'Frequently asked questions',
    '<h3>How do I open an account?</h3><p>Choose <strong>Register</strong>, pick a username or your mobile number, and set a password. You are signed in at once.</p>' +
      '<h3>I forgot my password</h3><p>Choose <strong>Forgot password</strong> in the login window and reset it with a code sent to your mobile number or e-mail.</p>' +
      '<h3>How do I reach customer service?</h3><p>Customer service answers every day through live chat, WhatsApp and Telegram, from the right-hand bar or the member centre.</p>',
    'সাধারণ প্রশ্ন',
    '<h3>কীভাবে অ্যাকাউন্ট খুলব?</h3><p><strong>নিবন্ধন</strong> বেছে নিন, একটি ইউজারনেম বা আপনার মোবাইল নম্বর দিন এবং পাসওয়ার্ড ঠিক করুন। সঙ্গে সঙ্গে আপনি লগইন হয়ে যাবেন।</p>' +
      '<h3>পাসওয়ার্ড ভুলে গেছি</h3><p>লগইন উইন্ডোতে <strong>পাসওয়ার্ড ভুলে গেছেন</strong> বেছে নিন এবং মোবাইল বা ই-মেইলে পাঠানো কোড দিয়ে নতুন পাসওয়ার্ড দিন।</p>' +
      '<h3>গ্রাহক সেবার সাথে কীভাবে যোগাযোগ করব?</h3><p>লাইভ চ্যাট, হোয়াটসঅ্যাপ ও টেলিগ্রামে প্রতিদিন গ্রাহক সেবা পাওয়া যায়, ডান পাশের বার বা মেম্বার সেন্টার থেকে।</p>',
  ],
  [
    'deposit',
    'Deposits and withdrawals',
    '<p>Deposit and withdraw in the member centre with <strong>bKash</strong>, <strong>Nagad</strong> or <strong>Rocket</strong>. Amounts are in taka.</p>' +
      '<ul><li>A deposit is credited when the payment provider confirms it.</li><li>A withdrawal goes to an account bound in your name, after a check by our team.</li>' +
      '<li>If a withdrawal has not arrived, mark it <em>not received</em> on the withdraw page and we will look into it.</li></ul>',
    'ডিপোজিট ও উত্তোলন',
    '<p>মেম্বার সেন্টার থেকে <strong>বিকাশ</strong>, <strong>নগদ</strong> বা <strong>রকেট</strong> দিয়ে ডিপোজিট ও উত্তোলন করুন। সব অঙ্ক টাকায়।</p>' +
      '<ul><li>পেমেন্ট প্রদানকারী নিশ্চিত করলেই ডিপোজিট জমা হয়।</li><li>উত্তোলন আমাদের যাচাইয়ের পর আপনার নামে যুক্ত অ্যাকাউন্টে যায়।</li>' +
      '<li>উত্তোলন না পৌঁছালে উত্তোলন পাতায় <em>পাওয়া যায়নি</em> চিহ্নিত করুন, আমরা খতিয়ে দেখব।</li></ul>',
  ],
  [
    'account',
    'Account security',
    '<ul><li>Never share your password or the codes we send you; our staff will never ask for them.</li>' +
      '<li>Set a payment password and bind your mobile number and e-mail in the security centre.</li>' +
      '<li>A login from a new place asks for an extra check.</li></ul>',
    'অ্যাকাউন্টের নিরাপত্তা',
    '<ul><li>আপনার পাসওয়ার্ড বা আমাদের পাঠানো কোড কাউকে দেবেন না; আমাদের কর্মীরা কখনো তা চাইবে না।</li>' +
      '<li>নিরাপত্তা কেন্দ্রে পেমেন্ট পাসওয়ার্ড ঠিক করুন এবং মোবাইল নম্বর ও ই-মেইল যুক্ত করুন।</li>' +
      '<li>নতুন জায়গা থেকে লগইন করলে একটি অতিরিক্ত যাচাই চাওয়া হয়।</li></ul>',
  ],
  [
    'term',
    'Terms and conditions',
    '<ol><li>You must be 18 or older (21 where the law of your country says so) to play for real money.</li>' +
      '<li>One account per person, household and device. Accounts opened to claim a bonus more than once are closed and the bonus withdrawn.</li>' +
      '<li>Bets are settled by the results of the game or draw; a round that fails is rolled back and the stake returned.</li>' +
      '<li>We may ask for proof of identity before a withdrawal.</li></ol>',
    'শর্তাবলী',
    '<ol><li>আসল টাকায় খেলতে আপনার বয়স ১৮ বা তার বেশি হতে হবে (যেখানে আপনার দেশের আইন বলে সেখানে ২১)।</li>' +
      '<li>প্রতি ব্যক্তি, পরিবার ও ডিভাইসে একটি অ্যাকাউন্ট। একাধিকবার বোনাস নিতে খোলা অ্যাকাউন্ট বন্ধ করা হয় এবং বোনাস ফেরত নেওয়া হয়।</li>' +
      '<li>বাজি খেলা বা ড্রয়ের ফল অনুযায়ী নিষ্পত্তি হয়; ব্যর্থ রাউন্ড বাতিল হয় এবং বাজির টাকা ফেরত যায়।</li>' +
      '<li>উত্তোলনের আগে আমরা পরিচয়ের প্রমাণ চাইতে পারি।</li></ol>',
  ],
  [
    'responsible',
    'Responsible gaming',
    '<p>Play for fun, never to make money. In the member centre under <strong>Responsible gaming</strong> you can set deposit and loss limits, a reminder while you play and a session time limit, or take a time-out or exclude yourself.</p>' +
      '<p>Free, confidential help: <a href="https://www.gamcare.org.uk/">GamCare</a>, <a href="https://www.gamblingtherapy.org/">Gambling Therapy</a>.</p>',
    'দায়িত্বশীল খেলা',
    '<p>আনন্দের জন্য খেলুন, টাকা উপার্জনের জন্য নয়। মেম্বার সেন্টারের <strong>দায়িত্বশীল খেলা</strong> থেকে ডিপোজিট ও ক্ষতির সীমা, খেলার সময় রিমাইন্ডার ও সেশনের সময়সীমা ঠিক করতে পারেন, অথবা বিরতি নিতে বা নিজেকে বাদ দিতে পারেন।</p>' +
      '<p>বিনামূল্যে গোপনীয় সাহায্য: <a href="https://www.gamcare.org.uk/">GamCare</a>, <a href="https://www.gamblingtherapy.org/">Gambling Therapy</a>।</p>',
  ],
];

export const HELP_SEED_VERSION = '1';

/** Inserts the starting articles once per seed version; an article an operator removed or changed stays so. */
export async function seedHelpArticles(db: Db): Promise<void> {
  const done = await db.one<{ value: string }>(`SELECT value FROM catalogue_meta WHERE key = 'help_seed_version'`);
  if (done?.value === HELP_SEED_VERSION) return;
  const rows = HELP_ARTICLES.flatMap(([section, te, ce, tb, cb], i) => [
    { section, lang: 'EN', title: te, content: sanitizeRichText(ce), sort: (i + 1) * 10 },
    { section, lang: 'BN', title: tb, content: sanitizeRichText(cb), sort: (i + 1) * 10 },
  ]);
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO help_articles (section, lang, title, content, sort)
       SELECT section, lang, title, content, sort
         FROM jsonb_to_recordset($1::jsonb) AS x(section text, lang text, title text, content text, sort int)
       ON CONFLICT (section, lang, device) DO NOTHING`,
      [JSON.stringify(rows)],
    );
    await q.query(
      `INSERT INTO catalogue_meta (key, value) VALUES ('help_seed_version', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [HELP_SEED_VERSION],
    );
  });
}
