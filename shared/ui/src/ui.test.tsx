import { render, screen, fireEvent } from '@testing-library/react';
import { initI18n } from '@khela/i18n';
import { Modal, ErrorState, EmptyState } from './index';

beforeAll(() => initI18n('EN'));

describe('Modal', () => {
  it('blocks body scroll while open and closes on Escape', () => {
    const onClose = jest.fn();
    const { unmount } = render(
      <Modal title="T" onClose={onClose}>
        body
      </Modal>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    unmount();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('ErrorState', () => {
  it('translates the errorCode and offers retry', () => {
    const onRetry = jest.fn();
    render(<ErrorState errorCode="NETWORK_ERROR" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network link abnormal');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
  it('falls back to unknown error for an unknown code', () => {
    render(<ErrorState errorCode="SOMETHING_NEW" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown error.');
  });
});

it('EmptyState shows the no-data message', () => {
  render(<EmptyState />);
  expect(screen.getByTestId('empty-state')).toHaveTextContent('No data');
});
