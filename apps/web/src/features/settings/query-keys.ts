export const settingsKeys = {
  accountStatus: () => ['accountStatus'] as const,
  userInfo: () => ['userInfo'] as const,
  digestPreference: () => ['digestPreference'] as const,
  ownSessions: () => ['ownSessions'] as const,
  signInHistory: () => ['signInHistory'] as const,
  trustedDevices: () => ['trustedDevices'] as const,
  passkeys: () => ['passkeys'] as const,
};
