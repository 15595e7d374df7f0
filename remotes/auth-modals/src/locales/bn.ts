import type { AuthResources } from './en';

export const bn: AuthResources = {
  login: {
    title: 'লগইন',
    tabUsername: 'ইউজারনেম',
    tabSms: 'মোবাইল নম্বর',
    username: 'ইউজারনেম',
    password: 'পাসওয়ার্ড',
    mobileNum: 'মোবাইল নম্বর',
    code: 'যাচাইকরণ কোড',
    remember: 'আমাকে মনে রাখুন',
    submit: 'লগইন',
    toRegister: 'অ্যাকাউন্ট নেই? নিবন্ধন করুন',
    forgot: 'পাসওয়ার্ড ভুলে গেছেন?',
    freePlay: 'ফ্রি খেলা',
  },
  register: {
    title: 'নিবন্ধন',
    tabUsername: 'ইউজারনেম দিয়ে',
    tabMobile: 'মোবাইল নম্বর দিয়ে',
    confirmPassword: 'পাসওয়ার্ড নিশ্চিত করুন',
    terms: 'আমার বয়স ১৮-র বেশি এবং আমি শর্তাবলীতে সম্মত',
    submit: 'নিবন্ধন',
    toLogin: 'আগেই নিবন্ধিত? লগইন করুন',
    noMethod: 'এই মুহূর্তে নিবন্ধন বন্ধ আছে।',
  },
  forgot: {
    title: 'পাসওয়ার্ড ভুলে গেছেন',
    tabEmail: 'ই-মেইল',
    tabMobile: 'মোবাইল নম্বর',
    email: 'ই-মেইল',
    submit: 'পাঠান',
    customerService: 'গ্রাহক সেবায় যোগাযোগ করুন',
  },
  change: {
    title: 'পাসওয়ার্ড পরিবর্তন',
    oldPassword: 'বর্তমান পাসওয়ার্ড',
    newPassword: 'নতুন পাসওয়ার্ড',
    confirmNewPassword: 'নতুন পাসওয়ার্ড নিশ্চিত করুন',
    submit: 'সংরক্ষণ',
  },
  agent: {
    title: 'এজেন্ট ব্যাক অফিস',
    supportHours: 'সহায়তার সময়: {{hours}}',
    supportHoursDefault: 'প্রতিদিন, ২৪ ঘণ্টা',
  },
  errors: {
    terms: 'অনুগ্রহ করে শর্তাবলীতে সম্মত হন',
  },
};
