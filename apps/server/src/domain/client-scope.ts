/**
 * Which clients an action may touch: all of them, or only one. Permissions decide it and
 * repositories filter by it, so it lives below both.
 */
export type ClientScope = { kind: 'allClients' } | { kind: 'ownClient'; clientId: number };

export function isClientInScope(scope: ClientScope, clientId: number): boolean {
  return scope.kind === 'allClients' || scope.clientId === clientId;
}
