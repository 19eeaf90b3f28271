import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireScimConnection } from '../plugins/scim.plugin.js';
import { presentScimGroup, presentScimList, presentScimUser, SCIM_SERVICE_PROVIDER_CONFIG } from '../presenters/scim.presenter.js';
import type { ScimGroupsService } from '../services/scim/scim-groups.service.js';
import type { ScimService } from '../services/scim/scim.service.js';
import { bindEndpoint } from './bind-endpoint.js';

export function registerScimRoutes(
  app: FastifyInstance,
  deps: { scim: ScimService; scimGroups: ScimGroupsService },
  options: { publicUrl: string },
) {
  const user = (row: Parameters<typeof presentScimUser>[0]) => presentScimUser(row, options.publicUrl);

  bindEndpoint(app, endpoints.scimServiceProviderConfig, async () => SCIM_SERVICE_PROVIDER_CONFIG);

  bindEndpoint(app, endpoints.listScimUsers, async (request) =>
    presentScimList(await deps.scim.list(requireScimConnection(request), request.query), user),
  );

  bindEndpoint(app, endpoints.createScimUser, async (request, reply) => {
    const created = user(await deps.scim.create(requireScimConnection(request), request.body));
    return reply.status(201).header('location', created.meta.location).send(created);
  });

  bindEndpoint(app, endpoints.getScimUser, async (request) => user(await deps.scim.get(requireScimConnection(request), request.params.id)));

  bindEndpoint(app, endpoints.replaceScimUser, async (request) =>
    user(await deps.scim.replace(requireScimConnection(request), request.params.id, request.body)),
  );

  bindEndpoint(app, endpoints.patchScimUser, async (request) =>
    user(await deps.scim.patch(requireScimConnection(request), request.params.id, request.body)),
  );

  bindEndpoint(app, endpoints.deleteScimUser, async (request, reply) => {
    await deps.scim.remove(requireScimConnection(request), request.params.id);
    return reply.status(204).send();
  });

  const group = (row: Parameters<typeof presentScimGroup>[0]) => presentScimGroup(row, options.publicUrl);

  bindEndpoint(app, endpoints.listScimGroups, async (request) =>
    presentScimList(await deps.scimGroups.list(requireScimConnection(request), request.query), group),
  );

  bindEndpoint(app, endpoints.createScimGroup, async (request, reply) => {
    const created = group(await deps.scimGroups.create(requireScimConnection(request), request.body));
    return reply.status(201).header('location', created.meta.location).send(created);
  });

  bindEndpoint(app, endpoints.getScimGroup, async (request) =>
    group(await deps.scimGroups.get(requireScimConnection(request), request.params.id)),
  );

  bindEndpoint(app, endpoints.replaceScimGroup, async (request) =>
    group(await deps.scimGroups.replace(requireScimConnection(request), request.params.id, request.body)),
  );

  bindEndpoint(app, endpoints.patchScimGroup, async (request) =>
    group(await deps.scimGroups.patch(requireScimConnection(request), request.params.id, request.body)),
  );

  bindEndpoint(app, endpoints.deleteScimGroup, async (request, reply) => {
    await deps.scimGroups.remove(requireScimConnection(request), request.params.id);
    return reply.status(204).send();
  });
}
