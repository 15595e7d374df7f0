export const en = {
  title: 'Points mall',
  sections: {
    current: 'Current points',
    history: 'Redeem history',
    details: 'Points details',
    rules: 'Points rules',
    rates: 'Exchange rate table',
  },
  loginToSee: 'Log in to see your points.',
  nothingYet: 'Nothing here yet.',
  rulesText: 'Points are earned by playing and never expire. Redeem them for rewards in the mall.',
};
export type MallResources = typeof en;
