import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { PHONE_DEFAULT_COUNTRY } from '../constants.js';

/** A phone number in E.164 (+15145550123), or null when it is not a valid number. */
export function toE164(value: string, defaultCountry: CountryCode = PHONE_DEFAULT_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** (514) 555-0123 for a North American number of 12 characters (+1 and ten digits), else as given. */
export function formatPhoneForDisplay(e164: string): string {
  if (e164.length === 12 && e164.startsWith('+1')) {
    return `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
  }
  return e164;
}
