import type { FastifyInstance } from 'fastify';
import { flagEnabled } from '../auth/auth.services';
import { DEFAULT_DIALING_CODE } from '../verification/codes';

export interface RegistrationOptions {
  /** the age the form asks the player to confirm; 0: not asked */
  registrationAge: 0 | 18 | 21;
  /** the dialing codes a mobile number may have: the operator's when COUNTRYCODE3 is on, else +880 only */
  dialingCodes: string[];
}

/** The operator's registration options, as the permission info shows them and the registration checks them. */
export async function registrationOptions(app: FastifyInstance): Promise<RegistrationOptions> {
  const [settings, countryCodes] = await Promise.all([app.settings.get(), flagEnabled(app.db, 'COUNTRYCODE3')]);
  return {
    registrationAge: settings.registrationAge ?? 0,
    dialingCodes: countryCodes && settings.dialingCodes?.length ? settings.dialingCodes : [DEFAULT_DIALING_CODE],
  };
}
