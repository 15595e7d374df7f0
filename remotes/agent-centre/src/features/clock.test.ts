import { gmtOffset } from './clock';

it('formats the GMT offset of the local zone', () => {
  const d = new Date();
  jest.spyOn(d, 'getTimezoneOffset').mockReturnValue(-360);
  expect(gmtOffset(d)).toBe('+06:00');
  jest.spyOn(d, 'getTimezoneOffset').mockReturnValue(210);
  expect(gmtOffset(d)).toBe('-03:30');
});
