import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { RateLimiter } from './http/rate-limiter.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { EventBus } from './modules/events/event-bus.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';

/** The services of one API instance, built once from the configuration and the database. */
export interface AppContext {
  config: Config;
  database: Database;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  events: EventBus;
  captcha: CaptchaService;
  auth: AuthService;
}

export function createAppContext(config: Config, database: Database, log: FastifyBaseLogger): AppContext {
  const rateLimiter = new RateLimiter(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: config.mailDir,
    log,
  });
  const events = new EventBus(database, log);
  const captcha = new CaptchaService(database.db, config.appSecret, config.captcha);
  const auth = new AuthService({
    database,
    rateLimiter,
    captcha,
    mailer,
    events,
    publicUrl: config.publicUrl,
    log,
  });
  return { config, database, rateLimiter, mailer, events, captcha, auth };
}
