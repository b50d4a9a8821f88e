export { PAY_API_VERSION, PAY_BASE_URL, payRequest, type PayOptions } from './request.ts';
export { encodePayForm, type PayParams, type PayFormValue } from './form.ts';
export { createPaymentIntent, retrievePaymentIntent, confirmPaymentIntent, type CartItem, type PaymentIntent } from './payment-intents.ts';
export { verifyPaySignature } from './webhook.ts';
export { ensureCustomer, type PayAddress, type PayCustomer } from './customers.ts';
export { createAndSendInvoice, createLineItemInvoice, type InvoiceLineItem, type Invoice } from './invoices.ts';
