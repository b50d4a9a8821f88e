/**
 * Browser-safe helpers for the Pos web-payments card form: which environment
 * a public application id belongs to, where the provider's script lives, and
 * the Content-Security-Policy origins the form needs. Nothing here talks to
 * the API or holds a secret, so a page or a client bundle may import it.
 */

export type PosWebEnvironment = 'sandbox' | 'production';
export type PosWallet = 'googlePay' | 'applePay';

/** The web-payments script per environment; load the one matching the server's `environment`. */
export const POS_WEB_SDK_URLS: Readonly<Record<PosWebEnvironment, string>> = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
};

/** Origin lists per CSP directive, to add to the page's own policy (for example with `extendCsp` from `louise/security`). */
export interface PosWebPaymentsCsp {
  script: string[];
  style: string[];
  frame: string[];
  connect: string[];
  font: string[];
}

const BY_ENVIRONMENT: Readonly<Record<PosWebEnvironment, PosWebPaymentsCsp>> = {
  sandbox: {
    script: ['https://sandbox.web.squarecdn.com', 'https://js.squareupsandbox.com'],
    style: ['https://sandbox.web.squarecdn.com'],
    // The card fields and the buyer-verification (3-D Secure) challenge are frames.
    frame: ['https://sandbox.web.squarecdn.com', 'https://connect.squareupsandbox.com'],
    connect: ['https://pci-connect.squareupsandbox.com', 'https://connect.squareupsandbox.com', 'https://sandbox.web.squarecdn.com'],
    font: [],
  },
  production: {
    script: ['https://web.squarecdn.com', 'https://js.squareup.com'],
    style: ['https://web.squarecdn.com'],
    frame: ['https://web.squarecdn.com', 'https://connect.squareup.com'],
    connect: ['https://pci-connect.squareup.com', 'https://connect.squareup.com', 'https://web.squarecdn.com'],
    font: [],
  },
};

// The form's typeface comes from the provider's font hosts in both environments: as a stylesheet and as font files.
const FONT_HOSTS = ['https://square-fonts-production-f.squarecdn.com', 'https://d1g145x70srn7h.cloudfront.net'];

const WALLETS: Readonly<Record<PosWallet, Partial<PosWebPaymentsCsp>>> = {
  googlePay: { script: ['https://pay.google.com'], frame: ['https://pay.google.com'], connect: ['https://pay.google.com', 'https://google.com/pay'] },
  applePay: { script: ['https://applepay.cdn-apple.com'], connect: ['https://apple-pay-gateway.apple.com'] },
};

/**
 * The origins the provider's web-payments card form needs, per directive:
 * `script`, `style`, `frame`, `connect` and `font`. Both environments are
 * allowed by default, so one static policy serves sandbox and production;
 * pass `environments: ['production']` only when the policy is computed per
 * request. Add the style and font origins too, not only the script: without
 * them the form loads but renders unstyled, with fallback fonts.
 *
 * @example
 * const pos = posWebPaymentsCsp();
 * return extendCsp(response, pos); // merges into the page's existing policy
 */
export function posWebPaymentsCsp(options: { wallets?: readonly PosWallet[]; environments?: readonly PosWebEnvironment[] } = {}): PosWebPaymentsCsp {
  const environments = options.environments ?? ['sandbox', 'production'];
  if (environments.length === 0) throw new TypeError('posWebPaymentsCsp environments must name at least one of sandbox, production');
  const parts: Partial<PosWebPaymentsCsp>[] = [];
  for (const environment of environments) {
    const part = BY_ENVIRONMENT[environment];
    if (!part) throw new TypeError(`posWebPaymentsCsp environment must be sandbox or production, got ${JSON.stringify(environment)}`);
    parts.push(part);
  }
  parts.push({ style: FONT_HOSTS, font: FONT_HOSTS });
  for (const wallet of options.wallets ?? []) {
    const part = WALLETS[wallet];
    if (!part) throw new TypeError(`posWebPaymentsCsp wallet must be googlePay or applePay, got ${JSON.stringify(wallet)}`);
    parts.push(part);
  }
  const merged = (key: keyof PosWebPaymentsCsp) => [...new Set(parts.flatMap((part) => part[key] ?? []))];
  return { script: merged('script'), style: merged('style'), frame: merged('frame'), connect: merged('connect'), font: merged('font') };
}
