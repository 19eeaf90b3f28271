import { ERROR_KEYS, type ChosenReportInput } from '@portal/contract';
import type { ReportAccessRepository } from '../db/repositories/report-access.repository.js';
import type { OfferedReport } from '../db/repositories/subscriptions.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import type { Transact } from '../db/transact.js';
import { AppError } from '../errors.js';
import type { SubscriptionService } from './subscriptions.service.js';

/**
 * Subscriptions added by a signed-in USER of a client with onboarding: the same proof as at
 * registration, added as another criteria group, so one person may hold several owners' data.
 */
export function createOnboardingService(deps: {
  subscriptions: SubscriptionService;
  reportAccess: ReportAccessRepository;
  transact: Transact;
}) {
  function assertAvailable(user: UserWithOrganisation) {
    if (user.role_code !== 'USER' || !user.onboarding_enabled) {
      throw new AppError(403, ERROR_KEYS.onboardingUnavailable, 'Subscriptions are not available for this account.');
    }
  }

  async function accessibleIds(userId: number): Promise<number[]> {
    const access = await deps.reportAccess.accessOf(userId);
    return [...access].filter(([, a]) => a.hasAccess && a.groups.length > 0).map(([reportId]) => reportId);
  }

  return {
    /** The types the user may subscribe to, and those it already sees documents of. */
    async list(user: UserWithOrganisation): Promise<{ offered: OfferedReport[]; accessibleReportIds: number[] }> {
      assertAvailable(user);
      const offered = await deps.subscriptions.offered(user.client_id);
      return { offered, accessibleReportIds: await accessibleIds(user.id) };
    },

    async subscribe(user: UserWithOrganisation, chosen: ChosenReportInput[], ignoreDuplicates: boolean): Promise<number[]> {
      assertAvailable(user);
      const subscriptions = await deps.subscriptions.resolve(user.client_id, chosen);
      await deps.subscriptions.assertAcceptable(subscriptions, {
        exceptUserId: user.id,
        ignoreDuplicates,
        blockDuplicates: user.block_duplicates,
      });
      await deps.transact((trx) => deps.subscriptions.grant(user.id, subscriptions, trx));
      return accessibleIds(user.id);
    },
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
