import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ivBytes = 12;
const tagBytes = 16;

/** Seals short secrets (OAuth tokens) for storage: AES-256-GCM, a fresh 12-byte IV per value. */
export interface SecretBox {
  /** iv (12 bytes) + tag (16 bytes) + ciphertext. */
  seal(plain: string): Buffer;
  /** The sealed text; throws when the value was changed or sealed under another key or purpose. */
  open(sealed: Uint8Array): string;
}

/**
 * A box keyed from the app's secret with HKDF-SHA256 and a purpose label, so a key for one use
 * never opens another's values and the secret itself never touches the data. `purpose` is also
 * bound as additional data.
 */
export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'keywright', `keywright:${purpose}`, 32));
  const aad = Buffer.from(purpose, 'utf8');
  return {
    seal(plain) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
    },
    open(sealed) {
      const bytes = Buffer.from(sealed);
      if (bytes.length < ivBytes + tagBytes) throw new Error('Sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
      decipher.setAAD(aad);
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
      return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
    },
  };
}
