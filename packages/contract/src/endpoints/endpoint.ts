import type { z } from '../zod.js';
import type { Menu } from '../schemas/roles.js';

/**
 * Who may call an endpoint: anyone; a fully signed-in session; or a session that
 * has passed the password step but still owes its one-time code; or a client's back office
 * with an API key (versioned routes only: a session never opens them, a key opens nothing else);
 * or a client's identity provider with a connection's provisioning token (the SCIM routes only).
 */
export type EndpointAccess = 'public' | 'session' | 'pendingMfa' | 'apiKey' | 'scimToken';

export type Upload =
  { kind: 'multipart'; parts: z.ZodMiniObject; partTypes: Record<string, string> } | { kind: 'file'; mediaTypes: readonly string[] };

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path exactly as the specification writes it; the server matches it case-insensitively. */
  path: string;
  summary: string;
  access: EndpointAccess;
  /**
   * The menu entry a signed-in role must hold to call it at all. Checked before the body is
   * read, so a caller without it learns nothing of the request's shape.
   */
  menu?: Menu;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  /**
   * A body that is not JSON, which the route reads itself: the parts of a multipart form (each
   * part's media type beside its schema), or a file sent as it is. Declared so the API's
   * description tells a client what to send.
   */
  upload?: Upload;
  /**
   * The call is counted (per address, person or name: sign-in attempts, codes sent, heavy
   * downloads) and refused with 429 past its limit.
   */
  throttled?: true;
  /**
   * Served in a customer view, where a member of staff sees a customer's portal: a call that only
   * reads as the customer ('read'), or that opens a document's file, as far as the client lets
   * its staff ('preview', 'download'). Every other signed-in call is refused in a view (403).
   */
  customerView?: 'read' | 'preview' | 'download';
  /** Absent for answers that are files rather than JSON. */
  response?: z.ZodMiniType;
  /** The media types of an answer that is a file: a client reads its body as bytes. */
  fileAnswer?: readonly string[];
}

/** Keeps each declaration's literal types while checking it is an Endpoint. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodMiniType ? z.infer<E['response']> : Blob;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodMiniType ? z.input<E['params']> : undefined;
