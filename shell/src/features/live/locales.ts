import { addNamespace } from '@khela/i18n';

/** The member's header strings: in the member's chunk, never in a guest's first page. */
const en = {
  vip: 'VIP level {{rank}}: {{label}}',
  unread: '{{count}} unread messages',
  messages: 'Messages',
};
const bn: typeof en = {
  vip: 'ভিআইপি স্তর {{rank}}: {{label}}',
  unread: '{{count}}টি অপঠিত বার্তা',
  messages: 'বার্তা',
};

export const MEMBER_NS = 'memberHeader';
addNamespace(MEMBER_NS, { bn, en });
