import { describe, expect, it } from 'vitest';
import { extendCspPolicy } from '../../../../src/security/csp.ts';
import { posApplicationIdEnvironment } from '../pos/index.ts';
import { POS_WEB_SDK_URLS, posWebPaymentsCsp } from './index.ts';

describe('posApplicationIdEnvironment', () => {
  it('reads the environment from the id format', () => {
    expect(posApplicationIdEnvironment('sandbox-sq0idb-2x8Qa1b2C3d4E5f6G7h8')).toBe('sandbox');
    expect(posApplicationIdEnvironment('sq0idp-2x8Qa1b2C3d4E5f6G7h8')).toBe('production');
  });

  it('is null for anything else', () => {
    for (const id of [
      '',
      'sq0idb-2x8Qa1b2C3d4E5f6G7h8',
      'sandbox-sq0idp-2x8Qa1b2C3d4E5f6G7h8',
      'sq0idp-',
      ' sq0idp-2x8Qa1b2C3d4E5f6G7h8',
      'sq0idp-2x8Q a1b2C3d4',
      null,
      42,
    ]) {
      expect(posApplicationIdEnvironment(id)).toBeNull();
    }
  });
});

describe('posWebPaymentsCsp', () => {
  const origin = (url: string) => new URL(url).origin;

  it('allows both environments by default, including the script origin of each SDK', () => {
    const csp = posWebPaymentsCsp();
    expect(csp.script).toEqual(expect.arrayContaining([origin(POS_WEB_SDK_URLS.sandbox), origin(POS_WEB_SDK_URLS.production)]));
    expect(csp.connect).toEqual(expect.arrayContaining(['https://pci-connect.squareupsandbox.com', 'https://pci-connect.squareup.com']));
    expect(csp.frame.length).toBeGreaterThan(0);
    expect(csp.style).toEqual(expect.arrayContaining(['https://square-fonts-production-f.squarecdn.com']));
    expect(csp.font).toEqual(expect.arrayContaining(['https://square-fonts-production-f.squarecdn.com']));
  });

  it('narrows to one environment when asked, and never lists an origin twice', () => {
    const csp = posWebPaymentsCsp({ environments: ['production'] });
    const all = Object.values(csp).flat();
    expect(all.some((o) => o.includes('sandbox'))).toBe(false);
    for (const list of Object.values(csp)) expect(new Set(list).size).toBe(list.length);
  });

  it('adds wallet origins only when asked', () => {
    expect(posWebPaymentsCsp().script).not.toContain('https://pay.google.com');
    expect(posWebPaymentsCsp({ wallets: ['googlePay'] }).script).toContain('https://pay.google.com');
  });

  it('refuses unknown environments and wallets instead of silently allowing nothing', () => {
    expect(() => posWebPaymentsCsp({ environments: [] })).toThrow(TypeError);
    expect(() => posWebPaymentsCsp({ environments: ['staging' as 'sandbox'] })).toThrow(TypeError);
    expect(() => posWebPaymentsCsp({ wallets: ['paypal' as 'googlePay'] })).toThrow(TypeError);
  });

  it('merges into a site policy with extendCspPolicy', () => {
    const policy = extendCspPolicy("default-src 'self'; script-src 'self'; style-src 'self'", posWebPaymentsCsp({ environments: ['sandbox'] }));
    expect(policy).toContain("script-src 'self' https://sandbox.web.squarecdn.com");
    expect(policy).toContain("frame-src 'self' https://sandbox.web.squarecdn.com");
    expect(policy).toContain("font-src 'self' https://square-fonts-production-f.squarecdn.com");
  });
});
