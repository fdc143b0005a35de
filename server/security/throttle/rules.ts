/** At most `limit` counted events of a bucket within the last `windowMs`. */
export interface Rule {
  limit: number;
  windowMs: number;
}

/** Failed sign-ins allowed (the sign-in limits tests and TRUST_PROXY set-ups pass around). */
export interface ThrottleLimits {
  /** failed sign-ins allowed per username within the window */
  perUsername: number;
  /** failed sign-ins allowed per client address within the window (an office shares one address) */
  perAddress: number;
  windowMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perUsername: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

const MINUTE = 60_000;

/** Every limit of the throttle. Only failures count for credential checks, every request for the rest. */
export interface ThrottleRules {
  signInPerUsername: Rule;
  signInPerAddress: Rule;
  /** wrong current passwords of the signed-in password change, per user */
  changePasswordPerUser: Rule;
  /** wrong reset codes per client address, whatever the e-mail (each code also allows 5 tries) */
  resetCodePerAddress: Rule;
  /** password-reset requests: each sends a mail */
  resetRequestPerEmail: Rule;
  resetRequestPerAddress: Rule;
  registrationPerAddress: Rule;
  /** registrations from everywhere together: each one that passes costs a password hash */
  registrationPerMinute: Rule;
  errorReportPerAddress: Rule;
  /** error reports from everywhere together: the table must not fill faster than anyone reads it */
  errorReportPerMinute: Rule;
}

export const defaultThrottleRules: ThrottleRules = {
  signInPerUsername: { limit: defaultThrottleLimits.perUsername, windowMs: defaultThrottleLimits.windowMs },
  signInPerAddress: { limit: defaultThrottleLimits.perAddress, windowMs: defaultThrottleLimits.windowMs },
  changePasswordPerUser: { limit: 5, windowMs: 15 * MINUTE },
  resetCodePerAddress: { limit: 20, windowMs: 15 * MINUTE },
  resetRequestPerEmail: { limit: 3, windowMs: 15 * MINUTE },
  resetRequestPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  // an office may register a few companies; the browser journeys register about 15 from one machine
  registrationPerAddress: { limit: 20, windowMs: 60 * MINUTE },
  registrationPerMinute: { limit: 30, windowMs: MINUTE },
  errorReportPerAddress: { limit: 20, windowMs: MINUTE },
  errorReportPerMinute: { limit: 300, windowMs: MINUTE },
};

/** The default rules with other sign-in limits. */
export function throttleRulesWith(signIn: ThrottleLimits): ThrottleRules {
  return {
    ...defaultThrottleRules,
    signInPerUsername: { limit: signIn.perUsername, windowMs: signIn.windowMs },
    signInPerAddress: { limit: signIn.perAddress, windowMs: signIn.windowMs },
  };
}
