// The shop page in the browser: a cart kept in localStorage at the prices
// the buyer saw; checkout sends it as is, and when the server answers 409
// `{ issues }` (a price changed, a product went away) the buyer is shown
// each change and asked before `repairCart` applies them. Then payment, and
// the wait for Pay's webhook to mark the order paid.
import { formatMoney, repairCart, type CartIssue, type CartLine } from 'louise/commerce';

interface Line extends CartLine {
  title: string;
}

const STORAGE_KEY = 'louise-shop-cart';
const POLL_MS = 500;
const POLL_TRIES = 60;

export function startShop(root: HTMLElement | null): void {
  if (!root) return;
  const currency = root.dataset['currency'] ?? 'usd';
  const money = (amount: number) => formatMoney({ amount, currency }, { locale: 'en-US' });
  const $ = <E extends HTMLElement>(selector: string) => root.querySelector<E>(selector) as E;
  const list = $('[data-cart-lines]');
  const total = $('[data-cart-total]');
  const issuesBox = $('[data-cart-issues]');
  const checkout = $<HTMLButtonElement>('[data-checkout]');
  const payForm = $<HTMLFormElement>('[data-pay]');
  const status = $('[data-shop-status]');
  let lines = readCart();
  let order: string | null = null;

  const say = (text: string, tone: 'ok' | 'problem' | '' = '') => {
    status.textContent = text;
    status.dataset['tone'] = tone;
  };
  const save = () => localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));

  function render(): void {
    list.replaceChildren(
      ...lines.map((line, index) => {
        const item = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = `${line.quantity} × ${line.title}, ${money(line.price)} each`;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'link';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', `Remove ${line.title}`);
        remove.addEventListener('click', () => {
          lines = lines.filter((_, i) => i !== index);
          changed();
        });
        item.append(label, remove);
        return item;
      }),
    );
    const sum = lines.reduce((acc, line) => acc + line.price * line.quantity, 0);
    $('[data-cart-empty]').hidden = lines.length > 0;
    total.hidden = lines.length === 0;
    total.textContent = `Total ${money(sum)}`;
    checkout.hidden = lines.length === 0 || order !== null;
  }

  /** The cart changed: any order started for the old cart is dropped (a new checkout makes a new one). */
  function changed(): void {
    order = null;
    payForm.hidden = true;
    issuesBox.hidden = true;
    save();
    render();
  }

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-add]')) {
    button.addEventListener('click', () => {
      const variantId = button.dataset['add'] ?? '';
      const price = Number(button.dataset['price']);
      const same = lines.find((line) => line.variantId === variantId && line.price === price);
      if (same) same.quantity += 1;
      else lines.push({ variantId, price, quantity: 1, title: button.dataset['title'] ?? variantId });
      changed();
      say(`Added ${button.dataset['title']} to your cart.`);
    });
  }

  checkout.addEventListener('click', async () => {
    checkout.disabled = true;
    say('Checking your cart…');
    try {
      const res = await post('/api/shop/checkout', { lines: lines.map(({ variantId, quantity, price }) => ({ variantId, quantity, price })) });
      const body = await res.json();
      if (res.status === 409 && Array.isArray(body.issues)) return showIssues(body.issues);
      if (!res.ok) return say(body.message ?? 'Checkout failed. Try again.', 'problem');
      order = body.order;
      $('[data-pay-total]').textContent = body.total;
      payForm.hidden = false;
      checkout.hidden = true;
      say(`Your total is ${body.total}. Choose a card to pay.`);
      payForm.querySelector<HTMLInputElement>('input:checked')?.focus();
    } catch {
      say('The shop did not answer. Check your connection and try again.', 'problem');
    } finally {
      checkout.disabled = false;
    }
  });

  function showIssues(issues: CartIssue[]): void {
    const title = (id: string) => lines.find((line) => line.variantId === id)?.title ?? id;
    const items = issues.map((issue) => {
      const li = document.createElement('li');
      if (issue.kind === 'price-changed') li.textContent = `${title(issue.variantId)} now costs ${money(issue.price)} (was ${money(issue.was)}).`;
      else if (issue.kind === 'modifier-unavailable') li.textContent = 'An option you chose is no longer offered.';
      else li.textContent = `${title(issue.variantId)} is no longer available.`;
      return li;
    });
    const heading = document.createElement('p');
    heading.textContent = 'Something changed since you added it to your cart:';
    const ul = document.createElement('ul');
    ul.append(...items);
    const accept = document.createElement('button');
    accept.type = 'button';
    accept.className = 'button';
    accept.textContent = 'Update my cart';
    accept.addEventListener('click', () => {
      lines = repairCart(lines, issues).lines;
      changed();
      say('Your cart is up to date. Check out when you are ready.');
      checkout.focus();
    });
    issuesBox.replaceChildren(heading, ul, accept);
    issuesBox.hidden = false;
    // Checking out again would only find the same changes: the buyer decides first.
    checkout.hidden = true;
    say('');
    accept.focus();
  }

  payForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!order) return;
    const submit = payForm.querySelector('button') as HTMLButtonElement;
    submit.disabled = true;
    say('Paying…');
    try {
      const paymentMethod = new FormData(payForm).get('paymentMethod');
      const res = await post('/api/shop/pay', { order, paymentMethod });
      const body = await res.json();
      if (!res.ok) return say(body.message ?? 'The payment failed. Try again.', 'problem');
      say('Payment accepted. Confirming your order…');
      if (await paid(order)) {
        say(`Paid. Thank you! Your order number is ${order.slice(0, 8)}.`, 'ok');
        lines = [];
        order = null;
        payForm.hidden = true;
        save();
        render();
      } else say('Your payment went through; the order confirmation is taking longer than usual. We will email you.', 'problem');
    } catch {
      say('The shop did not answer. Check your connection and try again.', 'problem');
    } finally {
      submit.disabled = false;
    }
  });

  render();
}

/** Waits for Pay's webhook to mark the order paid (the server never trusts the browser's word for it). */
async function paid(order: string): Promise<boolean> {
  for (let i = 0; i < POLL_TRIES; i++) {
    const res = await fetch(`/api/shop/orders/${order}`, { headers: { accept: 'application/json' } });
    if (res.ok && (await res.json()).status === 'paid') return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The stored cart, or empty when missing or not a cart (a hand-edited value never breaks the page). */
function readCart(): Line[] {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(data)) return [];
    return data.filter(
      (line): line is Line =>
        typeof line?.variantId === 'string' &&
        Number.isInteger(line.quantity) &&
        line.quantity > 0 &&
        Number.isInteger(line.price) &&
        typeof line.title === 'string',
    );
  } catch {
    return [];
  }
}
