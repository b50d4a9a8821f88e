import { encodeHexLowerCase } from '@oslojs/encoding';

const encoder = new TextEncoder();

/** Hex SHA-256 of text (UTF-8) or bytes: rate-limit keys that must not carry an email, content addresses of files. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
}
