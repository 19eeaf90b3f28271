import { createHash } from 'node:crypto';
import { ERROR_KEYS } from '@portal/contract';
import type { ConnectionLogRepository } from '../db/repositories/connection-log.repository.js';
import type { TrustedDevicesRepository } from '../db/repositories/trusted-devices.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import { browserFamilyOf, networkOf } from '../domain/client-origin.js';
import { AppError } from '../errors.js';
import { createSecret, hashSecret } from './tokens.js';

/** The cookie holding a trusted device's token, sent only to the sign-in calls. */
export const TRUSTED_DEVICE_COOKIE = 'portal_trusted_device';
export const TRUSTED_DEVICE_COOKIE_PATH = '/login';

/** Failed attempts on the account within the last hour past which even a trusted device is asked for the code. */
const FAILURE_BURST = 3;
const FAILURE_WINDOW_MS = 3_600_000;

/**
 * What a trusted device rests on: the password and the second step's settings. When any of
 * them changes (a new password, a reset, another channel or address for codes, the second step
 * turned off or on), the stamp changes and every device trusted before is void.
 */
function securityStampOf(user: UserWithOrganisation): string {
  const parts = [user.password_hash, user.mfa_active, user.mfa_type, user.email, user.phone_number];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

interface Context {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Devices a person trusts for a number of days, so that the password alone signs them in there:
 * never instead of the password, and not when the sign-in looks unlike the device's own (another
 * network, another browser family, a burst of failures on the account). See decision record 018.
 */
export function createTrustedDevicesService(deps: {
  devices: TrustedDevicesRepository;
  connectionLog: ConnectionLogRepository;
  /** 0: nobody may trust a device. */
  days: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const offeredTo = (user: UserWithOrganisation) => deps.days > 0 && user.trusted_devices_allowed && user.mfa_active;

  return {
    /** The days a device may be trusted for, when this person may trust one. */
    daysOfferedTo: (user: UserWithOrganisation): number | undefined => (offeredTo(user) ? deps.days : undefined),

    /** Whether this sign-in, its password already right, may skip the code on the device of this token. */
    async admits(user: UserWithOrganisation, token: string | undefined, context: Context): Promise<boolean> {
      if (!token || !offeredTo(user)) return false;
      const device = await deps.devices.findLive(user.id, hashSecret(token), now());
      if (!device) return false;
      if (device.security_stamp !== securityStampOf(user)) {
        await deps.devices.deleteById(device.id);
        return false;
      }
      const network = networkOf(context.ip);
      if (!network || !device.networks.includes(network)) return false;
      if (browserFamilyOf(context.userAgent) !== device.browser_family) return false;
      const since = new Date(now().getTime() - FAILURE_WINDOW_MS);
      if ((await deps.connectionLog.countFailuresSince(user.id, since)) >= FAILURE_BURST) return false;
      await deps.devices.markUsed(device.id, now());
      return true;
    },

    /** Trusts the device that has just passed the code step; any token it held before is void. */
    async trust(user: UserWithOrganisation, previousToken: string | undefined, context: Context) {
      if (!offeredTo(user)) return undefined;
      if (previousToken) await deps.devices.deleteByTokenHash(hashSecret(previousToken));
      const { secret, hash } = createSecret();
      const expiresAt = new Date(now().getTime() + deps.days * 86_400_000);
      await deps.devices.create({
        userId: user.id,
        tokenHash: hash,
        securityStamp: securityStampOf(user),
        browserFamily: browserFamilyOf(context.userAgent),
        network: networkOf(context.ip) ?? 'unknown',
        userAgent: context.userAgent,
        expiresAt,
      });
      return { token: secret, expiresAt };
    },

    list: (userId: number) => deps.devices.listLive(userId, now()),

    async remove(userId: number, publicId: string): Promise<void> {
      if ((await deps.devices.deleteByPublicId(userId, publicId)) === 0) throw new AppError(404, ERROR_KEYS.notFound, 'No such device');
    },
  };
}
export type TrustedDevicesService = ReturnType<typeof createTrustedDevicesService>;
