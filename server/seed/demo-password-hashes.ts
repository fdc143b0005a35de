import { hashPassword, isOutdatedPasswordHash } from '../security/passwords';

/**
 * The demo accounts' passwords hashed once, at the current PASSWORD_COST: hashing seven passwords
 * at OWASP's cost on every seed (each test file seeds its own database) would add seconds of CPU
 * per seed. The passwords are published in the README, so a salt shared by every installation
 * gives nothing away. Keyed by the password itself: a demo password changed in accounts.ts without
 * a new entry here is hashed at seed time instead (and tests/server/password-hashing.test.ts
 * points at it, as it does at entries left behind by a change of PASSWORD_COST).
 */
export const precomputedDemoPasswordHashes: Readonly<Record<string, string>> = {
  buyer123:
    'scrypt$16384$8$5$ua-0zns5HkeAqX6P1a1LhQ$P0BIKS9JES3t8N8uHr8yOD_uzX5FC4Alg1QyN_LWRcVQCXNGeDGbvaqgRya_CnrDjW0Ufdfh-232JZEzIqUmGg',
  colleague123:
    'scrypt$16384$8$5$rwW8x2X6SO_PXp136G2Bjw$K9Ug9FMy2D-y3athggmkUxnkM5OO5osNIygTUM2SJfJMKNpL_pMFrsWWSFNtqPlM2DUxGD5taOgkWAXHXl9Vyw',
  other123:
    'scrypt$16384$8$5$dfnqc8f-qpMZYcbmmybnwg$u9uDwLscEHAHKv8mIgdsyWe8zJIbw1CLg_FeHJlZGuFfRHR-YFHkacCttAB0S-qFKC8x-5vrLtE3tDgxCmYQGA',
  demo123:
    'scrypt$16384$8$5$HwflhWZLyMcBOFeHZSwRBg$pLHdf-uRDMDDvbXJhQyN1rAEne-pz9D_eWw8PwLBXwrLIDoFiNZjH3CpGrPox-6-JQ7QirkerduxeZnelklX6g',
  inactive123:
    'scrypt$16384$8$5$YfYANLv6mnv5GwVWpp8lDQ$dPLpwmsR3I9FEqjzGW7FtBJzBojQHfd_60LR99wUfXx7cg_1yhOoHUBjoTqf-VQ1MhY0tFKOIIgXt6RgFjedNg',
  private123:
    'scrypt$16384$8$5$VCsFPkOZlSL5_Pjqck877Q$52PFAUxy7SNNBFyqOmgXWQusOFQKiRoGYwHPGtzT91aLxmN2twaCYBkJy4764Pm3bb4Xn62cXiqGCfX0oIfoWw',
  owner123:
    'scrypt$16384$8$5$w-Dutgjjejji5p3uOnjXvQ$whg5HRKuUFE90zdZqkSNLaXPbXwMevFsVIK3d9NIJgXnMjsWcYCIeJ-qvL1a-gjP9MnFIDdlBnHQQcybKmanjw',
};

/** The stored hash for a demo account's password: the precomputed one, or a fresh one. */
export function demoPasswordHash(password: string): Promise<string> {
  const precomputed = precomputedDemoPasswordHashes[password];
  // a test run hashes at its light cost (passwords.ts), where hashing on the spot costs nothing
  return precomputed && !isOutdatedPasswordHash(precomputed)
    ? Promise.resolve(precomputed)
    : hashPassword(password);
}
