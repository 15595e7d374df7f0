import type { MemberResources } from './en';

export const bn: MemberResources = {
  title: 'সদস্য কেন্দ্র',
  pages: {
    securityCenter: 'নিরাপত্তা কেন্দ্র',
    transferFund: 'তহবিল স্থানান্তর',
    depositv2: 'জমা',
    withdraw: 'উত্তোলন',
    transferUpline: 'আপলাইনে স্থানান্তর',
    personalHistoryCopy: 'বেটিং রেকর্ড',
    transactionHistory: 'অ্যাকাউন্ট রেকর্ড',
    personalProfit: 'লাভ ও ক্ষতি',
    bonusDetails: 'বোনাসের বিবরণ',
    rewardCenter: 'পুরস্কার কেন্দ্র',
    referral: 'বন্ধুদের আমন্ত্রণ',
    missionLeaderboard: 'মিশন ও লিডারবোর্ড',
    messageV2: 'বার্তা',
    manualRebate: 'রিবেট',
    responsibleGaming: 'দায়িত্বশীল খেলা',
  },
  account: 'অ্যাকাউন্ট: {{account}}',
  groups: { myAccount: 'আমার অ্যাকাউন্ট', wallet: 'ওয়ালেট', redEnvelope: 'লাল খাম' },
  balance: 'ব্যালেন্স',
  unread_one: '{{count}}টি অপঠিত',
  unread_other: '{{count}}টি অপঠিত',
  nothingYet: 'এখানে এখনও কিছু নেই।',
  unknownPage: 'এই পাতাটি নেই।',
};
