/** JSON-schema fragments for money on the wire: poisha as a string of digits, never a float. */

/** Any amount of poisha: an optional minus and 1 to 17 digits (up to 999,999,999,999,999.99 taka). */
export const minorAmount = {
  type: 'string',
  pattern: '^-?(0|[1-9][0-9]{0,16})$',
  description: 'poisha (1 taka = 100 poisha) as a string of digits, e.g. "50000" for ৳500.00',
} as const;

/** A positive amount of poisha. */
export const positiveMinorAmount = {
  type: 'string',
  pattern: '^[1-9][0-9]{0,16}$',
  description: 'poisha (1 taka = 100 poisha) as a string of digits, more than 0',
} as const;

/** A balance in poisha (0 or more). */
export const balanceAmount = {
  type: 'string',
  pattern: '^(0|[1-9][0-9]*)$',
  description: 'poisha as a string of digits',
} as const;
