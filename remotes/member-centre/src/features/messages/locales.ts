export const en = {
  messages: {
    unread: '{{n}} unread',
    allRead: 'All read',
    markAllRead: 'Mark all read',
    none: 'You have no messages.',
    delete: 'Delete',
    deleteTitle: 'Delete this message?',
    deleteText: '"{{title}}" leaves your inbox for good.',
    newBadge: 'New',
    more: 'Show more',
    category: { SYSTEM: 'System', PROMOTION: 'Promotion', ACCOUNT: 'Account' },
  },
};
export const bn: typeof en = {
  messages: {
    unread: '{{n}}টি অপঠিত',
    allRead: 'সব পড়া হয়েছে',
    markAllRead: 'সব পঠিত করুন',
    none: 'আপনার কোনো বার্তা নেই।',
    delete: 'মুছুন',
    deleteTitle: 'এই বার্তাটি মুছবেন?',
    deleteText: '"{{title}}" আপনার ইনবক্স থেকে স্থায়ীভাবে সরে যাবে।',
    newBadge: 'নতুন',
    more: 'আরও দেখুন',
    category: { SYSTEM: 'সিস্টেম', PROMOTION: 'প্রমোশন', ACCOUNT: 'অ্যাকাউন্ট' },
  },
};
