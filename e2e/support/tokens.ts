// Access tokens as the server would have issued them some time ago: signed with the run's
// JWT_SECRET (playwright.config.ts) but already expired, so the portal meets a real 418 without
// any test waiting for a token to age (DESIGN §6).
import { SignJWT } from 'jose';

const signingKey = () => process.env.E2E_JWT_SECRET as string;

export async function expiredAccessToken(userId: string, role: 'site-manager' | 'user') {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(signingKey()));
}
