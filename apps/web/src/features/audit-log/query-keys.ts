import type { AuditListQueryInput } from '@portal/contract';

const ROOT = ['auditLog'] as const;

export const auditLogKeys = {
  all: ROOT,
  options: () => [...ROOT, 'options'] as const,
  list: (query: AuditListQueryInput) => [...ROOT, 'list', query] as const,
};
