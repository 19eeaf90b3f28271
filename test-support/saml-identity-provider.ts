/**
 * Shared by the server's integration tests and the browser tests: a SAML 2.0 identity provider as
 * a client's organisation runs one, with a key and certificate the test makes. It reads the
 * portal's requests (HTTP-Redirect binding) and writes responses whose assertion it signs with
 * xml-crypto, as ADFS and Entra ID do; options make the responses a provider must never have
 * accepted (another audience, stale or early times, no signature, another key's signature).
 */
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

export interface SamlPerson {
  email: string;
  givenName: string;
  familyName: string;
  groups?: string[];
  /** The authentication context class the provider says it used; password when absent. */
  context?: string;
}

export interface SamlKeys {
  privateKey: string;
  certificate: string;
}

export interface ResponseOptions {
  person: SamlPerson;
  /** The portal's request this answers. */
  inResponseTo: string;
  audience: string;
  recipient: string;
  /** Shifts the assertion's validity window, in seconds (negative: in the past). */
  shiftSeconds?: number;
  signedWith?: SamlKeys | null;
}

const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

export async function makeSamlKeys(commonName = 'Test identity provider'): Promise<SamlKeys> {
  const pems = await generate([{ name: 'commonName', value: commonName }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, certificate: pems.cert };
}

/** The provider's metadata, as its administrator hands it to the portal's. */
export function identityProviderMetadata(entityId: string, ssoUrl: string, keys: SamlKeys, logoutUrl?: string): string {
  const logout = logoutUrl
    ? `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escape(logoutUrl)}"/>`
    : '';
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escape(entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(keys.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    ${logout}<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escape(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** A request of the portal's, as the redirect binding carries it, as XML. */
export function redirectedXml(url: string, parameter = 'SAMLRequest'): string {
  return inflateRawSync(Buffer.from(new URL(url).searchParams.get(parameter)!, 'base64')).toString('utf8');
}

/** The portal's request, as the redirect binding carries it: its id and where to post the answer. */
export function readAuthnRequest(url: string): { id: string; acsUrl: string; relayState: string | null } {
  const address = new URL(url);
  const xml = inflateRawSync(Buffer.from(address.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  return {
    id: /\sID="([^"]+)"/.exec(xml)![1]!,
    acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
    relayState: address.searchParams.get('RelayState'),
  };
}

/** An assertion for the person, unsigned. */
export function assertionXml(issuer: string, options: ResponseOptions, id = `_${randomUUID()}`): string {
  const now = Date.now() + (options.shiftSeconds ?? 0) * 1000;
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
  const { person } = options;
  const attribute = (name: string, values: string[]) =>
    `<saml:Attribute Name="${name}">${values.map((value) => `<saml:AttributeValue>${escape(value)}</saml:AttributeValue>`).join('')}</saml:Attribute>`;
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${at(0)}">` +
    `<saml:Issuer>${escape(issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(person.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escape(options.inResponseTo)}" NotOnOrAfter="${at(300)}" Recipient="${escape(options.recipient)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${at(-30)}" NotOnOrAfter="${at(300)}"><saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>${person.context ?? PASSWORD_CONTEXT}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attribute('email', [person.email])}${attribute('given_name', [person.givenName])}${attribute('family_name', [person.familyName])}${attribute('groups', person.groups ?? [])}</saml:AttributeStatement>` +
    `</saml:Assertion>`
  );
}

/** Signs an assertion (enveloped, exclusive canonicalisation, RSA-SHA256), its signature after its issuer. */
export function signAssertion(xml: string, keys: SamlKeys): string {
  const signature = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return signature.getSignedXml();
}

/** A Response around the given assertions, as the provider posts it (base64). */
export function responseOf(issuer: string, options: Pick<ResponseOptions, 'inResponseTo' | 'recipient'>, assertions: string): string {
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" ` +
    `IssueInstant="${new Date().toISOString()}" Destination="${escape(options.recipient)}" InResponseTo="${escape(options.inResponseTo)}">` +
    `<saml:Issuer>${escape(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `${assertions}</samlp:Response>`;
  return Buffer.from(xml).toString('base64');
}

/** The usual answer: one assertion, signed with `signedWith` (the provider's keys) unless null. */
export function signedResponse(issuer: string, keys: SamlKeys, options: ResponseOptions): string {
  const assertion = assertionXml(issuer, options);
  const signer = options.signedWith === undefined ? keys : options.signedWith;
  return responseOf(issuer, options, signer ? signAssertion(assertion, signer) : assertion);
}

/**
 * XML signature wrapping: the provider's genuinely signed assertion for one person, and beside it
 * an unsigned one for another, as an attacker who holds a signed response would send it.
 */
export function wrappedResponse(issuer: string, keys: SamlKeys, genuine: ResponseOptions, forged: SamlPerson): string {
  const signed = signAssertion(assertionXml(issuer, genuine), keys);
  const evil = assertionXml(issuer, { ...genuine, person: forged });
  return responseOf(issuer, genuine, `${evil}${signed}`);
}
