export const roomsEn = {
  rooms: {
    title: 'Rooms',
    vendors: 'Room vendors',
    all: 'All',
    loading: 'Loading rooms',
    empty: 'No rooms are open right now.',
    minEntry: 'Min. entry',
    seats: 'Seats',
    online: 'Online',
    join: 'Join',
    joinRoom: 'Join {{room}}',
  },
};
