import type { CodeSent } from '../services/mfa.service.js';
import { maskEmail, maskPhone } from './user.presenter.js';

/** Where the code went, masked, and how long before another may be asked for. */
export function presentCodeSent(sent: CodeSent): { target: string; nextResendSeconds: number } {
  return {
    target: sent.channel === 'sms' ? maskPhone(sent.destination) : maskEmail(sent.destination),
    nextResendSeconds: sent.nextResendSeconds,
  };
}
