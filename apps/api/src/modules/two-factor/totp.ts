import { generateSecret, generateURI, verify } from 'otplib';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Rackdesk', label: email, secret });
}

/**
 * Checks a 6-digit code with one 30-second step of tolerance each way (clock drift). Returns the
 * time step it belongs to, which the caller records so the same code cannot be used twice.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterTimeStep?: number,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterTimeStep !== undefined ? { afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
