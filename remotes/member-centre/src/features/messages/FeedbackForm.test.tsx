import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { apiRequest } from '@khela/api-client';
import '../../i18n';
import { FeedbackForm } from './FeedbackForm';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const put = jest.fn();
jest.mock('axios', () => ({ __esModule: true, default: { put: (...a: unknown[]) => put(...a), isCancel: () => false } }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  put.mockReset();
  api.mockResolvedValue({ minWords: 3, maxWords: 8, maxImages: 3, maxBytes: 5 * 1024 * 1024 } as never);
  await act(() => i18n.changeLanguage('en'));
});

const png = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('FeedbackForm', () => {
  it('checks the word bounds and the images before sending, then sends with a progress bar', async () => {
    let finish: (v: unknown) => void = () => undefined;
    put.mockImplementation((_url: string, _form: FormData, opts: { onUploadProgress: (e: object) => void }) => {
      opts.onUploadProgress({ loaded: 50, total: 100 });
      return new Promise((r) => (finish = r));
    });
    render(<FeedbackForm />);
    const content = await screen.findByTestId('feedback-content');
    fireEvent.change(content, { target: { value: 'too short' } });
    expect(screen.getByTestId('feedback-words')).toHaveTextContent('2 words (between 3 and 8)');
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByText('Write between 3 and 8 words.')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    const files = screen.getByTestId('feedback-files');
    fireEvent.change(files, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByText('notes.txt is not a PNG or JPG image.')).toBeInTheDocument();
    fireEvent.change(files, { target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] } });
    expect(screen.getByText('big.png is larger than 5 MB.')).toBeInTheDocument();
    fireEvent.change(files, { target: { files: [png('a.png'), png('b.png'), png('c.png'), png('d.png')] } });
    expect(screen.getByText('At most 3 images.')).toBeInTheDocument();
    fireEvent.change(files, { target: { files: [png('shot.png')] } });
    expect(screen.getByText('shot.png')).toBeInTheDocument();

    fireEvent.change(content, { target: { value: 'The deposit page is slow' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(screen.getByTestId('feedback-progress')).toHaveAttribute('value', '0.5'));
    const form = put.mock.calls[0][1] as FormData;
    expect(form.get('content')).toBe('The deposit page is slow');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['shot.png']);
    await act(async () => finish({ status: 200, data: { success: true, value: { id: 1 } } }));
    expect(await screen.findByTestId('feedback-sent')).toHaveTextContent('Thank you: your feedback was sent.');
    expect(screen.queryByTestId('feedback-progress')).toBeNull();
  });
});
