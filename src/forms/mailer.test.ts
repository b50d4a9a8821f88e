import { describe, expect, it } from 'vitest';
import { defineForm } from './define-form.ts';
import { localMailer, sendEmailMailer } from './mailer.ts';
import { emailText } from './notify.ts';

const message = { to: ['inbox@example.com', 'b@example.com'], from: 'forms@example.com', subject: 'New', text: 'Hello\nthere', replyTo: 'ana@example.com' };

describe('mailers', () => {
  it('sendEmailMailer passes the structured message to the binding and rejects with it', async () => {
    const sent: unknown[] = [];
    await sendEmailMailer({ send: async (m) => void sent.push(m) }).send(message);
    const { replyTo: _r, ...noReply } = message;
    await sendEmailMailer({ send: async (m) => void sent.push(m) }).send(noReply);
    expect(sent).toEqual([message, noReply]);
    expect(Object.hasOwn(sent[1] as object, 'replyTo')).toBe(false);
    const refused = sendEmailMailer({
      send: async () => {
        throw new Error('sender not allowed');
      },
    });
    await expect(refused.send(message)).rejects.toThrow('sender not allowed');
    expect(() => sendEmailMailer(undefined as never)).toThrow(TypeError);
  });

  it('localMailer writes the whole message in one block', async () => {
    const out: string[] = [];
    await localMailer((text) => out.push(text)).send(message);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('From: forms@example.com');
    expect(out[0]).toContain('To: inbox@example.com, b@example.com');
    expect(out[0]).toContain('Reply-To: ana@example.com');
    expect(out[0]).toContain('Subject: New');
    expect(out[0]).toContain('Hello\nthere');
  });

  it('the notification text lists the declared fields in order', () => {
    const form = defineForm({
      name: 'contact',
      fields: { name: { type: 'text', label: 'Name' }, agree: { type: 'checkbox' }, message: { type: 'longtext' }, phone: { type: 'text' } },
    });
    const text = emailText(form, { id: 7, createdAt: 0, data: { name: 'Ana', agree: true, message: 'one\ntwo' } });
    expect(text).toBe(
      [
        'A new submission to the form "contact":',
        '',
        'Name: Ana',
        'agree: yes',
        'message:',
        '  one',
        '  two',
        'phone: (empty)',
        '',
        'Received: 1970-01-01T00:00:00.000Z',
        'Submission id: 7',
      ].join('\n'),
    );
  });
});
