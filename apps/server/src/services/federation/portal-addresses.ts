import { endpoints } from '@portal/contract';

/** The portal's own addresses an identity provider's administrator registers, below its public address. */
export interface PortalAddresses {
  /** OpenID Connect: where the provider sends the person back. */
  redirectUri: string;
  /** SAML: the portal's entity id, and where the provider posts its response. */
  samlEntityId: string;
  assertionConsumerUrl: string;
  /** Where a provider sends the browser after ending its own session. */
  afterLogoutUri: string;
}

export function portalAddressesOf(publicUrl: string): PortalAddresses {
  return {
    redirectUri: `${publicUrl}${endpoints.finishFederatedSignIn.path}`,
    samlEntityId: `${publicUrl}/auth/saml`,
    assertionConsumerUrl: `${publicUrl}${endpoints.finishSamlSignIn.path}`,
    afterLogoutUri: `${publicUrl}/`,
  };
}
