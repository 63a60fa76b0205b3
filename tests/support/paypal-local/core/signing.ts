import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * PayPal's webhook signature: SHA256withRSA over `transmission_id|transmission_time|webhook_id|crc32`,
 * where crc32 is the unsigned decimal CRC-32 of the exact body bytes. PayPal signs with a key whose
 * certificate sits at `PAYPAL-CERT-URL`; paypal-local signs with its own key and publishes the
 * public key there (a PEM public key, not an X.509 certificate: the product is expected to verify
 * through `/v1/notifications/verify-webhook-signature`, which checks the signature for real).
 */
export function signedMessage(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;
}

export function newSigningKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function signTransmission(privatePem: string, message: string): string {
  return sign('sha256', Buffer.from(message, 'utf8'), createPrivateKey(privatePem)).toString('base64');
}

export function verifyTransmission(privatePem: string, message: string, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), createPublicKey(privatePem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export function publicKeyPem(privatePem: string): string {
  return createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
}
