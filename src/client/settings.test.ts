import { describe, expect, it, vi } from 'vitest';
import { barActions, type BarActionDeps } from './bar-actions.ts';
import { findSettings, openSettings, SETTINGS_SELECTOR } from './settings.ts';

/** A `<dialog>` as far as openSettings can tell: an event target with `open` and `showModal`. */
function dialog(open = false) {
  const target = Object.assign(new EventTarget(), { open, showModal: vi.fn() });
  return target;
}

const deps = (openSettingsFn: (() => void) | null): BarActionDeps => ({
  transport: {} as never,
  docs: [],
  editParam: 'edit',
  manual: false,
  publish: true,
  openSettings: openSettingsFn,
  flush: async () => {},
  unsaved: () => false,
  say: () => {},
  leave: () => {},
  refresh: () => {},
});

describe('the Settings button', () => {
  it('is offered only when the page declares a settings panel', () => {
    expect(barActions(deps(null)).settings).toBeUndefined();
    const open = () => {};
    expect(barActions(deps(open)).settings).toBe(open);
  });

  it('finds the panel by data-cms-settings', () => {
    const querySelector = vi.fn(() => null);
    expect(findSettings({ querySelector } as unknown as ParentNode)).toBeNull();
    expect(querySelector).toHaveBeenCalledWith(SETTINGS_SELECTOR);
  });

  it('dispatches a bubbling, cancelable cms:open-settings on the panel, then opens a dialog panel', () => {
    const panel = dialog();
    const seen: Event[] = [];
    panel.addEventListener('cms:open-settings', (event) => seen.push(event));
    openSettings(panel);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ bubbles: true, cancelable: true, composed: true });
    expect(panel.showModal).toHaveBeenCalledOnce();
  });

  it('leaves the opening to a listener that prevents the default, and never reopens an open dialog', () => {
    const handled = dialog();
    handled.addEventListener('cms:open-settings', (event) => event.preventDefault());
    openSettings(handled);
    expect(handled.showModal).not.toHaveBeenCalled();
    const open = dialog(true);
    openSettings(open);
    expect(open.showModal).not.toHaveBeenCalled();
  });

  it('on a panel that is not a dialog only dispatches the event (the site opens it)', () => {
    const panel = new EventTarget();
    const listener = vi.fn();
    panel.addEventListener('cms:open-settings', listener);
    expect(() => openSettings(panel)).not.toThrow();
    expect(listener).toHaveBeenCalledOnce();
  });
});
