/**
 * A stand-in for the provider's web-payments script (`square.js`), served by
 * the fake Pos server so the card form runs with no network. It keeps the
 * real script's shape where the site touches it: `Square.payments(appId,
 * locationId)` refuses an application id of the wrong format, `.card()`
 * returns a card whose `attach(selector)` mounts the fields in a cross-origin
 * iframe (so the page's frame-src and script-src are exercised as with the
 * real one), and `tokenize()` resolves `{ status: 'OK', token }` or
 * `{ status: 'Invalid', errors }`. The tokens are the provider's sandbox test
 * nonces: `cnon:card-nonce-ok`, or `cnon:card-nonce-declined` for the
 * declining test card 4000 0000 0000 0002.
 */

export function webPaymentsScript(origin: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  function card() {
    let frame = null;
    return {
      async attach(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('card.attach: no element matches ' + target);
        frame = document.createElement('iframe');
        frame.src = ORIGIN + '/__fake/card-frame';
        frame.title = 'Secure card payment input frame';
        frame.style.cssText = 'border:0;width:100%;height:3.25rem;display:block';
        host.replaceChildren(frame);
        await new Promise((resolve, reject) => {
          frame.addEventListener('load', resolve, { once: true });
          frame.addEventListener('error', () => reject(new Error('card frame did not load')), { once: true });
        });
      },
      tokenize() {
        if (!frame) return Promise.reject(new Error('card.tokenize before attach'));
        return new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          frame.contentWindow.postMessage({ type: 'tokenize' }, ORIGIN, [channel.port2]);
        });
      },
      async destroy() { frame?.remove(); frame = null; return true; },
    };
  }
  window.Square = {
    payments(appId, locationId) {
      if (!/^(sandbox-sq0idb|sq0idp)-[A-Za-z0-9_-]{10,}$/.test(String(appId))) throw new Error('InvalidApplicationIdError: ' + appId);
      if (!locationId) throw new Error('InvalidLocationIdError');
      return { card: async () => card() };
    },
  };
})();
`;
}

/** The card fields inside the iframe: number, expiry, CVV and postcode, checked as the real form checks them before a token is made. */
export const CARD_FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card</title>
<style>
  body { margin: 0; font: 16px system-ui, sans-serif; }
  form { display: grid; grid-template-columns: 2fr 1fr 1fr 1fr; gap: .4rem; }
  input { font: inherit; padding: .55rem; border: 1px solid #767676; border-radius: 4px; min-width: 0; }
  label { position: absolute; left: -9999px; }
</style></head>
<body><form>
  <label for="n">Card number</label><input id="n" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="Card number">
  <label for="e">Expiry</label><input id="e" name="expirationDate" autocomplete="cc-exp" placeholder="MM/YY">
  <label for="c">CVV</label><input id="c" name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="CVV">
  <label for="p">Postcode</label><input id="p" name="postalCode" autocomplete="postal-code" placeholder="Postcode">
</form>
<script>
  const value = (id) => document.getElementById(id).value.replace(/\\s+/g, '');
  window.addEventListener('message', (event) => {
    if (event.data?.type !== 'tokenize' || !event.ports[0]) return;
    const number = value('n');
    const errors = [];
    if (!/^\\d{13,19}$/.test(number)) errors.push({ field: 'cardNumber', type: 'VALIDATION_ERROR', message: 'Card number is not valid' });
    if (!/^(0[1-9]|1[0-2])\\/\\d{2}$/.test(value('e'))) errors.push({ field: 'expirationDate', type: 'VALIDATION_ERROR', message: 'Expiration date is not valid' });
    if (!/^\\d{3,4}$/.test(value('c'))) errors.push({ field: 'cvv', type: 'VALIDATION_ERROR', message: 'CVV is not valid' });
    if (errors.length) return event.ports[0].postMessage({ status: 'Invalid', errors });
    const token = number === '4000000000000002' ? 'cnon:card-nonce-declined' : 'cnon:card-nonce-ok';
    event.ports[0].postMessage({ status: 'OK', token, details: { card: { brand: 'VISA', last4: number.slice(-4) } } });
  });
</script></body></html>`;
