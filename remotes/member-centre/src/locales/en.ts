export const en = {
  title: 'Member centre',
  pages: {
    securityCenter: 'Security centre',
    transferFund: 'Transfer funds',
    depositv2: 'Deposit',
    withdraw: 'Withdraw',
    transferUpline: 'Transfer to upline',
    personalHistoryCopy: 'Betting record',
    transactionHistory: 'Account record',
    personalProfit: 'Profit and loss',
    bonusDetails: 'Bonus details',
    rewardCenter: 'Reward centre',
    referral: 'Invite friends',
    missionLeaderboard: 'Missions and leaderboard',
    messageV2: 'Messages',
    manualRebate: 'Rebate',
    responsibleGaming: 'Responsible gaming',
  },
  account: 'Account: {{account}}',
  nothingYet: 'Nothing here yet.',
  unknownPage: 'This page does not exist.',
};
export type MemberResources = typeof en;
