import type { MallResources } from './en';

export const bn: MallResources = {
  title: 'পয়েন্ট মল',
  sections: {
    current: 'বর্তমান পয়েন্ট',
    history: 'রিডিমের ইতিহাস',
    details: 'পয়েন্টের বিবরণ',
    rules: 'পয়েন্টের নিয়ম',
    rates: 'বিনিময় হারের তালিকা',
  },
  loginToSee: 'আপনার পয়েন্ট দেখতে লগইন করুন।',
  nothingYet: 'এখানে এখনও কিছু নেই।',
  rulesText: 'খেলে পয়েন্ট অর্জন হয় এবং পয়েন্টের মেয়াদ শেষ হয় না। মলে পুরস্কারের জন্য রিডিম করুন।',
};
