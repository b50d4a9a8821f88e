// The POS page's card form: loads the provider's web-payments script (or the
// local fake's stand-in), mounts its card fields, and pays through
// POST /api/pos/pay with the one-time token the fields produce. The card
// number never reaches this page's code: it stays inside the provider's frame.

interface TokenResult {
  status: string;
  token?: string;
  errors?: { message?: string }[];
}
interface Card {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<TokenResult>;
}
declare global {
  interface Window {
    Square?: { payments(appId: string, locationId: string): { card(): Promise<Card> } };
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

export async function startPosPayment(form: HTMLFormElement): Promise<void> {
  const status = form.querySelector<HTMLElement>('[data-pos-status]') as HTMLElement;
  const submit = form.querySelector<HTMLButtonElement>('[data-pos-submit]') as HTMLButtonElement;
  const host = form.querySelector<HTMLElement>('[data-pos-card]') as HTMLElement;
  const say = (text: string, tone: 'ok' | 'problem' | 'info' = 'info') => {
    status.textContent = text;
    status.dataset['tone'] = tone;
  };

  let card: Card;
  try {
    await loadScript(form.dataset['sdk'] ?? '');
    if (!window.Square) throw new Error('the card script did not start');
    card = await window.Square.payments(form.dataset['appId'] ?? '', form.dataset['location'] ?? '').card();
    await card.attach(host);
  } catch {
    host.textContent = '';
    say('The card form could not load. Reload the page to try again.', 'problem');
    return;
  }
  submit.disabled = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    submit.disabled = true;
    say('Paying…');
    try {
      const result = await card.tokenize();
      if (result.status !== 'OK' || !result.token) {
        say(
          result.errors
            ?.map((e) => e.message)
            .filter(Boolean)
            .join('. ') || 'Check the card details and try again.',
          'problem',
        );
        return;
      }
      const data = new FormData(form);
      const [itemId, variationId] = String(data.get('item') ?? '').split(':');
      const res = await fetch('/api/pos/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ locationId: data.get('locationId'), itemId, variationId, quantity: Number(data.get('quantity')), token: result.token }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string; total?: string; receipt?: string };
      if (res.ok) say(`Paid ${body.total ?? ''}. Receipt ${body.receipt ?? ''}.`, 'ok');
      else say(body.message ?? 'The payment did not go through. Try again.', 'problem');
    } catch {
      say('The payment could not be sent. Check your connection and try again.', 'problem');
    } finally {
      submit.disabled = false;
    }
  });
}
