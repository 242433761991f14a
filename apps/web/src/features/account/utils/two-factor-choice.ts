import { TwoFactorText, type TwoFactorMethod } from '@rackdesk/contract';

/** The methods as the Security tab names them (portal spec §3 "2FA method"). */
export const twoFactorMethodLabels: Record<TwoFactorMethod, string> = {
  none: 'None',
  google_authenticator: 'Authenticator app',
  email: 'E-mail',
};

/** Why a method choice cannot be sent, in the spec's words (§8), or null when it can. */
export function twoFactorChoiceError(choice: string, current: TwoFactorMethod): string | null {
  if (!(choice in twoFactorMethodLabels)) return TwoFactorText.methodRequired;
  if (choice === current) return TwoFactorText.sameMethod;
  return null;
}

/** Leaving a method, for another one or for none, needs a code of the current one (§4). */
export const needsCurrentCode = (current: TwoFactorMethod) => current !== 'none';
