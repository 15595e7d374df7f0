import { registrationOptions } from '../member/registration-options';
import type { FastifyPluginAsync } from 'fastify';
import { ok, replies } from '../../http/envelope';
import { encryptCsPath } from './cs-path';
import { domainRoute, groupResources, loadRegistrationRules, loadWhitelabelTree, systemStatusCode } from './system.data';
import { domainRouteValue, permissionValue, registrationRules, statusValue, whitelabelTree } from './system.schemas';

const tags = ['system'];

/** Public system information: status gate, permission info, whitelabel flags, registration rules. */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/status',
    {
      schema: {
        tags,
        summary: 'System status gate',
        description: 'Answers from a settings cache of about 2 s: cheap enough for every storefront boot.',
        response: replies(statusValue),
      },
    },
    async (request) => {
      const settings = await app.settings.get();
      return ok({
        status: systemStatusCode(settings, request.ip),
        ip: request.ip,
        maintenance: settings.maintenance,
        regionRestriction: settings.regionRestriction,
      });
    },
  );

  app.get(
    '/permission',
    {
      schema: {
        tags,
        summary: 'Permission info: everything the storefront needs to configure itself',
        response: replies(permissionValue),
      },
    },
    async (request) => {
      const settings = await app.settings.get();
      const [whitelabel, registrationFieldRules, customerService, options] = await Promise.all([
        loadWhitelabelTree(app.db),
        loadRegistrationRules(app.db),
        Promise.all(
          (settings.customerService ?? []).map(async (cs) => ({ csType: cs.csType, path: await encryptCsPath(cs.path) })),
        ),
        registrationOptions(app),
      ]);
      return ok({
        customerService,
        domainRoute: domainRoute(settings),
        resources: groupResources(settings.resources),
        whitelabel,
        registrationFieldRules,
        mainDomain: settings.mainDomain,
        gtagId: settings.gtagId ?? null,
        location: { ip: request.ip },
        imageCDNs: settings.imageCDNs ?? [],
        launchGameCDNs: settings.launchGameCDNs ?? [],
        maintenance: settings.maintenance,
        regionRestriction: settings.regionRestriction,
        supportHours: settings.supportHours,
        registrationAge: options.registrationAge,
        dialingCodes: options.dialingCodes,
      });
    },
  );

  app.get(
    '/whitelabel',
    {
      schema: { tags, summary: 'Whitelabel feature flags as a tree', response: replies(whitelabelTree) },
    },
    async () => ok(await loadWhitelabelTree(app.db)),
  );

  app.get(
    '/domainRoute',
    {
      schema: {
        tags,
        summary: 'Domain route',
        description:
          'Decided by the server (the original platform does not show it): the canonical host (mainDomain), ' +
          'every host the storefront is served on (domains), and the API path prefix valid on each (apiBase, "/wps").',
        response: replies(domainRouteValue),
      },
    },
    async () => ok(domainRoute(await app.settings.get())),
  );

  app.get(
    '/setting/register',
    {
      schema: { tags, summary: 'Registration field rules', response: replies(registrationRules) },
    },
    async () => ok(await loadRegistrationRules(app.db)),
  );
};
