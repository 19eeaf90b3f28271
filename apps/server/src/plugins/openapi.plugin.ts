import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { endpointAreas, type Endpoint } from '@portal/contract';
import { describeErrorAnswers, describeFileAnswer, describeUpload, ERROR_SCHEMAS } from './openapi-answers.js';
import { SESSION_COOKIE } from './session.plugin.js';

/** Where the description is served: the browsable page here, the document itself at `/json` (and `/yaml`) below it. */
export const API_DOCS_PATH = '/api/docs';

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session the sign-in sets: after the password (POST /login/processlogin) it opens only the one-time code ' +
      'step; after the code (POST /login/mfacodevalidation) every call the person’s role allows.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A client’s API key (`cpk_…`), made in the portal; it opens the versioned routes (`/api/v1`) only.',
  },
  scimToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The provisioning token (`scim_…`) of one of a client’s identity provider connections; it opens the SCIM routes (`/scim/v2`) only.',
  },
} as const;

/** Which scheme opens a call; a public call needs neither (a session, when there is one, may still change its answer). */
function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  if (endpoint.access === 'public') return [];
  if (endpoint.access === 'apiKey') return [{ apiKey: [] }];
  return [endpoint.access === 'scimToken' ? { scimToken: [] } : { session: [] }];
}

interface NamedEndpoint {
  name: string;
  area: string;
  endpoint: Endpoint;
}

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const namedEndpoints: NamedEndpoint[] = Object.entries(endpointAreas).flatMap(([area, calls]) =>
  Object.entries(calls).map(([name, endpoint]) => ({ name, area, endpoint })),
);
const byRoute = new Map(namedEndpoints.map((named) => [routeKey(named.endpoint.method, named.endpoint.path), named]));
const byName = new Map(namedEndpoints.map((named) => [named.name, named]));

/** The first sentence of a contract summary, as the operation's title; the whole text is its description. */
function titleOf(summary: string): string {
  const end = summary.search(/[.;:](\s|$)/);
  return end === -1 ? summary : summary.slice(0, end);
}

type RouteTransform = typeof jsonSchemaTransform;

/** Each route's zod schemas as JSON schemas, and what its contract declaration says of it. */
const describeRoute: RouteTransform = (input) => {
  const described = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  const named = byRoute.get(routeKey(String(methods[0]), input.url));
  if (!named || described.schema.hide) return described;
  const { name, area, endpoint } = named;
  return {
    url: described.url,
    schema: {
      ...described.schema,
      operationId: name,
      summary: titleOf(endpoint.summary),
      description: endpoint.summary,
      tags: [area],
      security: securityOf(endpoint),
    },
  };
};

type Document = Record<string, unknown> & {
  paths?: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown>; requestBody?: unknown }>>;
  components?: Record<string, unknown>;
};

/**
 * What a route's schemas cannot say, added to the whole document: the refusals each call can meet,
 * the bodies and answers that are not JSON and the areas named as tags.
 */
function completeDocument({ openapiObject }: { openapiObject: Partial<Document> }): Document {
  const document = openapiObject as Document;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const named = operation.operationId === undefined ? undefined : byName.get(operation.operationId);
      if (!named) continue;
      operation.responses = { ...operation.responses, ...describeErrorAnswers(named.endpoint) };
      if (named.endpoint.upload) operation.requestBody = describeUpload(named.endpoint.upload);
      if (named.endpoint.fileAnswer) operation.responses['200'] = describeFileAnswer(named.endpoint.fileAnswer);
    }
  }
  const components = document.components ?? {};
  return {
    ...document,
    tags: Object.keys(endpointAreas).map((name) => ({ name })),
    components: {
      ...components,
      schemas: { ...(components.schemas as Record<string, unknown> | undefined), ...ERROR_SCHEMAS },
    },
  };
}

/** The API's OpenAPI description, built from the contract's declarations, and its browsable page. */
async function openapiPlugin(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Customer portal API',
        version: '1.0.0',
        description: 'Every call answers JSON `{ success: false, error, msg }` on failure, where `error` is a translation key.',
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeRoute,
    transformObject: completeDocument as never,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
}

export default fp(openapiPlugin, { name: 'openapi' });
