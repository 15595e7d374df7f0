// The texts of SMS and e-mail messages, in the member's language (BN or EN).

export type MessageLang = 'BN' | 'EN';
export type CodePurpose = 'login' | 'register' | 'reset' | 'login-verify' | 'paypwd-reset' | 'bind' | 'password-change';

export const langOf = (raw: string | undefined | null): MessageLang =>
  String(raw ?? '')
    .toUpperCase()
    .startsWith('EN')
    ? 'EN'
    : 'BN';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
/** Bengali numerals for counts in BN texts (codes stay in ASCII digits: they are typed back). */
const bnNumber = (n: number) => String(n).replace(/\d/g, (d) => BN_DIGITS[Number(d)]);

const PURPOSE: Record<MessageLang, Record<CodePurpose, string>> = {
  EN: {
    login: 'log in',
    register: 'complete your registration',
    reset: 'reset your password',
    'login-verify': 'confirm this sign-in',
    'paypwd-reset': 'reset your payment password',
    bind: 'bind this number or address to your account',
    'password-change': 'change your password',
  },
  BN: {
    login: 'লগইন করতে',
    register: 'নিবন্ধন সম্পূর্ণ করতে',
    reset: 'পাসওয়ার্ড রিসেট করতে',
    'login-verify': 'এই লগইন নিশ্চিত করতে',
    'paypwd-reset': 'পেমেন্ট পাসওয়ার্ড রিসেট করতে',
    bind: 'এটি আপনার অ্যাকাউন্টে যুক্ত করতে',
    'password-change': 'পাসওয়ার্ড পরিবর্তন করতে',
  },
};

/** An SMS (or e-mail body) carrying a one-time code. */
export function codeText(lang: MessageLang, purpose: CodePurpose, code: string, minutes: number): string {
  return lang === 'EN'
    ? `Khela: ${code} is your code to ${PURPOSE.EN[purpose]}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it with anyone, not even with Khela staff.`
    : `খেলা: ${PURPOSE.BN[purpose]} আপনার কোড ${code}। এটি ${bnNumber(minutes)} মিনিটের মধ্যে শেষ হবে। কোডটি কাউকে জানাবেন না, খেলার কর্মীদেরও নয়।`;
}

export function codeSubject(lang: MessageLang, purpose: CodePurpose): string {
  return lang === 'EN' ? `Khela: your code to ${PURPOSE.EN[purpose]}` : `খেলা: ${PURPOSE.BN[purpose]} আপনার কোড`;
}

/** The e-mail of a forgotten password: a temporary password, valid `minutes`, to be changed at once. */
export function temporaryPasswordEmail(
  lang: MessageLang,
  account: string,
  password: string,
  minutes: number,
): { subject: string; text: string } {
  if (lang === 'EN') {
    return {
      subject: 'Khela: your temporary password',
      text:
        `Hello ${account},\n\n` +
        `Someone (we hope you) asked to reset the password of your Khela account.\n\n` +
        `Temporary password: ${password}\n\n` +
        `It works for ${minutes} minutes, once; after logging in with it you will choose a new password. ` +
        `Your old password keeps working until then. If you did not ask for this, ignore this e-mail.\n\n— Khela`,
    };
  }
  return {
    subject: 'খেলা: আপনার অস্থায়ী পাসওয়ার্ড',
    text:
      `নমস্কার ${account},\n\n` +
      `আপনার খেলা অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে।\n\n` +
      `অস্থায়ী পাসওয়ার্ড: ${password}\n\n` +
      `এটি ${bnNumber(minutes)} মিনিট পর্যন্ত একবার কাজ করবে; এটি দিয়ে লগইন করার পর আপনাকে নতুন পাসওয়ার্ড বেছে নিতে হবে। ` +
      `ততক্ষণ আপনার পুরনো পাসওয়ার্ডও কাজ করবে। আপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন।\n\n— খেলা`,
  };
}
