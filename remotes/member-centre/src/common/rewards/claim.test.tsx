import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError } from '@khela/api-client';
import '../../i18n';
import '../../features/rewards/RewardCenterPage';
import { ClaimFeedback, useClaim } from './claim';

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function Harness({ call, afterwards }: { call: () => Promise<string>; afterwards: () => void }) {
  const { busy, notice, failed, claim } = useClaim('rewards', afterwards);
  return (
    <>
      <button type="button" onClick={() => void claim(7, call, (r) => `got ${r}`)}>
        {busy === null ? 'idle' : `busy ${busy}`}
      </button>
      <ClaimFeedback notice={notice} failed={failed} testId="x" />
    </>
  );
}

describe('useClaim', () => {
  it('claims once on a double click, shows the notice and reloads afterwards', async () => {
    let resolve!: (v: string) => void;
    const call = jest.fn(() => new Promise<string>((r) => (resolve = r)));
    const afterwards = jest.fn();
    render(<Harness call={call} afterwards={afterwards} />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button); // before the first claim has re-rendered anything
    expect(call).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('busy 7')).toBeInTheDocument();
    await act(async () => resolve('৳5'));
    expect(await screen.findByTestId('x-notice')).toHaveTextContent('got ৳5');
    expect(screen.getByText('idle')).toBeInTheDocument();
    expect(afterwards).toHaveBeenCalledTimes(1);
  });

  it('shows the translated refusal of a failed claim, keeps no old notice, and reloads too', async () => {
    const afterwards = jest.fn();
    const call = jest
      .fn<Promise<string>, []>()
      .mockResolvedValueOnce('1')
      .mockRejectedValueOnce(new ApiError('SELF_EXCLUDED', 'x', 403, { until: '2026-12-01T00:00:00.000Z' }));
    render(<Harness call={call} afterwards={afterwards} />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByTestId('x-notice')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('x-error')).toBeInTheDocument());
    expect(screen.queryByTestId('x-notice')).toBeNull();
    // the shared refusal, with the break's end (before, the raw key "errors.UNKNOWN_ERROR" showed)
    expect(screen.getByTestId('x-error')).toHaveTextContent('Your account is on a break until');
    expect(afterwards).toHaveBeenCalledTimes(2);
  });

  it("uses the surface's own words for a refusal it knows, in Bengali too", async () => {
    const call = jest.fn<Promise<string>, []>().mockRejectedValue(new ApiError('ALREADY_CLAIMED', 'x', 409));
    render(<Harness call={call} afterwards={() => {}} />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByTestId('x-error')).toHaveTextContent('This reward was claimed already.');
    await act(() => i18n.changeLanguage('bn'));
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('x-error')).toHaveTextContent('এই পুরস্কার আগেই'));
  });
});
