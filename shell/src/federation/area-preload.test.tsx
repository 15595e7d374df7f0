import { act, render, screen } from '@testing-library/react';
import { initI18n } from '@khela/i18n';
import { areasLoading } from './area-activity';
import { preloadArea, resetAreaPreloadsForTests, takePreloadedArea } from './area-preload';
import { RemoteArea } from './RemoteArea';
import { loadRemoteModule } from './remote-loader';

jest.mock('./remote-loader', () => ({
  ...jest.requireActual('./remote-loader'),
  loadRemoteModule: jest.fn(),
}));
const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

const Centre = () => <h2>member centre</h2>;
const loaded = (version: string) => ({ module: { default: Centre }, version });

/** A load the test settles by hand. */
function deferred() {
  let resolve!: (v: ReturnType<typeof loaded>) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<ReturnType<typeof loaded>>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeAll(() => initI18n('EN'));
beforeEach(() => {
  resetAreaPreloadsForTests();
  load.mockReset();
});

describe('preloadArea', () => {
  it("loads the module once, counts as an area loading, and hands it to the area's first mount only", async () => {
    const d = deferred();
    load.mockReturnValue(d.promise as never);
    preloadArea('member-centre', 'MemberCentre');
    preloadArea('member-centre', 'MemberCentre');
    expect(load).toHaveBeenCalledTimes(1);
    expect(areasLoading()).toBe(true);
    await act(async () => d.resolve(loaded('m1')));
    expect(areasLoading()).toBe(false);
    expect(takePreloadedArea('member-centre', 'MemberCentre')?.loaded?.version).toBe('m1');
    expect(takePreloadedArea('member-centre', 'MemberCentre')).toBeUndefined();
  });

  it('forgets a failed load: the area loads the module itself', async () => {
    const d = deferred();
    load.mockReturnValue(d.promise as never);
    preloadArea('member-centre', 'MemberCentre');
    await act(async () => d.reject(new Error('offline')));
    expect(areasLoading()).toBe(false);
    expect(takePreloadedArea('member-centre', 'MemberCentre')).toBeUndefined();
  });
});

describe('RemoteArea with the boot’s load', () => {
  it('renders a module that has arrived in its first render: no loading state, no suspension', async () => {
    load.mockResolvedValue(loaded('m1') as never);
    preloadArea('member-centre', 'MemberCentre');
    await act(async () => undefined);
    load.mockClear();
    // no act around the render's effects: what the first commit shows is what the test sees
    render(<RemoteArea remote="member-centre" module="MemberCentre" loading={<p>loading</p>} />);
    expect(screen.getByRole('heading', { name: 'member centre' })).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByTestId('area-member-centre').dataset.version).toBe('m1');
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for a load still under way instead of starting another, and a later mount loads afresh (following the pointer)', async () => {
    const d = deferred();
    load.mockReturnValue(d.promise as never);
    preloadArea('member-centre', 'MemberCentre');
    const first = render(<RemoteArea remote="member-centre" module="MemberCentre" loading={<p>loading</p>} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => d.resolve(loaded('m1')));
    expect(await screen.findByRole('heading', { name: 'member centre' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    first.unmount();

    load.mockResolvedValue(loaded('m2') as never);
    render(<RemoteArea remote="member-centre" module="MemberCentre" />);
    expect(await screen.findByRole('heading', { name: 'member centre' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('area-member-centre').dataset.version).toBe('m2');
  });

  it('loads the module again when the boot’s load failed', async () => {
    const d = deferred();
    load.mockReturnValueOnce(d.promise as never).mockResolvedValue(loaded('m1') as never);
    preloadArea('member-centre', 'MemberCentre');
    render(<RemoteArea remote="member-centre" module="MemberCentre" />);
    await act(async () => d.reject(new Error('offline')));
    expect(await screen.findByRole('heading', { name: 'member centre' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
