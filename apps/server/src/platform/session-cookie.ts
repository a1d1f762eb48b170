import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '@portal/contract';

/**
 * The session token as an HttpOnly cookie (DESIGN.md section 3): SameSite=Lax, Secure over HTTPS,
 * until the session expires. The page never reads it; the gateway accepts it like the header.
 */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { path: '/' });
}
