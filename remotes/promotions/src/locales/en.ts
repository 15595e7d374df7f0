export const en = {
  title: 'Promotions',
  categories: {
    all: 'All', sports: 'Sports', live: 'Live casino', slots: 'Slots', cards: 'Card games', fish: 'Fishing', lotto: 'Lotto',
    rebate: 'Rebate', pointsMall: 'Points mall', ranking: 'Ranking', deposit: 'Deposit', app: 'App download', newbie: 'Newbie', others: 'Others',
  },
  noPromotions: 'No promotions in this category right now.',
  news: 'News centre',
  noNews: 'No news yet.',
  newsContent: 'News',
  noNewsItem: 'Choose a news item from the news centre.',
  help: {
    title: 'Help centre',
    sections: {
      faq: 'Frequently asked questions',
      deposit: 'Deposits and withdrawals',
      term: 'Terms and conditions',
      responsible: 'Responsible gaming',
    },
    body: {
      faq: 'Register with a username or a mobile number, then log in to play. Customer service answers every day.',
      deposit: 'Deposits and withdrawals are made in the member centre with local payment methods.',
      term: 'You must be 18 or older to play. One account per person. Khela may close accounts that abuse promotions.',
      responsible: 'Play for fun, set limits, and take breaks. Contact customer service to limit or close your account.',
    },
  },
};
export type PromotionsResources = typeof en;
