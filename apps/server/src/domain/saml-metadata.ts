import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** What the portal needs of a SAML identity provider, read from its metadata. */
export interface SamlIdentityProvider {
  entityId: string;
  /** Its single sign-on address for the HTTP-Redirect binding. */
  ssoUrl: string;
  /** Its signing certificate, base64 DER as the metadata holds it. */
  certificate: string;
  /** Its single logout address for the HTTP-Redirect binding, when it offers one. */
  logoutUrl: string | null;
}

const select = xpath.useNamespaces({
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
});

/**
 * The identity provider an EntityDescriptor describes, or undefined when it lacks its entity id,
 * a sign-on address for the redirect binding, or a certificate for signing. The metadata is not
 * trusted for more: the certificate it names is the one the connection's administrator chose.
 */
export function readIdentityProviderMetadata(xml: string): SamlIdentityProvider | undefined {
  let document: Document;
  try {
    document = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return undefined;
  }
  const valueOf = (expression: string): string | undefined => {
    const found = select(expression, document as unknown as Node, true) as Node | undefined;
    const value = found?.nodeValue ?? found?.textContent ?? undefined;
    return value?.trim() || undefined;
  };
  const entityId = valueOf('/md:EntityDescriptor/@entityID');
  const ssoUrl = valueOf(`//md:IDPSSODescriptor/md:SingleSignOnService[@Binding='${REDIRECT_BINDING}']/@Location`);
  const certificate = valueOf(
    "//md:IDPSSODescriptor/md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate",
  )?.replace(/\s+/g, '');
  if (!entityId || !ssoUrl || !certificate || !/^https?:\/\//.test(ssoUrl)) return undefined;
  const logoutUrl = valueOf(`//md:IDPSSODescriptor/md:SingleLogoutService[@Binding='${REDIRECT_BINDING}']/@Location`);
  return { entityId, ssoUrl, certificate, logoutUrl: logoutUrl && /^https?:\/\//.test(logoutUrl) ? logoutUrl : null };
}
