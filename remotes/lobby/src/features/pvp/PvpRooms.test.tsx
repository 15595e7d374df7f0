import { Suspense, type ReactNode } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { type Game } from '@khela/api';
import { ApiError } from '@khela/api-client';
import type { PvpRoom } from '@khela/api/rooms';
import { initI18n, i18n } from '@khela/i18n';
import { GUEST, loginStateAtom, loginStateFor, modalAtom } from '@khela/session';
import '../../i18n';
import * as api from '../../lib/api';
import * as roomsApi from './rooms.api';
import PvpRooms from './PvpRooms';

jest.mock('../../lib/api', () => ({ launchGame: jest.fn() }));
jest.mock('./rooms.api', () => ({ ...jest.requireActual('./rooms.api'), fetchRooms: jest.fn() }));
const launchGame = (api as jest.Mocked<typeof api>).launchGame;
const fetchRooms = (roomsApi as jest.Mocked<typeof roomsApi>).fetchRooms;

const game = (nodeId: number, vendor: string): Game => ({
  nodeId,
  gameCode: `${vendor}_${nodeId}`,
  gameName: `Teen Patti ${nodeId}`,
  displayName: `Teen Patti ${nodeId}`,
  vassalage: vendor,
  gameType: 'PVP',
  isGame: 'GAME',
  isHot: 0,
  isNew: 0,
  supportPlay: 1,
  iconUrl: '/art.svg',
  showIcon: '/art.svg',
  defaultIcon: '/d.svg',
  gameClassify: 'TEEN_PATTI',
  gameGroupCode: null,
  minBet: 100,
  lineNum: 0,
  maintenance: 0,
});
const room = (code: string, vendor: string, vendorName: string, over: Partial<PvpRoom> = {}): PvpRoom => ({
  roomCode: code,
  vassalage: vendor,
  vendorName,
  roomName: `Room ${code}`,
  minEntry: 5000,
  seats: 6,
  playersOnline: 1234,
  game: game(code.length, vendor),
  ...over,
});
const LIST = [
  room('CH_A', 'CARDHOUSE', 'Card House'),
  room('CH_BB', 'CARDHOUSE', 'Card House'),
  room('AC_CCC', 'ADDACARDS', 'Adda Cards', { minEntry: 250000, seats: 2 }),
];

let store: ReturnType<typeof createStore>;
const wrap = (ui: ReactNode) =>
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </Provider>,
  );

beforeAll(async () => {
  await initI18n('EN');
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  store = createStore();
  store.set(loginStateAtom, GUEST);
  jest.clearAllMocks();
});

describe('PvP rooms', () => {
  it('lists every room with its entry, seats and players, and filters by vendor', async () => {
    fetchRooms.mockResolvedValue({ list: LIST });
    wrap(<PvpRooms />);
    expect(await screen.findAllByTestId('pvp-room')).toHaveLength(3);
    const [first] = screen.getAllByTestId('pvp-room');
    expect(within(first).getByRole('heading', { name: 'Room CH_A' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Card House');
    expect(first).toHaveTextContent('Min. entry৳50.00');
    expect(first).toHaveTextContent('Seats6');
    expect(first).toHaveTextContent('Online1,234');
    fireEvent.click(within(screen.getByTestId('room-vendors')).getByRole('button', { name: 'Adda Cards' }));
    expect(screen.getAllByTestId('pvp-room').map((r) => r.dataset.room)).toEqual(['AC_CCC']);
    expect(screen.getByTestId('pvp-room')).toHaveTextContent('৳2,500.00');
  });

  it("starts on the page's vendor when it has rooms, on All otherwise", async () => {
    fetchRooms.mockResolvedValue({ list: LIST });
    const { unmount } = wrap(<PvpRooms vendor="ADDACARDS" />);
    expect((await screen.findAllByTestId('pvp-room')).map((r) => r.dataset.room)).toEqual(['AC_CCC']);
    unmount();
    wrap(<PvpRooms vendor="ACETABLE" />);
    expect(await screen.findAllByTestId('pvp-room')).toHaveLength(3);
  });

  it('shows the empty state, and no vendor filter for a single vendor', async () => {
    fetchRooms.mockResolvedValue({ list: [] });
    const { unmount } = wrap(<PvpRooms />);
    expect(await screen.findByTestId('rooms-empty')).toHaveTextContent('No rooms are open right now.');
    unmount();
    fetchRooms.mockResolvedValue({ list: [LIST[0]] });
    wrap(<PvpRooms />);
    await screen.findByTestId('pvp-room');
    expect(screen.queryByTestId('room-vendors')).toBeNull();
  });

  it('shows a translated error with a retry that loads again', async () => {
    fetchRooms.mockRejectedValueOnce(new ApiError('UNKNOWN_ERROR', 'nope', 500)).mockResolvedValue({ list: LIST });
    wrap(<PvpRooms />);
    const error = await screen.findByTestId('rooms-error');
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findAllByTestId('pvp-room')).toHaveLength(3);
  });

  it('joining needs a login; a member joining launches the room’s game', async () => {
    fetchRooms.mockResolvedValue({ list: LIST });
    wrap(<PvpRooms />);
    fireEvent.click(await screen.findByRole('button', { name: 'Join Room CH_A' }));
    expect(store.get(modalAtom)).toEqual({ key: 'loginPopupModal' });
    expect(launchGame).not.toHaveBeenCalled();
    act(() => store.set(loginStateAtom, loginStateFor({ id: 1, account: 'p', nickname: 'p', type: 0 })));
    launchGame.mockResolvedValue({ content: { game_url: '/seamless?ticket=x', ticket: 'x' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join Room CH_A' })));
    expect(launchGame).toHaveBeenCalledWith({ game: LIST[0].game }, 1, 'EN');
  });

  it('is in Bengali too', async () => {
    fetchRooms.mockResolvedValue({ list: LIST });
    await act(() => i18n.changeLanguage('bn'));
    try {
      wrap(<PvpRooms />);
      expect(await screen.findByRole('heading', { name: 'রুম' })).toBeInTheDocument();
      // the rooms render in a transition after the heading: wait for them, not just for the heading
      expect(await screen.findAllByRole('button', { name: /যোগ দিন/ })).toHaveLength(3);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
