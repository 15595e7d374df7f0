import type { FastifyPluginAsync } from 'fastify';
import { sealKeyRoutes } from '../../http/sealed';
import { affiliateRoutes } from '../agent/affiliate.routes';
import { captchaRoutes } from '../captcha/captcha.routes';
import { verificationRoutes } from '../verification/verification.routes';
import { authOpsRoutes } from './auth-ops.routes';
import { devOutboxRoutes } from './dev-outbox.routes';

/**
 * The sign-in routes besides /wps/session and /wps/member: the sealing key, the captcha, SMS
 * codes, the affiliate check, their operator endpoints and the development outbox page.
 * (The services they use are `app.auth`, installed by installAuth.)
 */
export const authDomain: FastifyPluginAsync = async (app) => {
  await app.register(sealKeyRoutes, { prefix: '/wps/crypto' });
  await app.register(captchaRoutes, { prefix: '/wps' });
  await app.register(verificationRoutes, { prefix: '/wps/verification' });
  await app.register(affiliateRoutes, { prefix: '/wps/agent' });
  await app.register(authOpsRoutes, { prefix: '/ops' });
  if (app.auth.devOutbox) await app.register(devOutboxRoutes, { prefix: '/dev' });
};
