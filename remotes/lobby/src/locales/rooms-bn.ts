import type { roomsEn } from './rooms-en';

export const roomsBn: typeof roomsEn = {
  rooms: {
    title: 'রুম',
    vendors: 'রুমের ভেন্ডর',
    all: 'সব',
    loading: 'রুম লোড হচ্ছে',
    empty: 'এই মুহূর্তে কোনো রুম খোলা নেই।',
    minEntry: 'সর্বনিম্ন এন্ট্রি',
    seats: 'আসন',
    online: 'অনলাইন',
    join: 'যোগ দিন',
    joinRoom: '{{room}}-এ যোগ দিন',
  },
};
