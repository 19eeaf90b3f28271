import { PAGE_BRANDING_ELEMENT_ID, PageBrandingSchema, type ExperienceBranding } from '@portal/contract';

/**
 * The branding the server wrote into the page, when it is the one this experience code asks
 * for: the first screen is drawn with it instead of after a round trip to the branding call
 * (seconds on a slow phone network). Anything else (no element, another experience, a malformed
 * value) gives undefined, and the call is made as usual.
 */
export function pageBrandingFor(experienceCode: string | undefined): ExperienceBranding | undefined {
  const text = document.getElementById(PAGE_BRANDING_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = PageBrandingSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.askedCode === (experienceCode ?? null) ? parsed.data.branding : undefined;
  } catch {
    return undefined;
  }
}
