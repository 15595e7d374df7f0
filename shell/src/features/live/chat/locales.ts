import { addNamespace } from '@khela/i18n';

/** The live chat's strings (its own namespace: loaded with the chat pages, never by a guest's first page). */
const en = {
  title: 'Live chat',
  subtitle: 'Customer service',
  models: { GENERAL: 'General', DEPOSIT: 'Deposit', WITHDRAWAL: 'Withdrawal', ACCOUNT: 'My account' },
  topic: 'Topic',
  empty: 'Write to us: customer service answers here.',
  placeholder: 'Your message',
  send: 'Send',
  sending: 'Sending…',
  you: 'You',
  agent: 'Customer service',
  loginFirst: 'Please log in to chat with customer service.',
  login: 'Log in',
  realAccount: 'A real account is needed to chat. Please register.',
  errors: {
    CHAT_EMPTY: 'Write a message first.',
    CHAT_TOO_LONG: 'The message is too long (at most 1000 characters).',
    CHAT_CLOSED: 'This conversation is closed.',
    CHAT_NOT_FOUND: 'This conversation no longer exists.',
    OPS_KEY_INVALID: 'The operator key is wrong.',
    OPS_NETWORK_REFUSED: 'The operators’ page is not open to this network.',
  },
  ops: {
    title: 'Live chat: operators',
    key: 'Operator key',
    enter: 'Enter',
    signOut: 'Leave',
    conversations: 'Conversations',
    none: 'No open conversations.',
    pick: 'Pick a conversation.',
    waiting: 'waiting',
    answer: 'Your answer',
    close: 'Close the conversation',
    closed: 'closed',
    live: 'Live',
    offline: 'Reconnecting…',
  },
};

const bn: typeof en = {
  title: 'লাইভ চ্যাট',
  subtitle: 'গ্রাহক সেবা',
  models: { GENERAL: 'সাধারণ', DEPOSIT: 'ডিপোজিট', WITHDRAWAL: 'উত্তোলন', ACCOUNT: 'আমার অ্যাকাউন্ট' },
  topic: 'বিষয়',
  empty: 'আমাদের লিখুন: গ্রাহক সেবা এখানে উত্তর দেবে।',
  placeholder: 'আপনার বার্তা',
  send: 'পাঠান',
  sending: 'পাঠানো হচ্ছে…',
  you: 'আপনি',
  agent: 'গ্রাহক সেবা',
  loginFirst: 'গ্রাহক সেবার সাথে চ্যাট করতে অনুগ্রহ করে লগইন করুন।',
  login: 'লগইন',
  realAccount: 'চ্যাট করতে একটি আসল অ্যাকাউন্ট প্রয়োজন। অনুগ্রহ করে নিবন্ধন করুন।',
  errors: {
    CHAT_EMPTY: 'আগে একটি বার্তা লিখুন।',
    CHAT_TOO_LONG: 'বার্তাটি খুব দীর্ঘ (সর্বোচ্চ ১০০০ অক্ষর)।',
    CHAT_CLOSED: 'এই কথোপকথন বন্ধ হয়ে গেছে।',
    CHAT_NOT_FOUND: 'এই কথোপকথন আর নেই।',
    OPS_KEY_INVALID: 'অপারেটর কী ভুল।',
    OPS_NETWORK_REFUSED: 'অপারেটরদের পাতা এই নেটওয়ার্কের জন্য খোলা নয়।',
  },
  ops: {
    title: 'লাইভ চ্যাট: অপারেটর',
    key: 'অপারেটর কী',
    enter: 'প্রবেশ',
    signOut: 'বের হন',
    conversations: 'কথোপকথন',
    none: 'কোনো খোলা কথোপকথন নেই।',
    pick: 'একটি কথোপকথন বেছে নিন।',
    waiting: 'অপেক্ষমাণ',
    answer: 'আপনার উত্তর',
    close: 'কথোপকথন বন্ধ করুন',
    closed: 'বন্ধ',
    live: 'লাইভ',
    offline: 'আবার সংযোগ হচ্ছে…',
  },
};

export const NS = 'chat';
addNamespace(NS, { bn, en });

/** A refusal's errorCode as the chat shows it (its own codes first, then the common ones). */
export const errorKeys = (code: string) => [`${NS}:errors.${code}`, `errors.${code}`, 'errors.UNKNOWN_ERROR'];
