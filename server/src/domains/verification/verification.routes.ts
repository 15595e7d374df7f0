import type { FastifyPluginAsync } from 'fastify';
import { REGISTER_ERRORS, SMS_ERRORS, type SmsLoginCodeRequest, type SmsRegisterCodeRequest } from '@khela/api/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { langOf } from '../../services/messaging';
import { flagEnabled, requestLang } from '../auth/auth.services';
import { smsSentSchema } from '../auth/schemas';
import { closedObject, dialingCodeSchema, mobileNumSchema } from '../../http/schemas';
import { strictBody } from '../../http/strict-body';
import { mobileRule, parseMobile, sendCode } from './codes';
import { activeMemberLanguage, mobileTaken } from './verification.repo';

const tags = ['session'];
const LIMITS_TEXT =
  'One send a second per number and per IP (429 SMS_THROTTLED); 5 per number in 10 minutes, then the number is locked ' +
  'for 5 minutes (429 SMS_TOO_MANY_REQUESTS, value.retryAfterSeconds); 400 PHONE_FORMAT_INVALID.';

/** SMS codes for login and registration (the reset code is POST /wps/member/password/sms). */
export const verificationRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: SmsLoginCodeRequest }>(
    '/sms/noLogin',
    {
      bodyLimit: 4096,
      preValidation: strictBody,
      schema: {
        tags,
        summary: 'Sends a login code by SMS',
        description:
          'Needs the flag SMSLOGIN3 (403 OPERATION_NOT_ENABLED). The same answer whether or not the number belongs to a ' +
          `member (only a member's number receives a code). ${LIMITS_TEXT}`,
        body: closedObject({ mobileNum: mobileNumSchema, countryDialingCode: dialingCodeSchema }, [
          'mobileNum',
          'countryDialingCode',
        ]),
        response: replies(smsSentSchema),
      },
    },
    async (request) => {
      if (!(await flagEnabled(app.db, 'SMSLOGIN3')))
        throw new ApiError(403, SMS_ERRORS.disabled, 'Operation not enabled: contact customer service');
      const mobile = parseMobile(request.body.mobileNum, request.body.countryDialingCode, await mobileRule(app.db));
      const language = await activeMemberLanguage(app.db, mobile.national, mobile.dialingCode);
      return ok(
        await sendCode(app, request, {
          purpose: 'login',
          target: mobile.e164,
          channel: 'sms',
          to: language !== null ? mobile.e164 : null,
          lang: language !== null ? langOf(language) : requestLang(request),
          background: true,
        }),
      );
    },
  );

  app.post<{ Body: SmsRegisterCodeRequest }>(
    '/sms/register',
    {
      bodyLimit: 4096,
      preValidation: strictBody,
      schema: {
        tags,
        summary: 'Sends a registration code by SMS',
        description:
          'Needs the flag REGMOBVERF3, and USERNAMEREG3 (by username) or MOBILENUMREG3 (by mobile): 403 ' +
          'OPERATION_NOT_ENABLED. The same answer, after the same limits, whether or not the number is already ' +
          `registered (a registered number receives no code; the registration then answers 409 ` +
          `${REGISTER_ERRORS.mobileTaken} only after a right code). ${LIMITS_TEXT}`,
        body: closedObject(
          {
            mobileNo: mobileNumSchema,
            countryDialingCode: dialingCodeSchema,
            by: { type: 'string', enum: ['username', 'mobile'] },
          },
          ['mobileNo', 'countryDialingCode', 'by'],
        ),
        response: replies(smsSentSchema),
      },
    },
    async (request) => {
      const { by } = request.body;
      const enabled =
        (await flagEnabled(app.db, 'REGMOBVERF3')) &&
        (await flagEnabled(app.db, by === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3'));
      if (!enabled) throw new ApiError(403, SMS_ERRORS.disabled, 'Operation not enabled: contact customer service');
      const mobile = parseMobile(request.body.mobileNo, request.body.countryDialingCode, await mobileRule(app.db));
      // a taken number is told apart by nobody (issue 15, hardening 11): the same limits, the same answer and
      // timing (delivered after answering), no message; before, a 409 answered ahead of any limit
      const taken = await mobileTaken(app.db, mobile.national);
      return ok(
        await sendCode(app, request, {
          purpose: 'register',
          target: mobile.e164,
          channel: 'sms',
          to: taken ? null : mobile.e164,
          lang: requestLang(request),
          background: true,
        }),
      );
    },
  );
};
