export * from './constants.js';
export * from './schemas/fields.js';
export * from './schemas/roles.js';
export * from './schemas/errors.js';
export * from './schemas/session.js';
export * from './schemas/branding.js';
export * from './schemas/account.js';
export * from './endpoints/endpoint.js';
export { endpoints, type EndpointName } from './endpoints/index.js';
