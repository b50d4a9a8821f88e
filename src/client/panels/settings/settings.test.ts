import { describe, expect, it, vi } from 'vitest';
import { barActions, type BarActionDeps } from '../../core/bar-actions.ts';
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
  it('is offered only when there is a settings panel to open', () => {
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

  it('opens the built-in panel on a settings element that is not a dialog, unless a listener prevents it', () => {
    const builtIn = vi.fn();
    const element = new EventTarget();
    openSettings(element, builtIn);
    expect(builtIn).toHaveBeenCalledOnce();
    element.addEventListener('cms:open-settings', (event) => event.preventDefault());
    openSettings(element, builtIn);
    expect(builtIn).toHaveBeenCalledOnce();
  });

  it('a dialog panel opens as before and the built-in panel does not', () => {
    const builtIn = vi.fn();
    const panel = dialog();
    openSettings(panel, builtIn);
    expect(panel.showModal).toHaveBeenCalledOnce();
    expect(builtIn).not.toHaveBeenCalled();
  });

  it('without a settings element dispatches on the document, then opens the built-in panel unless prevented', () => {
    const doc = new EventTarget();
    vi.stubGlobal('document', doc);
    try {
      const builtIn = vi.fn();
      const seen: Event[] = [];
      doc.addEventListener('cms:open-settings', (event) => seen.push(event));
      openSettings(null, builtIn);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ cancelable: true });
      expect(builtIn).toHaveBeenCalledOnce();
      doc.addEventListener('cms:open-settings', (event) => event.preventDefault());
      openSettings(null, builtIn);
      expect(builtIn).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the Inbox button', () => {
  it('is offered only when the site mounted the submissions route', () => {
    expect(barActions(deps(null)).inbox).toBeUndefined();
    const open = () => {};
    expect(barActions({ ...deps(null), openInbox: open }).inbox).toBe(open);
  });
});
