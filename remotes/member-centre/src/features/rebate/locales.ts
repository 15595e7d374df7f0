export const en = {
  rebate: {
    claimable: 'Rebate you can claim now',
    since: 'From bets since {{when}}',
    sinceStart: 'From all your bets so far',
    gameType: 'Game type',
    validBet: 'Valid bet',
    rate: 'Rate',
    amount: 'Rebate',
    total: 'Total',
    claim: 'Claim {{amount}}',
    claiming: 'Claiming…',
    claimed: '{{amount}} was added to your wallet.',
    claimedToday: 'You have claimed today’s rebate. Come back tomorrow.',
    nothing: 'Nothing to claim yet: play a round first.',
    history: 'Claims',
    noHistory: 'No claims yet.',
  },
};

export const bn: typeof en = {
  rebate: {
    claimable: 'এখন দাবি করা যায় এমন রিবেট',
    since: '{{when}} থেকে বাজির উপর',
    sinceStart: 'এখন পর্যন্ত আপনার সব বাজির উপর',
    gameType: 'খেলার ধরন',
    validBet: 'বৈধ বাজি',
    rate: 'হার',
    amount: 'রিবেট',
    total: 'মোট',
    claim: '{{amount}} দাবি করুন',
    claiming: 'দাবি করা হচ্ছে…',
    claimed: '{{amount}} আপনার ওয়ালেটে যোগ হয়েছে।',
    claimedToday: 'আজকের রিবেট দাবি করা হয়েছে। আগামীকাল আবার আসুন।',
    nothing: 'এখনো দাবি করার কিছু নেই: আগে একটি রাউন্ড খেলুন।',
    history: 'দাবিসমূহ',
    noHistory: 'এখনো কোনো দাবি নেই।',
  },
};
