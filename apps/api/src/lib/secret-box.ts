import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts short secrets the panel must keep only until it has used them (an ordered server's
 * root password, until provisioning set it): AES-256-GCM under a key derived from APP_SECRET, so
 * a database dump alone reveals nothing and a changed or tampered value is refused, not misread.
 * Every instance must share APP_SECRET (as the README asks) to open what another sealed.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(appSecret: string) {
    // A key of its own for this use: the captcha's HMAC and this cipher never share one.
    this.#key = Buffer.from(hkdfSync('sha256', appSecret, 'rackdesk', 'secret-box:v1', 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext; throws when the value was not sealed with this APP_SECRET or was altered. */
  open(sealed: string): string {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
      throw new Error('Not a sealed secret');
    }
    const decipher = createDecipheriv(ALGORITHM, this.#key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
