import { render, screen, fireEvent } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import '../../i18n';
import { Form, validate } from './Form';

beforeAll(async () => {
  await initI18n('EN');
  await i18n.changeLanguage('en');
});

describe('auth form validation', () => {
  const fields = [
    { name: 'password', label: 'Password' },
    { name: 'confirm', label: 'Confirm', equals: 'password' },
  ];
  it('requires every field and equal confirmation', () => {
    expect(validate(fields, {})).toEqual({ password: 'Input cannot be empty', confirm: 'Input cannot be empty' });
    expect(validate(fields, { password: 'a', confirm: 'b' })).toEqual({ confirm: 'The two entries are inconsistent' });
    expect(validate(fields, { password: 'a', confirm: 'a' })).toEqual({});
  });

  it('shows the error under the field, in EN and BN, and sends nothing', async () => {
    const request = jest.fn();
    render(<Form fields={fields} submitLabel="Go" request={request} testId="f" />);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findAllByText('Input cannot be empty')).toHaveLength(2);
    await i18n.changeLanguage('bn');
    expect(await screen.findAllByText('এই ঘর খালি রাখা যাবে না')).toHaveLength(2);
    expect(request).not.toHaveBeenCalled();
  });
});
